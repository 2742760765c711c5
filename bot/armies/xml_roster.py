"""BattleScribe roster XML (`.ros`, and the member of a `.rosz`) read into a `tree.Roster`.

Parsed with `defusedxml` (entity expansion and external entities are refused), whatever the
namespace, attribute order or empty-element style of the writer (pitfall 12).
"""

from __future__ import annotations

from collections.abc import Iterator
from xml.etree.ElementTree import Element, ParseError

import defusedxml.ElementTree as SafeTree
from defusedxml import DefusedXmlException

from bot.armies.reading import Budget, bad, clean, cost, number
from bot.armies.tree import Force, Profile, Roster, Rule, Selection
from bot.errors import BadFile

NOT_BATTLESCRIBE = "That XML file is not a BattleScribe roster."


def read_xml(data: bytes) -> Roster:
    """The roster in `data`, or `BadFile` with one sentence saying why not."""
    root = _parse(data)
    if _local(root.tag) != "roster":
        raise BadFile(NOT_BATTLESCRIBE)
    budget = Budget()
    return Roster(
        name=clean(root.get("name")),
        game_system=clean(root.get("gameSystemName")),
        forces=tuple(_forces(root, budget, 0)),
    )


def _parse(data: bytes) -> Element:
    try:
        return SafeTree.fromstring(data)
    except DefusedXmlException:
        raise bad("its XML declares entities, which Vox never expands") from None
    except ParseError as error:
        line = error.position[0] if error.position else "?"
        raise bad(f"its XML is broken (line {line})") from None


def _local(tag: object) -> str:
    return str(tag).rpartition("}")[2]


def _items(elem: Element, wrapper: str) -> Iterator[Element]:
    """The elements inside `elem`'s child `wrapper` (`selections` → each `selection`)."""
    for child in elem:
        if _local(child.tag) == wrapper:
            yield from child


def _forces(elem: Element, budget: Budget, depth: int) -> Iterator[Force]:
    """Every force, sub-forces included (a force can hold `forces` of its own)."""
    for force in _items(elem, "forces"):
        budget.enter(depth + 1)
        yield Force(
            catalogue=clean(force.get("catalogueName")),
            rules=_rules(force),
            selections=tuple(_selection(s, budget, depth + 1) for s in _items(force, "selections")),
        )
        yield from _forces(force, budget, depth + 1)


def _selection(elem: Element, budget: Budget, depth: int) -> Selection:
    budget.enter(depth)
    return Selection(
        name=clean(elem.get("name")),
        type=clean(elem.get("type")),
        number=number(elem.get("number")),
        profiles=tuple(_profile(p) for p in _items(elem, "profiles")),
        rules=_rules(elem),
        categories=tuple(clean(c.get("name")) for c in _items(elem, "categories")),
        costs=tuple(
            (str(c.get("name", "")), cost(c.get("value", 0))) for c in _items(elem, "costs")
        ),
        children=tuple(_selection(s, budget, depth + 1) for s in _items(elem, "selections")),
    )


def _profile(elem: Element) -> Profile:
    return Profile(
        type_name=clean(elem.get("typeName")),
        name=clean(elem.get("name")),
        characteristics=tuple(
            (clean(c.get("name")), clean(c.text)) for c in _items(elem, "characteristics")
        ),
    )


def _rules(elem: Element) -> tuple[Rule, ...]:
    return tuple(
        Rule(name=clean(r.get("name")), description=_description(r)) for r in _items(elem, "rules")
    )


def _description(rule: Element) -> str:
    return next((clean(c.text) for c in rule if _local(c.tag) == "description"), "")

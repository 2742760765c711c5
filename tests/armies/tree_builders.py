"""Test-only builders of `bot.armies.tree` values: from a real roster's XML (`.ros`, or the one
member of a `.rosz`), from New Recruit's JSON, or from a small dict written in a test. They read
what the 9th and defences tests need and nothing more; the real readers live in `bot.armies`."""

from __future__ import annotations

import io
import json
import zipfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from xml.etree.ElementTree import Element

from defusedxml import ElementTree

from bot.armies.tree import Force, Profile, Roster, Rule, Selection

ROSTERS = Path(__file__).resolve().parent.parent / "data" / "rosters"
_NS = "{http://www.battlescribe.net/schema/rosterSchema}"


def load(relative: str) -> Roster:
    """The roster in `tests/data/rosters/<relative>` (`.ros`, `.rosz` or New Recruit `.json`)."""
    data = (ROSTERS / relative).read_bytes()
    if relative.endswith(".json"):
        return _json_roster(json.loads(data))
    if relative.endswith(".rosz"):
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            data = archive.read(archive.namelist()[0])
    return _xml_roster(ElementTree.fromstring(data))


def selections(roster: Roster) -> Iterator[Selection]:
    """Every top-level selection of every force."""
    for force in roster.forces:
        yield from force.selections


def unit(roster: Roster, name: str) -> Selection:
    """The first top-level selection called `name`."""
    return next(s for s in selections(roster) if s.name == name)


def _children(element: Element, wrapper: str, tag: str) -> list[Element]:
    found = element.find(_NS + wrapper)
    return [] if found is None else found.findall(_NS + tag)


def _xml_profile(e: Element) -> Profile:
    chars = tuple(
        (c.get("name", ""), (c.text or "").strip())
        for c in _children(e, "characteristics", "characteristic")
    )
    return Profile(e.get("typeName", ""), e.get("name", ""), chars)


def _xml_rule(e: Element) -> Rule:
    return Rule(e.get("name", ""), (e.findtext(_NS + "description") or "").strip())


def _xml_selection(e: Element) -> Selection:
    return Selection(
        name=e.get("name", ""),
        type=e.get("type", ""),
        number=int(e.get("number", "1")),
        profiles=tuple(_xml_profile(p) for p in _children(e, "profiles", "profile")),
        rules=tuple(_xml_rule(r) for r in _children(e, "rules", "rule")),
        categories=tuple(c.get("name", "") for c in _children(e, "categories", "category")),
        costs=tuple(
            (c.get("name", ""), float(c.get("value", "0"))) for c in _children(e, "costs", "cost")
        ),
        children=tuple(_xml_selection(s) for s in _children(e, "selections", "selection")),
    )


def _xml_roster(root: Element) -> Roster:
    forces = tuple(
        Force(
            f.get("catalogueName", ""),
            tuple(_xml_rule(r) for r in _children(f, "rules", "rule")),
            tuple(_xml_selection(s) for s in _children(f, "selections", "selection")),
        )
        for f in _children(root, "forces", "force")
    )
    return Roster(root.get("name", ""), root.get("gameSystemName", ""), forces)


def _json_roster(doc: dict[str, Any]) -> Roster:
    roster = doc["roster"]
    forces = tuple(
        Force(
            f.get("catalogueName", ""),
            tuple(Rule(r["name"], r.get("description", "")) for r in f.get("rules", [])),
            tuple(build(s) for s in f.get("selections", [])),
        )
        for f in roster["forces"]
    )
    return Roster(roster.get("name", ""), roster.get("gameSystemName", ""), forces)


def build(spec: dict[str, Any]) -> Selection:
    """A selection from a dict shaped like New Recruit's JSON (`name`, `type`, `number`,
    `profiles[{typeName, name, characteristics[{name, $text}]}]`, `rules[{name, description}]`,
    `categories[{name}]`, `costs[{name, value}]`, `selections[...]`), every key optional but
    `name`."""
    return Selection(
        name=spec["name"],
        type=spec.get("type", "upgrade"),
        number=int(spec.get("number", 1)),
        profiles=tuple(
            Profile(
                p.get("typeName", ""),
                p["name"],
                tuple(
                    (c["name"], str(c.get("$text", "")).strip())
                    for c in p.get("characteristics", [])
                ),
            )
            for p in spec.get("profiles", [])
        ),
        rules=tuple(Rule(r["name"], r.get("description", "")) for r in spec.get("rules", [])),
        categories=tuple(c["name"] for c in spec.get("categories", [])),
        costs=tuple((c["name"], float(c["value"])) for c in spec.get("costs", [])),
        children=tuple(build(s) for s in spec.get("selections", [])),
    )


def profile(type_name: str, name: str, **characteristics: str) -> Profile:
    """A profile written in a test: `profile("Weapon", "Boltgun", Range='24"', S="4")`."""
    return Profile(type_name, name, tuple(characteristics.items()))


def profiles(selection: Selection) -> Iterator[Profile]:
    """Every profile of `selection` and of its children, in document order."""
    yield from selection.profiles
    for child in selection.children:
        yield from profiles(child)

"""New Recruit's JSON roster (the roster schema as JSON) read into a `tree.Roster`.

The same tree as the XML: attributes are plain keys (with real numbers), characteristic text is
under `"$text"`, rule text under `"description"`, and every collection is an array. The roster is
the top-level object or sits under a `"roster"` key. Missing keys are tolerated; a value of the
wrong type is `BadFile`.
"""

from __future__ import annotations

from collections.abc import Iterator

from bot.armies.reading import Budget, bad, clean, cost, number
from bot.armies.tree import Force, Profile, Roster, Rule, Selection
from bot.errors import BadFile

NOT_NEW_RECRUIT = "That JSON file is not a New Recruit roster."
TEXT_KEYS = ("$text", "#text", "text", "value")


def read_json(doc: object) -> Roster:
    """The roster in the parsed JSON value `doc`, or `BadFile` with one sentence."""
    root = doc.get("roster", doc) if isinstance(doc, dict) else None
    if not isinstance(root, dict) or not ("forces" in root or "gameSystemName" in root):
        raise BadFile(NOT_NEW_RECRUIT)
    budget = Budget()
    return Roster(
        name=_text(root, "name"),
        game_system=_text(root, "gameSystemName"),
        forces=tuple(_forces(root, budget, 0)),
    )


def _items(obj: dict[str, object], key: str) -> Iterator[dict[str, object]]:
    """The objects of `obj[key]` (an array; a lone object is taken as an array of one)."""
    value = obj.get(key)
    if value is None:
        return
    if isinstance(value, dict):
        value = [value]
    if not isinstance(value, list):
        raise bad(f"its {key!r} is not a list")
    for item in value:
        if not isinstance(item, dict):
            raise bad(f"an entry of its {key!r} is not an object")
        yield item


def _text(obj: dict[str, object], key: str) -> str:
    value = obj.get(key)
    if value is not None and not isinstance(value, str | int | float):
        raise bad(f"its {key!r} is not text")
    return clean(value)


def _forces(obj: dict[str, object], budget: Budget, depth: int) -> Iterator[Force]:
    for force in _items(obj, "forces"):
        budget.enter(depth + 1)
        yield Force(
            catalogue=_text(force, "catalogueName"),
            rules=_rules(force),
            selections=tuple(_selection(s, budget, depth + 1) for s in _items(force, "selections")),
        )
        yield from _forces(force, budget, depth + 1)


def _selection(obj: dict[str, object], budget: Budget, depth: int) -> Selection:
    budget.enter(depth)
    return Selection(
        name=_text(obj, "name"),
        type=_text(obj, "type"),
        number=number(obj.get("number")),
        profiles=tuple(_profile(p) for p in _items(obj, "profiles")),
        rules=_rules(obj),
        categories=tuple(_text(c, "name") for c in _items(obj, "categories")),
        costs=tuple((str(_text(c, "name")), cost(c.get("value", 0))) for c in _items(obj, "costs")),
        children=tuple(_selection(s, budget, depth + 1) for s in _items(obj, "selections")),
    )


def _profile(obj: dict[str, object]) -> Profile:
    return Profile(
        type_name=_text(obj, "typeName"),
        name=_text(obj, "name"),
        characteristics=tuple(
            (_text(c, "name"), _characteristic(c)) for c in _items(obj, "characteristics")
        ),
    )


def _characteristic(obj: dict[str, object]) -> str:
    return next((_text(obj, key) for key in TEXT_KEYS if key in obj), "")


def _rules(obj: dict[str, object]) -> tuple[Rule, ...]:
    return tuple(
        Rule(name=_text(r, "name"), description=_text(r, "description"))
        for r in _items(obj, "rules")
    )

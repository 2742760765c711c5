"""Test-only builders of `bot.armies.tree` values, through the real reader: a small selection
written in a test as New Recruit's JSON shapes it, or a profile; and walks over a roster (real
rosters are read by `tests.armies.roster_files.roster`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from bot.armies.json_roster import read_json
from bot.armies.tree import Profile, Roster, Selection


def selections(roster_: Roster) -> Iterator[Selection]:
    """Every top-level selection of every force."""
    for force in roster_.forces:
        yield from force.selections


def build(spec: dict[str, Any]) -> Selection:
    """A selection from a dict shaped like New Recruit's JSON (`name`, `type`, `number`,
    `profiles[{typeName, name, characteristics[{name, $text}]}]`, `rules[{name, description}]`,
    `categories[{name}]`, `costs[{name, value}]`, `selections[...]`), every key optional but
    `name`, read by New Recruit's reader."""
    doc = {"roster": {"gameSystemName": "Warhammer 40,000 10th Edition", "forces": [
        {"catalogueName": "Test", "selections": [{"type": "upgrade", **spec}]},
    ]}}  # fmt: skip
    [selection] = read_json(doc).forces[0].selections
    return selection


def profile(type_name: str, name: str, **characteristics: str) -> Profile:
    """A profile written in a test: `profile("Weapon", "Boltgun", Range='24"', S="4")`."""
    return Profile(type_name, name, tuple(characteristics.items()))


def profiles(selection: Selection) -> Iterator[Profile]:
    """Every profile of `selection` and of its children, in document order."""
    yield from selection.profiles
    for child in selection.children:
        yield from profiles(child)

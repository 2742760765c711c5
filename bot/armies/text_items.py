"""A text export's unit body: its model groups and its wargear with totals.

The exports count differently, and each line says which way it counts:

- `• Nx Model` with deeper lines under it is a model group (the official app: `◦ Nx wargear`
  under it; New Recruit's GW-like style: deeper `•` lines); those counts are totals.
- `• Nx Model: a, 2x b` (New Recruit's default style) counts per model of the group.
- `N with a, 2x b` (New Recruit's WTC style) counts per model, and so do the `•` lines under it.
- The official app v2 writes no indent: a bullet followed directly by a bullet is a model group
  (its first wargear is the second bullet, the rest follow unbulleted), else wargear.

Wargear and weapons cannot be told apart in text (`Storm Shield`, `2x Shield Drone`): every
entry is kept as written, merged by name within the unit.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.armies.matching import text_key

BULLETS = "\u2022\u25e6\u25aa\u2023\u00b7"  # • ◦ ▪ ‣ ·
COUNTED = re.compile(r"^(?P<count>\d{1,4})\s*x\s+(?P<name>\S.*)$")
WITH = re.compile(r"^(?P<count>\d{1,4}) with (?P<items>.+)$")
SKIPPED = re.compile(
    r"^(warlord|enhancements?:.*|attached as:.*|.*\(\+\s*\d+\s*pts\))$", re.IGNORECASE
)
GLUED = re.compile(r"[a-z]{2}[A-Z][a-z]")  # `...rifle upgradeBattlesuit fists`


@dataclass(frozen=True)
class Line:
    """One line of a unit's body: its indent, whether it starts with a bullet, its text."""

    indent: int
    bullet: bool
    text: str


@dataclass(frozen=True)
class Kit:
    """What a unit's body lists: models (0 when no group says), the model groups, the wargear
    with totals (in the order first listed) and the entries that look glued together."""

    models: int
    groups: tuple[tuple[str, int], ...]
    wargear: tuple[tuple[str, int], ...]
    glued: tuple[str, ...]


def split_items(text: str) -> list[str]:
    """`a, 2x b (c, d), e` → its entries, splitting only at commas outside brackets."""
    items, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        depth += (ch == "(") - (ch == ")")
        if ch == "," and depth <= 0:
            items.append(text[start:i])
            start = i + 1
    items.append(text[start:])
    return [item.strip() for item in items if item.strip()]


def counted(entry: str) -> tuple[int, str]:
    """`3x Plasma rifle` → (3, "Plasma rifle"); no count → 1."""
    found = COUNTED.match(entry)
    return (int(found["count"]), found["name"].strip()) if found else (1, entry.strip())


@dataclass
class _Tally:
    models: int = 0
    groups: list[tuple[str, int]] = field(default_factory=list)
    wargear: dict[str, tuple[str, int]] = field(default_factory=dict)
    glued: list[str] = field(default_factory=list)

    def add(self, text: str, times: int) -> None:
        for entry in split_items(text):
            count, name = counted(entry)
            if SKIPPED.match(name):
                continue
            key = text_key(name)
            first, before = self.wargear.get(key, (name, 0))
            self.wargear[key] = (first, before + count * times)
            if GLUED.search(name) and name not in self.glued:
                self.glued.append(name)

    def group(self, text: str) -> int:
        count, name = counted(text)
        self.models += count
        self.groups.append((name, count))
        return count

    def kit(self) -> Kit:
        wargear = tuple(self.wargear.values())
        return Kit(self.models, tuple(self.groups), wargear, tuple(self.glued))


def _is_group(lines: Sequence[Line], i: int, top: int, flat: bool, after_group: bool) -> bool:
    line, nxt = lines[i], lines[i + 1] if i + 1 < len(lines) else None
    if not line.bullet or nxt is None:
        return False
    if flat:
        return nxt.bullet and nxt.indent == line.indent and not after_group
    return line.indent == top and nxt.indent > line.indent


def read_body(lines: Sequence[Line], inline: str = "", flat: bool = False) -> Kit:
    """The models and wargear a unit's body lists (`inline`: the default style's entries after
    `Unit [N pts]:`); `flat` for the official app v2's unindented bullets."""
    tally = _Tally()
    tally.add(inline, 1)
    top = min((line.indent for line in lines), default=0)
    under: tuple[int, int] | None = None  # the indent and count of the last `N with` line
    after_group = False
    for i, line in enumerate(lines):
        if under and line.indent <= under[0]:
            under = None
        head, colon, rest = line.text.partition(": ")
        if found := WITH.match(line.text):
            under = (line.indent, int(found["count"]))
            tally.add(found["items"], under[1])
        elif line.bullet and colon and COUNTED.match(head):
            tally.add(rest, tally.group(head))
        elif _is_group(lines, i, top, flat, after_group):
            tally.group(line.text)
            after_group = True
            continue
        else:
            tally.add(line.text, under[1] if under else 1)
        after_group = False
    return tally.kit()

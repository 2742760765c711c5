"""Which exporter wrote a text list, and what its header says (list name, faction).

- The official app: the list's name with its points (`Boop (1985 Points)`), then faction,
  optional subfaction, detachment and battle size (`Strike Force (2,000 Points)`); app v2 may
  write a name of several lines and `(3 Detachment Points)`.
- New Recruit's default style: `Faction - Subfaction - List name - [1985 pts]`, then a
  `## Configuration` block.
- New Recruit's GW-like and WTC styles: a block of `+` lines (`+ FACTION KEYWORD: ...`) between
  two `+++...` rules, and no list name.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bot.armies.text_items import BULLETS

TextSource = Literal["gw-app-text", "newrecruit-text"]

POINTS = r"\d[\d,]{0,8}"
APP_UNIT = re.compile(rf"^(?P<name>[^\u2022\u25e6+#&].*?) \((?P<points>{POINTS}) [Pp]oints\)$")
NR_UNIT = re.compile(
    rf"^(?:Char\d{{1,3}}: )?(?P<models>\d{{1,4}})x (?P<name>.+?) \((?P<points>{POINTS}) pts\)$"
)
NR_DEFAULT_UNIT = re.compile(
    rf"^(?P<name>[^\u2022\u25e6+#&].*?) \[(?P<points>{POINTS}) pts\]:(?P<inline>.*)$"
)
BATTLE_SIZE = re.compile(
    rf"^(Combat Patrol|Incursion|Strike Force|Onslaught)\s*\({POINTS} [Pp]oints?( limit)?\)$"
)
_NR_TITLE = re.compile(r"^(?P<title>.*)\[[\d,]{1,9} pts\]$")
_FACTION = re.compile(r"^\+\s*FACTION KEYWORD:\s*(?P<faction>.+)$")
_HEADER_LINES = 20  # the app's header is a handful of lines; look no further for its end


@dataclass(frozen=True)
class Header:
    source: TextSource
    name: str
    faction: str
    start: int  # the index of the first line after the header


def read_header(lines: Sequence[str]) -> Header:
    first = next((i for i, line in enumerate(lines) if line.strip()), 0)
    stripped = [line.strip() for line in lines]
    if stripped and stripped[first].startswith("++"):
        return _plus_block(stripped, first)
    if any(NR_DEFAULT_UNIT.match(line) for line in stripped):
        return _nr_default(stripped, first)
    if any(NR_UNIT.match(line) for line in stripped):
        return Header("newrecruit-text", "", "", first)
    return _app(stripped, first)


def _plus_block(lines: Sequence[str], first: int) -> Header:
    faction, end = "", first + 1
    for end in range(first + 1, len(lines)):
        if found := _FACTION.match(lines[end]):
            faction = found["faction"].strip()
        if lines[end].startswith("+++"):
            break
    return Header("newrecruit-text", "", faction, end + 1)


def _nr_default(lines: Sequence[str], first: int) -> Header:
    found = _NR_TITLE.match(lines[first])
    if not found:
        return Header("newrecruit-text", "", "", first)
    title = found["title"].strip().removesuffix("-")
    parts = [part.strip() for part in title.split(" - ") if part.strip()]
    name = parts[-1] if parts else ""
    return Header("newrecruit-text", name, " - ".join(parts[:-1]), first + 1)


def _app(lines: Sequence[str], first: int) -> Header:
    found = APP_UNIT.match(lines[first]) if lines else None
    name = found["name"] if found else (lines[first] if lines else "")
    window = range(first + 1, min(len(lines), first + _HEADER_LINES))
    size = next((i for i in window if BATTLE_SIZE.match(lines[i])), None)
    if size is None:  # no header: a first line with bullets under it is a unit
        then = lines[first + 1] if first + 1 < len(lines) else ""
        unit = bool(found and then) and then[0] in BULLETS
        return Header("gw-app-text", "" if unit else name, "", first if unit else first + 1)
    top = size
    while top - 1 > first and lines[top - 1]:
        top -= 1
    faction = lines[top] if top < size else ""
    if size - top == 3 and "Detachment Points" not in lines[top + 1]:  # v1: with subfaction
        faction = f"{lines[top]} - {lines[top + 1]}"
    return Header("gw-app-text", name, faction, size + 1)

"""A text export's unit lines, each with the body lines under it.

Unit lines: the official app's `Unit (N Points)`, New Recruit's `[CharN: ]Nx Unit (N pts)` (N is
the unit's model count) and `Unit [N pts]: a, 2x b`. A blank line, a heading (`CHARACTERS`,
`## Infantry [465 pts]`, `Attached Units`) or the app's signature (`Exported with App
Version: ...`) ends a unit; `• Warlord` and enhancement lines are skipped. New Recruit's
`## Configuration` block (battle size, detachment) holds no units.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.armies.text_header import APP_UNIT, BATTLE_SIZE, NR_DEFAULT_UNIT, NR_UNIT
from bot.armies.text_items import BULLETS, SKIPPED, WITH, Line

FLAT_ITEM = re.compile(r"^\d{1,4}x \S")  # the app v2's unbulleted wargear: `1x Plasma pistol`


@dataclass
class TextUnit:
    """A unit line: its name and points, its model count when the line gives one, and the
    wargear listed on the line itself (New Recruit's default style), then its body."""

    name: str
    points: int
    models: int | None = None
    inline: str = ""
    body: list[Line] = field(default_factory=list)


def points(text: str) -> int:
    """`2,000` or `2000` → 2000."""
    return int(text.replace(",", ""))


def unit_line(text: str) -> TextUnit | None:
    if found := NR_UNIT.match(text):
        return TextUnit(found["name"].strip(), points(found["points"]), int(found["models"]))
    if found := NR_DEFAULT_UNIT.match(text):
        return TextUnit(found["name"].strip(), points(found["points"]), None, found["inline"])
    if (found := APP_UNIT.match(text)) and not BATTLE_SIZE.match(text):
        return TextUnit(found["name"].strip(), points(found["points"]))
    return None


def line_of(raw: str) -> Line:
    body = raw.expandtabs(4).rstrip()
    text = body.lstrip()
    bullet = text[:1] in BULLETS if text else False
    return Line(len(body) - len(text), bullet, text[1:].strip() if bullet else text)


def is_flat(lines: Sequence[str]) -> bool:
    """The official app v2 writes wargear after a unit's first without a bullet."""
    return any(FLAT_ITEM.match(line) and not unit_line(line.strip()) for line in lines)


def _in_body(line: Line) -> bool:
    return line.bullet or bool(WITH.match(line.text) or FLAT_ITEM.match(line.text))


def scan(lines: Sequence[str]) -> list[TextUnit]:
    """Every unit the lines list, in order (identical units are kept, one each)."""
    units: list[TextUnit] = []
    current: TextUnit | None = None
    configuration = False
    for raw in lines:
        line = line_of(raw)
        if line.text.startswith("#"):
            configuration = line.text.lstrip("# ").startswith("Configuration")
            current = None
        elif configuration or not line.text:
            current = None
        elif unit := (None if line.bullet else unit_line(line.text)):
            units.append(unit)
            current = unit
        elif current is not None and SKIPPED.match(line.text):
            continue
        elif current is not None and _in_body(line):
            current.body.append(line)
        else:
            current = None
    return units

"""Where the text-export tests find their lists."""

from __future__ import annotations

from pathlib import Path

from bot.armies.model import Army, ArmyUnit
from bot.armies.text import read_text

ROSTERS = Path(__file__).resolve().parents[1] / "data" / "rosters"


def read(path: str, known: tuple[ArmyUnit, ...] = ()) -> Army:
    return read_text((ROSTERS / path).read_text("utf-8"), known=known)


def unit(army: Army, name: str, nth: int = 0) -> ArmyUnit:
    return [u for u in army.units if u.name == name][nth]

"""A `tree.Roster` (BattleScribe or New Recruit, 9th or 10th) turned into Vox's `Army`."""

from __future__ import annotations

from bot.armies.model import Army, Source
from bot.armies.tree import Roster


def to_army(roster: Roster, source: Source, name: str | None = None) -> Army:
    """The army `roster` holds, called `name` or the roster's name (placeholder)."""
    raise NotImplementedError

"""BattleScribe roster XML (`.ros`, and the member of a `.rosz`) read into a `tree.Roster`."""

from __future__ import annotations

from bot.armies.tree import Roster


def read_xml(data: bytes) -> Roster:
    """The roster in `data` (placeholder until the reader lands)."""
    raise NotImplementedError

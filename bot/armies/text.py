"""Text exports (the official app's, New Recruit's three styles) read into an `Army`."""

from __future__ import annotations

from collections.abc import Sequence

from bot.armies.model import Army, ArmyUnit


def read_text(text: str, known: Sequence[ArmyUnit] = (), name: str | None = None) -> Army:
    """The army a text export lists, its units' profiles matched by name in `known`
    (placeholder until the reader lands)."""
    raise NotImplementedError

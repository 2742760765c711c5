"""An uploaded file, whatever list builder wrote it, read into an `Army`: the one entry point."""

from __future__ import annotations

from collections.abc import Sequence

from bot.armies.model import Army, ArmyUnit


def read_upload(
    data: bytes, filename: str, *, known: Sequence[ArmyUnit] = (), name: str | None = None
) -> Army:
    """The army in the file (placeholder until the reader lands)."""
    raise NotImplementedError

"""The sentence a member is told for an error they caused, or None for a bug."""

from __future__ import annotations

from bot.errors import VoxError
from bot.store.failures import save_failure


def refusal(error: BaseException) -> str | None:
    """A `VoxError`'s own sentence, or what a refused write means (disk full, read-only…)."""
    if isinstance(error, VoxError):
        return str(error)
    return save_failure(error)

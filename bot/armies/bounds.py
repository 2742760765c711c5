"""Lists are longer than Vox keeps: texts and collections cut to the army model's bounds (with
a warning where something is dropped) rather than refusing the whole list."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from bot.armies.model import MAX_WARNINGS

T = TypeVar("T")
VALUE, TEXT, NOTE = 30, 100, 300


def value(text: str, limit: int = VALUE) -> str:
    """`text` stripped and cut to `limit` characters (an ellipsis marks the cut)."""
    text = text.strip()
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def text(raw: str, fallback: str) -> str:
    """A name: cut to the model's 100 characters, `fallback` when empty."""
    return value(raw, TEXT) or fallback


def note(raw: str) -> str:
    return value(raw, NOTE)


def at_most(items: Sequence[T], limit: int, what: str, warnings: list[str]) -> tuple[T, ...]:
    """The first `limit` of `items`, with a warning naming `what` was dropped."""
    if len(items) > limit:
        warnings.append(note(f"Kept the first {limit} {what} of {len(items)}."))
    return tuple(items[:limit])


def warnings_kept(warnings: Sequence[str]) -> tuple[str, ...]:
    """The warnings an army keeps: the first ones, then how many more there were."""
    unique = list(dict.fromkeys(warnings))
    if len(unique) <= MAX_WARNINGS:
        return tuple(unique)
    more = len(unique) - (MAX_WARNINGS - 1)
    return (*unique[: MAX_WARNINGS - 1], f"…and {more} more warnings.")

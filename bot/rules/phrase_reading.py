"""The pieces every ability phrase is read with: the builder the readers fill, a known phrase,
and the bounded number and the once-only value a phrase may carry (`bot/rules/abilities.py`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from bot.rules.errors import InvalidProfile, TooManyDice
from bot.rules.quote import quoted


@dataclass
class Builder:
    """What the phrases read so far: flags, once-only values, summed hit and wound modifiers."""

    flags: set[str] = field(default_factory=set)
    values: dict[str, object] = field(default_factory=dict)
    hit: int = 0
    wound: int = 0


@dataclass(frozen=True, slots=True)
class Phrase:
    """One known phrase: its edition key, an example for autocomplete, and how to read it."""

    key: str
    example: str
    pattern: re.Pattern[str]
    read: Callable[[Builder, re.Match[str], str], None]


def flag(b: Builder, m: re.Match[str], text: str) -> None:
    b.flags.add(m.group(0))


def once(b: Builder, key: str, value: object, text: str) -> None:
    if key in b.values:
        raise InvalidProfile(f"The abilities mention {key} twice; keep only `{quoted(text)}`.")
    b.values[key] = value


def number(text: str, group: str, low: int, high: int) -> int:
    if len(group) > 3 or not low <= int(group) <= high:
        raise TooManyDice(f"The number in `{text}` must be from {low} to {high}.")
    return int(group)

"""Invulnerable saves and Feel No Pain, which lists give as abilities and rules, never as
characteristics."""

from __future__ import annotations

from dataclasses import dataclass

from bot.armies.tree import Selection


@dataclass(frozen=True, slots=True)
class Defences:
    invuln: str | None = None  # "4+", for the whole unit, unconditionally
    fnp: str | None = None
    conditional: tuple[str, ...] = ()  # the texts of conditional ones, shown as they are


def defences(unit: Selection) -> Defences:
    """What the unit's selection subtree states (placeholder: nothing yet)."""
    return Defences()

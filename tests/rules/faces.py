"""Every sequence of D6 faces a roll can consume, each with its exact chance: the exhaustive
check that a step's `roll` and its exact table say the same thing."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from fractions import Fraction

from bot.rules.dice import ScriptedDice


def every_outcome(roll: Callable[[ScriptedDice], Hashable]) -> dict[Hashable, Fraction]:
    """Run `roll` on every face sequence (extended one D6 at a time while it asks for more)."""
    out: dict[Hashable, Fraction] = {}
    pending: list[tuple[int, ...]] = [()]
    while pending:
        prefix = pending.pop()
        dice = ScriptedDice(prefix)
        try:
            result = roll(dice)
        except LookupError:
            pending.extend((*prefix, face) for face in range(1, 7))
            continue
        assert dice.remaining == 0
        out[result] = out.get(result, Fraction(0)) + Fraction(1, 6 ** len(prefix))
    return out

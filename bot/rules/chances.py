"""Exact odds and input bounds shared by the psychic, morale and movement rules.

Every chance here is a `Fraction` worked out from the dice, never simulated. The distribution of a
sum of dice is read from `notation.parse(...).pmf` (through `sequence.exact_pmf`), so the psychic
test, Battle-shock and the charge roll all use the one definition of 2D6 the dice roller uses.
The bounds helper keeps every error to the one sentence a user sees (errors.py).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import comb

from bot.rules.errors import RulesError
from bot.rules.notation import DiceExpr, parse

TWO_D6 = "2D6"


def exact_pmf(expr: DiceExpr) -> dict[int, Fraction]:
    """The expression's distribution as fractions (dice chances have small denominators)."""
    return {v: Fraction(p).limit_denominator(1 << 40) for v, p in expr.pmf.items()}


@cache
def _pmf(text: str) -> tuple[tuple[int, Fraction], ...]:
    return tuple(sorted(exact_pmf(parse(text)).items()))


def dice_pmf(text: str) -> dict[int, Fraction]:
    """The exact distribution of a dice expression such as `2D6` (value → chance)."""
    return dict(_pmf(text))


def at_least(text: str, number: int) -> Fraction:
    """The exact chance that `text` (such as `2D6`) rolls `number` or more."""
    return sum((p for value, p in _pmf(text) if value >= number), Fraction(0))


def greater_than(text: str, number: int) -> Fraction:
    """The exact chance that `text` rolls more than `number` (Deny the Witch beats, not ties)."""
    return at_least(text, number + 1)


def binomial(trials: int, chance: Fraction) -> dict[int, Fraction]:
    """How many of `trials` independent dice succeed, each with `chance` (count → chance)."""
    return {
        k: comb(trials, k) * chance**k * (1 - chance) ** (trials - k) for k in range(trials + 1)
    }


def require_between(value: int, low: int, high: int, what: str, error: type[RulesError]) -> int:
    """Return `value` if it is within low..high, else raise `error` with one sentence."""
    if not low <= value <= high:
        raise error(f"Type {what} from {low} to {high} (not {value}).")
    return value

"""A whole roll re-rolled (a Damage or an Attacks roll), rolled and as an exact distribution.

Seed 004 ("Re-rolls"): "If a rule allows you to re-roll a dice roll that was made by adding several
dice together (2D6, 3D6 etc.) then, unless otherwise stated, you must re-roll all of those dice
again. If a rule allows you to re-roll specific dice results, only those dice can be re-rolled."
`below average` re-rolls the whole roll when its total is below the roll's average (a player
re-rolls a poor roll and keeps a good one); `1s` re-rolls only the dice that rolled a 1 (on a D3,
the halved value decides). A die is never re-rolled twice.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from bot.rules.chances import exact_pmf
from bot.rules.dice import Dice, DieRoll, reroll_die
from bot.rules.dice_groups import GroupRoll
from bot.rules.modifier_phrases import RollReroll
from bot.rules.notation import DiceExpr, ExpressionRoll


def roll(
    expr: DiceExpr, how: RollReroll | None, dice: Dice
) -> tuple[ExpressionRoll, ExpressionRoll | None]:
    """The first roll, and the roll after the re-roll (None when nothing was re-rolled)."""
    first = expr.roll(dice)
    if how is None or expr.is_fixed:
        return first, None
    if how == "below average":
        return (first, expr.roll(dice)) if first.total < mean(expr) else (first, None)
    if not any(d.value == 1 for g in first.groups for d in g.dice):
        return first, None
    groups = tuple(
        GroupRoll(g.group, g.negative, tuple(_again_if_one(d, dice) for d in g.dice))
        for g in first.groups
    )
    return first, expr.total_of(groups)


def _again_if_one(die: DieRoll, dice: Dice) -> DieRoll:
    return reroll_die(die, dice) if die.value == 1 else die


def mean(expr: DiceExpr) -> Fraction:
    """The roll's exact average (the line below which `below average` re-rolls)."""
    return sum((v * p for v, p in _pmf(expr, None)), Fraction(0))


def pmf(expr: DiceExpr, how: RollReroll | None) -> dict[int, Fraction]:
    """The exact distribution of the roll's total, the re-roll included."""
    return dict(_pmf(expr, how))


@lru_cache(maxsize=512)
def _pmf(expr: DiceExpr, how: RollReroll | None) -> tuple[tuple[int, Fraction], ...]:
    plain = exact_pmf(expr)
    if how is None or expr.is_fixed:
        return tuple(sorted(plain.items()))
    if how == "1s":
        return tuple(sorted(_ones_rerolled(expr).items()))
    line = sum((v * p for v, p in plain.items()), Fraction(0))
    low = sum((p for v, p in plain.items() if v < line), Fraction(0))
    out = {v: p * low + (0 if v < line else p) for v, p in plain.items()}
    return tuple(sorted((v, p) for v, p in out.items() if p))


def _ones_rerolled(expr: DiceExpr) -> dict[int, Fraction]:
    """Every die that rolls a 1 is rolled again once (`DiceExpr.distribution`)."""
    return {
        v: Fraction(p).limit_denominator(1 << 40)
        for v, p in expr.distribution(ones_rerolled=True).items()
    }

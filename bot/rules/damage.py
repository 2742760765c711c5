"""Damage per unsaved attack (or mortal wounds per attack), then feel-no-pain per wound."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from bot.rules.chances import exact_pmf
from bot.rules.dice import Dice
from bot.rules.notation import DiceExpr, ExpressionRoll


@dataclass(frozen=True, slots=True)
class DamageRoll:
    """One event's Damage as rolled: the dice (None for a fixed Damage), the dice rolled again
    when the Damage roll was re-rolled, and the damage it deals before feel-no-pain."""

    first: ExpressionRoll | None
    again: ExpressionRoll | None
    amount: int


@dataclass(frozen=True, slots=True)
class DamageStep:
    """Damage per unsaved attack (or mortal wounds per attack), then feel-no-pain per wound."""

    expr: DiceExpr
    bonus: int = 0  # 10th Melta X within half range
    reduction: int = 0  # "-1 damage" (never below 1; seed 002: not on mortal wounds)
    fnp: int | None = None

    def value(self, rolled: int) -> int:
        return max(1, rolled + self.bonus - self.reduction)

    def roll(self, dice: Dice) -> DamageRoll:
        """Roll the Damage (no dice for a fixed Damage) and modify it."""
        if self.expr.is_fixed:
            return DamageRoll(None, None, self.value(self.expr.minimum))
        first = self.expr.roll(dice)
        return DamageRoll(first, None, self.value(first.total))

    def ignores(self, face: int) -> bool:
        return self.fnp is not None and face >= self.fnp

    def table(self) -> dict[int, Fraction]:
        """Wounds that get through feel-no-pain, per event (before the overkill cap)."""
        out: dict[int, Fraction] = {}
        if self.fnp is None:
            for rolled, p in exact_pmf(self.expr).items():
                out[self.value(rolled)] = out.get(self.value(rolled), Fraction(0)) + p
            return out
        keep = Fraction(self.fnp - 1, 6)
        for rolled, p in exact_pmf(self.expr).items():
            n = self.value(rolled)
            for k in range(n + 1):
                q = p * comb(n, k) * keep**k * (1 - keep) ** (n - k)
                if q:
                    out[k] = out.get(k, Fraction(0)) + q
        return out

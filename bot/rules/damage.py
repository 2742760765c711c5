"""Damage per unsaved attack (or mortal wounds per attack), then feel-no-pain per wound.

Seed 004 ("Dice"): modifiers are applied division first, then multiplication, then addition, then
subtraction; fractions are rounded up after all modifiers; a value is never below 1. So a halved
Damage is halved first, then Melta and `+N damage` are added, then `-1 damage` subtracted, the
result rounded up and at least 1; `minimum damage N` then makes the final Damage at least N (10th
wording of such rules: "the Damage characteristic of that attack is [at least] N"). Re-rolls come
before every modifier (seed 004: "re-rolls happen before modifiers").
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from bot.rules import rerolled
from bot.rules.dice import Dice
from bot.rules.modifier_phrases import RollReroll
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
    bonus: int = 0  # 10th Melta X within half range, `+N damage`, a critical wound's +N
    reduction: int = 0  # "-1 damage" (never below 1)
    fnp: int | None = None
    halve: bool = False  # `halve damage`: divided first, rounded up
    minimum: int = 1  # `minimum damage N`: the final Damage is at least N
    reroll: RollReroll | None = None  # `reroll damage`, `reroll damage: 1s`

    def value(self, rolled: int) -> int:
        """The Damage after every modifier, from the rolled (or fixed) total."""
        base = -(-rolled // 2) if self.halve else rolled
        return max(self.minimum, 1, base + self.bonus - self.reduction)

    def roll(self, dice: Dice) -> DamageRoll:
        """Roll the Damage (no dice for a fixed Damage), re-roll it if wanted, and modify it."""
        if self.expr.is_fixed:
            return DamageRoll(None, None, self.value(self.expr.minimum))
        first, again = rerolled.roll(self.expr, self.reroll, dice)
        return DamageRoll(first, again, self.value((again or first).total))

    def ignores(self, face: int) -> bool:
        return self.fnp is not None and face >= self.fnp

    def amounts(self) -> dict[int, Fraction]:
        """The Damage of one event after modifiers, before feel-no-pain."""
        out: dict[int, Fraction] = {}
        for rolled, p in rerolled.pmf(self.expr, self.reroll).items():
            out[self.value(rolled)] = out.get(self.value(rolled), Fraction(0)) + p
        return out

    def table(self) -> dict[int, Fraction]:
        """Wounds that get through feel-no-pain, per event (before the overkill cap)."""
        amounts = self.amounts()
        if self.fnp is None:
            return amounts
        keep = Fraction(self.fnp - 1, 6)
        out: dict[int, Fraction] = {}
        for n, p in amounts.items():
            for k in range(n + 1):
                q = p * comb(n, k) * keep**k * (1 - keep) ** (n - k)
                if q:
                    out[k] = out.get(k, Fraction(0)) + q
        return out

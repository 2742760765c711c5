"""How many attacks a weapon makes: each attacking model's Attacks, rolled when random.

Seed 004: a random characteristic is rolled for each model each time it is needed. `reroll attacks`
re-rolls a model's Attacks roll below its average, `reroll attacks: 1s` its dice that rolled a 1
(`bot/rules/rerolled.py`); the re-roll is of the weapon's Attacks characteristic only, not of an
extra D3 or D6 another rule adds. `+N attacks`, `+D3 attacks` and `+D6 attacks` are added to each
model's Attacks (the extra dice rolled per model, after its Attacks roll and any re-roll of it);
Blast and Rapid Fire then change one model's count (`profiles.attacks_per_model`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.rules import rerolled
from bot.rules.chances import exact_pmf
from bot.rules.dice import Dice
from bot.rules.notation import ExpressionRoll
from bot.rules.profiles import Weapon


@dataclass(frozen=True, slots=True)
class ModelAttacks:
    """One model's Attacks as rolled: the dice (the roll again when re-rolled), the extra dice
    of `+D3 attacks` (or the fixed `+N`), and the count before Blast and Rapid Fire."""

    first: ExpressionRoll
    again: ExpressionRoll | None
    total: int
    bonus: ExpressionRoll | None = None


def is_random(weapon: Weapon) -> bool:
    """Whether a model's Attacks must be rolled."""
    bonus = weapon.abilities.bonus_attacks
    return not weapon.attacks.is_fixed or (bonus is not None and not bonus.is_fixed)


def per_model(weapon: Weapon) -> dict[int, Fraction]:
    """The exact distribution of one model's Attacks, before Blast and Rapid Fire."""
    a = weapon.abilities
    own = rerolled.pmf(weapon.attacks, a.reroll_attacks)
    if a.bonus_attacks is None:
        return own
    out: dict[int, Fraction] = {}
    for extra, q in exact_pmf(a.bonus_attacks).items():
        for n, p in own.items():
            out[n + extra] = out.get(n + extra, Fraction(0)) + p * q
    return out


def roll(weapon: Weapon, dice: Dice) -> ModelAttacks:
    """Roll one model's Attacks (only called when `is_random`): its Attacks roll, any re-roll of
    it, then the extra dice."""
    first, again = rerolled.roll(weapon.attacks, weapon.abilities.reroll_attacks, dice)
    extra = weapon.abilities.bonus_attacks
    bonus = None if extra is None else extra.roll(dice)
    total = (again or first).total + (0 if bonus is None else bonus.total)
    return ModelAttacks(first, again, total, bonus)

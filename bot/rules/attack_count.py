"""How many attacks a weapon makes: each attacking model's Attacks, rolled when random.

Seed 004: a random characteristic is rolled for each model each time it is needed. Blast and Rapid
Fire then change one model's count (`profiles.attacks_per_model`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.rules.chances import exact_pmf
from bot.rules.dice import Dice
from bot.rules.notation import ExpressionRoll
from bot.rules.profiles import Weapon


@dataclass(frozen=True, slots=True)
class ModelAttacks:
    """One model's Attacks as rolled: the dice (the roll again when re-rolled) and the count
    before Blast and Rapid Fire."""

    first: ExpressionRoll
    again: ExpressionRoll | None
    total: int


def is_random(weapon: Weapon) -> bool:
    """Whether a model's Attacks must be rolled."""
    return not weapon.attacks.is_fixed


def per_model(weapon: Weapon) -> dict[int, Fraction]:
    """The exact distribution of one model's Attacks, before Blast and Rapid Fire."""
    return exact_pmf(weapon.attacks)


def most(weapon: Weapon) -> int:
    """The most Attacks one model can have, before Blast and Rapid Fire."""
    return weapon.attacks.maximum


def fewest(weapon: Weapon) -> int:
    return weapon.attacks.minimum


def roll(weapon: Weapon, dice: Dice) -> ModelAttacks:
    """Roll one model's Attacks (only called when `is_random`)."""
    first = weapon.attacks.roll(dice)
    return ModelAttacks(first, None, first.total)

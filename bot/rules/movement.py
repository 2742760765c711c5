"""Moving units: charge rolls and Advance rolls (9th and Eternum; 10th reads the same dice).

Each roll takes an injected `Dice`, returns a frozen result that keeps every die (a re-rolled die
keeps its first value in `DieRoll.first`), and has an exact-odds twin in fractions. Reserves and the
set-up roll-offs are in `deployment`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.rules.chances import TWO_D6, at_least, dice_pmf, require_between
from bot.rules.dice import D6, Dice, DieRoll, TwoD6, reroll_die, roll_die, roll_two_d6
from bot.rules.errors import IllegalAction, InvalidProfile

MAX_CHARGE_DISTANCE = 12  # seed 000: charge targets are "enemy units within 12"" of the charger
MAX_MOVE = 100


@dataclass(frozen=True, slots=True)
class ChargeRoll(TwoD6):
    """A charge roll: 2D6 against the distance in inches (seed 000, "Charging with a Unit")."""

    distance: int
    dice: tuple[DieRoll, DieRoll]

    @property
    def succeeded(self) -> bool:
        return self.total >= self.distance

    @property
    def rerolled(self) -> bool:
        return any(d.rerolled for d in self.dice)

    @property
    def first_total(self) -> int | None:
        """The 2D6 before the re-roll, if there was one."""
        firsts = [d.first for d in self.dice if d.first is not None]
        return sum(firsts) if self.rerolled else None


def _check_distance(distance: int) -> int:
    if distance > MAX_CHARGE_DISTANCE:
        raise IllegalAction(
            f'A charge can only target units within 12" and 2D6 never rolls more than 12, '
            f"so type a distance from 1 to 12 (not {distance})."
        )
    return require_between(distance, 1, MAX_CHARGE_DISTANCE, "a charge distance", InvalidProfile)


def roll_charge(dice: Dice, distance: int, reroll_if_failed: bool = False) -> ChargeRoll:
    """Roll 2D6 for a charge of `distance` inches; optionally re-roll both dice if it fails."""
    charge = ChargeRoll(_check_distance(distance), roll_two_d6(dice))
    return reroll_charge(charge, dice) if reroll_if_failed and not charge.succeeded else charge


def reroll_charge(charge: ChargeRoll, dice: Dice) -> ChargeRoll:
    """Re-roll a charge roll: both dice, once.

    Seed 004 ("Re-rolls"): re-rolling a roll "made by adding several dice together (2D6, 3D6
    etc.) ... you must re-roll all of those dice again"; "You can never re-roll a dice more than
    once".
    """
    if charge.rerolled:
        raise IllegalAction(
            "That charge roll has already been re-rolled; a die is never re-rolled twice."
        )
    first, second = charge.dice
    return ChargeRoll(charge.distance, (reroll_die(first, dice), reroll_die(second, dice)))


def chance_to_charge(distance: int, reroll: bool = False) -> Fraction:
    """Exact P(2D6 ≥ distance); with a re-roll of a failed roll, 1 − (1 − p)²."""
    p = at_least(TWO_D6, _check_distance(distance))
    return 1 - (1 - p) ** 2 if reroll else p


@dataclass(frozen=True, slots=True)
class AdvanceRoll:
    """An Advance roll: a D6 added to Move until the end of the phase (seed 000, "Advance")."""

    move: int
    die: DieRoll

    @property
    def total(self) -> int:
        return self.move + self.die.value


def _check_move(move: int) -> int:
    # A Move of "-" cannot move at all (seed 004), so it never Advances.
    return require_between(move, 1, MAX_MOVE, "a Move in inches", InvalidProfile)


def advance(dice: Dice, move: int) -> AdvanceRoll:
    """Advance: roll one D6 and add it to the unit's Move (seed 000; seed 002 writes M+D6")."""
    return AdvanceRoll(_check_move(move), roll_die(D6, dice))


def advance_pmf(move: int) -> dict[int, Fraction]:
    """Exact distribution of the inches an Advancing model may move."""
    _check_move(move)
    return {move + face: p for face, p in dice_pmf("D6").items()}

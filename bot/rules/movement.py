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
    """A charge roll: 2D6 against the inches to the enemy (seed 000, "Charging with a Unit").

    `distance` is the gap to the enemy as measured; `needed` the roll that ends the charge within
    Engagement Range of it (`charge_needed`).
    """

    distance: int
    dice: tuple[DieRoll, DieRoll]
    needed: int

    @property
    def succeeded(self) -> bool:
        return self.total >= self.needed

    @property
    def rerolled(self) -> bool:
        return any(d.rerolled for d in self.dice)

    @property
    def first_total(self) -> int | None:
        """The 2D6 before the re-roll, if there was one."""
        firsts = [d.first for d in self.dice if d.first is not None]
        return sum(firsts) if self.rerolled else None

    @property
    def faces(self) -> tuple[int, int]:
        return self.dice[0].value, self.dice[1].value

    @property
    def first_faces(self) -> tuple[int, int] | None:
        """The two dice before the re-roll, if there was one."""
        if not self.rerolled:
            return None
        first, second = self.dice
        return (first.first or first.value), (second.first or second.value)


def _check_distance(distance: int) -> int:
    if distance > MAX_CHARGE_DISTANCE:
        raise IllegalAction(
            f'A charge can only target units within 12" and 2D6 never rolls more than 12, '
            f"so type a distance from 1 to 12 (not {distance})."
        )
    return require_between(distance, 1, MAX_CHARGE_DISTANCE, "a charge distance", InvalidProfile)


def charge_needed(distance: int, engagement_range: int) -> int:
    """The charge roll that reaches an enemy `distance` inches away: the distance less the
    Engagement Range the charge may stop short by (at least 2, the lowest 2D6).

    Seed 000: "the unit's charge roll must be sufficient that it is able to end that move ...
    within Engagement Range of every unit that was a target of its charge"; Engagement Range is
    1" in 9th, 10th and Eternum, so 9" away needs 8+. 7th (seed 001) charges into base contact.
    """
    return max(2, _check_distance(distance) - engagement_range)


def roll_charge(
    dice: Dice, distance: int, reroll_if_failed: bool = False, *, engagement_range: int
) -> ChargeRoll:
    """Roll 2D6 for a charge at an enemy `distance` inches away; optionally re-roll both dice if
    it fails."""
    needed = charge_needed(distance, engagement_range)
    charge = ChargeRoll(distance, roll_two_d6(dice), needed)
    return reroll_charge(charge, dice) if reroll_if_failed and not charge.succeeded else charge


def rolled_charge(distance: int, needed: int, faces: tuple[int, ...]) -> ChargeRoll:
    """A charge roll already made (as a game's log keeps it), to be re-rolled."""
    first, second = (DieRoll(D6, face, face) for face in faces)
    return ChargeRoll(distance, (first, second), needed)


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
    again = (reroll_die(first, dice), reroll_die(second, dice))
    return ChargeRoll(charge.distance, again, charge.needed)


def chance_to_charge(distance: int, reroll: bool = False, *, engagement_range: int) -> Fraction:
    """Exact P(2D6 ≥ the roll needed); with a re-roll of a failed roll, 1 − (1 − p)²."""
    p = at_least(TWO_D6, charge_needed(distance, engagement_range))
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

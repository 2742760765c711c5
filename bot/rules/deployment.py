"""Eternum set-up and reserves: the attacker/defender roll-off, the first-turn roll-off with +1
for whoever finished deploying first, and Reserve Rolls on 3+ (seed 004).

Each roll takes an injected `Dice`, returns a frozen result that keeps every die, and has an
exact-odds twin in fractions.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.rules.chances import binomial, dice_pmf, require_between
from bot.rules.dice import D6, Dice, DieRoll, roll_die
from bot.rules.errors import IllegalAction, InvalidProfile
from bot.rules.pools import MAX_ROLLOFF_ROUNDS, RollOff, roll_off

MAX_RESERVE_UNITS = 60
# Seed 004: "Some special rules can modify the roll ... Regardless of the modifier(s)": +1/-1 rules
# that may stack, so two of them; with +2 an unmodified 1 would reach 3, which the seed forbids.
MAX_RESERVE_MODIFIER = 2
RESERVE_TARGET = 3  # seed 004: "If the roll is a 3 or more, that unit arrives this turn."
FIRST_RESERVE_TURN = 2  # seed 004: "At the start of your second turn ... roll a D6 for each unit"
AUTOMATIC_RESERVE_TURN = 4  # seed 004: "automatically arrives at the start of your fourth turn"


@dataclass(frozen=True, slots=True)
class ReserveRolls:
    """Eternum Reserve Rolls for one turn: a D6 per unit still in Reserve (seed 004, "RESERVES").

    On the fourth turn no dice are rolled: every unit left arrives automatically.
    """

    turn: int
    units: int
    modifier: int
    dice: tuple[DieRoll, ...]

    @property
    def automatic(self) -> bool:
        return self.turn >= AUTOMATIC_RESERVE_TURN

    @property
    def needed(self) -> int:
        """The unmodified roll a unit needs to arrive: 3+ less the modifier, never a natural 1."""
        return max(2, RESERVE_TARGET - self.modifier)

    @property
    def results(self) -> tuple[int, ...]:
        """Each roll after the modifier, never below 1 (seed 004, "Dice")."""
        return tuple(max(1, d.value + self.modifier) for d in self.dice)

    @property
    def arrives(self) -> tuple[bool, ...]:
        """Per unit, in the caller's order, whether it arrives this turn."""
        if self.automatic:
            return (True,) * self.units
        # seed 004: "Regardless of the modifier(s), a natural roll of a 1 always means that the
        # unit in question remains in Reserve."
        return tuple(
            d.value != 1 and r >= RESERVE_TARGET
            for d, r in zip(self.dice, self.results, strict=True)
        )

    @property
    def arrived(self) -> int:
        return sum(self.arrives)

    @property
    def remaining(self) -> int:
        return self.units - self.arrived


def _check_reserves(turn: int, modifier: int) -> None:
    if turn < FIRST_RESERVE_TURN:
        raise IllegalAction(
            "Reserves cannot arrive in your first turn; roll for them from your second turn."
        )
    require_between(
        turn, FIRST_RESERVE_TURN, AUTOMATIC_RESERVE_TURN, "your turn number", IllegalAction
    )
    require_between(
        modifier,
        -MAX_RESERVE_MODIFIER,
        MAX_RESERVE_MODIFIER,
        "a reserve roll modifier",
        InvalidProfile,
    )


def reserve_rolls(dice: Dice, turn: int, units: int, modifier: int = 0) -> ReserveRolls:
    """Roll for `units` units in Reserve at the end of your Movement phase in your `turn`.

    Seed 004: rolls start "At the start of your second turn, at the end of your Movement Phase"
    (your turn, which is battle round 2 for both players); a unit that fails in your third turn
    "automatically arrives at the start of your fourth turn".
    """
    _check_reserves(turn, modifier)
    require_between(units, 1, MAX_RESERVE_UNITS, "the units in Reserve", InvalidProfile)
    if turn >= AUTOMATIC_RESERVE_TURN:
        return ReserveRolls(turn, units, modifier, ())
    return ReserveRolls(turn, units, modifier, tuple(roll_die(D6, dice) for _ in range(units)))


def chance_to_arrive(modifier: int = 0, turn: int = FIRST_RESERVE_TURN) -> Fraction:
    """Exact chance one unit still in Reserve arrives this `turn`: faces 2-6 that reach 3+."""
    _check_reserves(turn, modifier)
    if turn >= AUTOMATIC_RESERVE_TURN:
        return Fraction(1)
    return sum(
        (
            p
            for face, p in dice_pmf("D6").items()
            if face != 1 and face + modifier >= RESERVE_TARGET
        ),
        Fraction(0),
    )


def arrivals_pmf(
    units: int, modifier: int = 0, turn: int = FIRST_RESERVE_TURN
) -> dict[int, Fraction]:
    """Exact distribution of how many of `units` units arrive this turn."""
    require_between(units, 1, MAX_RESERVE_UNITS, "the units in Reserve", InvalidProfile)
    return binomial(units, chance_to_arrive(modifier, turn))


def attacker_defender_rolloff(dice: Dice) -> RollOff:
    """Eternum set-up: "each player rolls a dice. The player who rolls the highest gets to pick
    who the ATTACKER and who the DEFENDER is" (seed 004). Ties roll again, as every roll-off."""
    return roll_off(dice)


@dataclass(frozen=True, slots=True)
class FirstTurnRollOff:
    """The roll-off for the first turn, with +1 for the player who finished deploying first."""

    bonus_player: int  # 0 or 1: who finished deploying first
    rounds: tuple[tuple[int, int], ...]  # the unmodified D6s of each round

    def totals(self, index: int) -> tuple[int, int]:
        """One round's results with the +1 added."""
        first, second = self.rounds[index]
        return (first + (self.bonus_player == 0), second + (self.bonus_player == 1))

    @property
    def winner(self) -> int:
        """0 or 1: the player who picks who takes the first turn."""
        first, second = self.totals(-1)
        return 0 if first > second else 1


def first_turn_rolloff(dice: Dice, finished_deploying_first: int) -> FirstTurnRollOff:
    """Seed 004: "The player who finishes deploying first receives a +1 bonus to the roll off to
    determine turn order." That names this roll-off, so it overrides the general "Neither player is
    allowed to ... modify any of the D6"; ties (after the +1) roll again, with the +1 again."""
    require_between(
        finished_deploying_first, 0, 1, "the player who finished deploying first", IllegalAction
    )
    rounds: list[tuple[int, int]] = []
    for _ in range(MAX_ROLLOFF_ROUNDS):
        rounds.append((dice.roll(6), dice.roll(6)))
        result = FirstTurnRollOff(finished_deploying_first, tuple(rounds))
        first, second = result.totals(-1)
        if first != second:
            return result
    raise IllegalAction(f"The roll-off tied {MAX_ROLLOFF_ROUNDS} times; roll off again.")


def chance_to_win_first_turn_rolloff(finished_deploying_first: bool) -> Fraction:
    """Exact chance a player wins the first-turn roll-off (ties re-rolled): P(win) / P(no tie).

    One player always finishes deploying first, so the other rolls against their +1.
    """
    mine, theirs = (1, 0) if finished_deploying_first else (0, 1)
    faces = range(1, 7)
    win = sum(a + mine > b + theirs for a in faces for b in faces)
    lose = sum(a + mine < b + theirs for a in faces for b in faces)
    return Fraction(win, win + lose)

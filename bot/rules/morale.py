"""Morale: 9th edition (and Eternum) Morale tests with Combat Attrition; 10th edition Battle-shock
and Desperate Escape.

Each test rolls with an injected `Dice`, returns a frozen result that keeps every die, and has an
exact-odds twin. The Eternum seed (004) titles "MORALE AND BATTLESHOCK" but gives it no text; it is
"built on 9th", so Eternum units use the 9th edition Morale test here.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.rules.chances import TWO_D6, at_least, binomial, require_between
from bot.rules.dice import D6, Dice, DieRoll, TwoD6, roll_die, roll_two_d6
from bot.rules.errors import IllegalAction, InvalidProfile
from bot.rules.profiles import MAX_MODELS

MAX_LEADERSHIP = 20  # seed 004: Ld is "never modified below 1"; no printed Ld comes near 20
SIXTH = Fraction(1, 6)


def below_half_strength(models: int, starting_strength: int) -> bool:
    """Seed 004 and seed 002: "the number of models is less than half its Starting Strength"."""
    return 2 * models < starting_strength


@dataclass(frozen=True, slots=True)
class MoraleTest:
    """A 9th edition Morale test and, if it failed, the Combat Attrition dice (seed 000)."""

    leadership: int
    destroyed_this_turn: int
    models_before: int
    starting_strength: int
    die: DieRoll
    attrition: tuple[DieRoll, ...] = ()

    @property
    def total(self) -> int:
        # seed 000: "roll one D6 and add the number of models from the unit that have been
        # destroyed this turn"
        return self.die.value + self.destroyed_this_turn

    @property
    def passed(self) -> bool:
        # seed 000: passed if "equal to or less than the highest Leadership"; "An unmodified roll of
        # 1 also always results in a passed Morale test, irrespective of the total result."
        return self.die.value == 1 or self.total <= self.leadership

    @property
    def attrition_below_half(self) -> bool:
        """Below Half-strength once the first model has fled, when attrition is rolled."""
        return not self.passed and below_half_strength(
            self.models_before - 1, self.starting_strength
        )

    @property
    def attrition_results(self) -> tuple[int, ...]:
        """Each attrition D6 after the −1 for Below Half-strength, never below 1 (seed 004)."""
        minus = 1 if self.attrition_below_half else 0
        return tuple(max(1, d.value - minus) for d in self.attrition)

    @property
    def models_fled(self) -> int:
        # seed 000: on a failure "one model flees that unit"; then "for each result of 1, one
        # additional model flees that unit".
        if self.passed:
            return 0
        return 1 + sum(r == 1 for r in self.attrition_results)

    @property
    def models_left(self) -> int:
        return self.models_before - self.models_fled


def _check_unit(leadership: int, destroyed: int, models: int, starting_strength: int) -> None:
    require_between(leadership, 1, MAX_LEADERSHIP, "a Leadership", InvalidProfile)
    require_between(destroyed, 1, MAX_MODELS, "the models destroyed this turn", IllegalAction)
    require_between(models, 1, MAX_MODELS, "the models left in the unit", InvalidProfile)
    require_between(
        starting_strength,
        models,
        MAX_MODELS,
        "a Starting Strength (at least the models left)",
        InvalidProfile,
    )


def morale_test(
    dice: Dice, leadership: int, destroyed_this_turn: int, models: int, starting_strength: int
) -> MoraleTest:
    """Take a Morale test for a unit of `models` that lost `destroyed_this_turn` this turn.

    Seed 000: only a unit "that has had models destroyed this turn" tests, so that is at least 1.
    On a failure one model flees, then one attrition D6 is rolled "for each remaining model".
    """
    _check_unit(leadership, destroyed_this_turn, models, starting_strength)
    test = MoraleTest(
        leadership, destroyed_this_turn, models, starting_strength, roll_die(D6, dice)
    )
    if test.passed:
        return test
    attrition = tuple(roll_die(D6, dice) for _ in range(models - 1))
    return MoraleTest(
        leadership, destroyed_this_turn, models, starting_strength, test.die, attrition
    )


def chance_to_pass_morale(leadership: int, destroyed_this_turn: int) -> Fraction:
    """Exact chance: a 1, or a D6 + destroyed that is at most the Leadership."""
    require_between(leadership, 1, MAX_LEADERSHIP, "a Leadership", InvalidProfile)
    require_between(
        destroyed_this_turn, 1, MAX_MODELS, "the models destroyed this turn", IllegalAction
    )
    return sum(
        (SIXTH for face in range(1, 7) if face == 1 or face + destroyed_this_turn <= leadership),
        Fraction(0),
    )


def attrition_chance(below_half: bool) -> Fraction:
    """One attrition die flees a model on a result of 1: a 1, or a 1-2 with the −1 (seed 000)."""
    return Fraction(2, 6) if below_half else SIXTH


def models_lost_pmf(
    leadership: int, destroyed_this_turn: int, models: int, starting_strength: int
) -> dict[int, Fraction]:
    """Exact distribution of models lost to the Morale test and Combat Attrition together."""
    _check_unit(leadership, destroyed_this_turn, models, starting_strength)
    passed = chance_to_pass_morale(leadership, destroyed_this_turn)
    flee = attrition_chance(below_half_strength(models - 1, starting_strength))
    out = {0: passed}
    for extra, p in binomial(models - 1, flee).items():
        out[1 + extra] = (1 - passed) * p
    return out


@dataclass(frozen=True, slots=True)
class BattleShockTest(TwoD6):
    """A 10th edition Battle-shock test: 2D6 against Leadership (seed 003)."""

    leadership: int
    dice: tuple[DieRoll, DieRoll]

    @property
    def passed(self) -> bool:
        # seed 003: "Roll 2D6: if the result is greater than or equal to the unit's Leadership,
        # the test is passed. Otherwise, the unit is Battle-shocked".
        return self.total >= self.leadership


def _check_tenth_leadership(leadership: int) -> int:
    # 10th writes Ld as a 2D6 target ("6+"); outside 2-12 the test is certain or impossible.
    return require_between(leadership, 2, 12, "a Leadership (the 6 of 6+)", InvalidProfile)


def battle_shock_test(dice: Dice, leadership: int) -> BattleShockTest:
    """Take a Battle-shock test; seed 003 asks it of each unit that is Below Half-strength."""
    return BattleShockTest(_check_tenth_leadership(leadership), roll_two_d6(dice))


def chance_to_pass_battle_shock(leadership: int) -> Fraction:
    """Exact P(2D6 ≥ Leadership)."""
    return at_least(TWO_D6, _check_tenth_leadership(leadership))


@dataclass(frozen=True, slots=True)
class DesperateEscape:
    """Desperate Escape tests: one D6 per test, each 1-2 destroys one model (seed 003)."""

    dice: tuple[DieRoll, ...]

    @property
    def models_destroyed(self) -> int:
        # seed 003: "Desperate Escape Tests: Roll one D6. On a 1-2, one model from that unit is
        # destroyed."
        return sum(d.value <= 2 for d in self.dice)


def _check_tests(tests: int) -> int:
    # seed 003: every model if Battle-shocked, else the models that move over enemy models
    # (not TITANIC, not FLY): the caller counts them, one test per model.
    return require_between(
        tests, 1, MAX_MODELS, "the number of Desperate Escape tests", InvalidProfile
    )


def desperate_escape(dice: Dice, tests: int) -> DesperateEscape:
    """Take `tests` Desperate Escape tests (one per model that must take one)."""
    return DesperateEscape(tuple(roll_die(D6, dice) for _ in range(_check_tests(tests))))


def desperate_escape_pmf(tests: int) -> dict[int, Fraction]:
    """Exact distribution of models destroyed: each test destroys one with chance 2/6."""
    return binomial(_check_tests(tests), Fraction(2, 6))

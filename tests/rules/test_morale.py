"""Morale tests and Combat Attrition (seed 000); Battle-shock and Desperate Escape (seed 003)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction, InvalidProfile
from bot.rules.morale import (
    battle_shock_test,
    below_half_strength,
    chance_to_pass_battle_shock,
    chance_to_pass_morale,
    desperate_escape,
    desperate_escape_pmf,
    models_lost_pmf,
    morale_test,
)


def test_morale_test_adds_models_destroyed_this_turn() -> None:
    assert morale_test(ScriptedDice([4]), 7, 3, models=5, starting_strength=10).passed
    failed = morale_test(ScriptedDice([5, 6, 6, 6, 6]), 7, 3, models=5, starting_strength=10)
    assert (failed.total, failed.passed) == (8, False)


def test_unmodified_one_always_passes_morale() -> None:
    dice = ScriptedDice([1])
    test = morale_test(dice, 1, 20, models=5, starting_strength=30)
    assert test.total == 21
    assert test.passed
    assert (test.attrition, test.models_fled, dice.remaining) == ((), 0, 0)


def test_failed_morale_flees_one_then_attrition_die_for_each_remaining_model() -> None:
    test = morale_test(ScriptedDice([3, 1, 2, 6, 1]), 6, 5, models=5, starting_strength=5)
    assert len(test.attrition) == 4
    assert not test.attrition_below_half
    assert (test.models_fled, test.models_left) == (3, 2)


def test_combat_attrition_subtracts_one_below_half_strength() -> None:
    # 5 of 10 models, one flees: 4 left is below Half-strength, so faces 1 and 2 both give 1.
    test = morale_test(ScriptedDice([6, 2, 1, 3, 6]), 6, 1, models=5, starting_strength=10)
    assert test.attrition_below_half
    assert test.attrition_results == (1, 1, 2, 5)
    assert test.models_fled == 3


def test_half_strength_for_attrition_is_judged_after_the_first_model_flees() -> None:
    # 5 of 9 is not below half (10 ≥ 9); after one flees, 4 of 9 is (8 < 9).
    assert not below_half_strength(5, 9)
    test = morale_test(ScriptedDice([6, 2, 6, 6, 6]), 5, 2, models=5, starting_strength=9)
    assert test.attrition_below_half
    assert test.models_fled == 2


def test_a_lone_model_that_fails_morale_flees_without_attrition() -> None:
    dice = ScriptedDice([6])
    test = morale_test(dice, 5, 1, models=1, starting_strength=10)
    assert (test.models_fled, test.models_left, test.attrition, dice.remaining) == (1, 0, (), 0)


def test_chance_to_pass_morale_hand_derived() -> None:
    assert chance_to_pass_morale(7, 3) == Fraction(4, 6)
    assert chance_to_pass_morale(1, 5) == Fraction(1, 6)  # only the unmodified 1
    assert chance_to_pass_morale(10, 1) == 1


def test_models_lost_distribution_hand_derived() -> None:
    # Ld 6, 3 destroyed: passes on 1-3 (1/2). On a failure one flees; 2 left of 10 is below half,
    # so each attrition die flees on 1-2 (1/3): Binomial(2, 1/3) = 4/9, 4/9, 1/9.
    assert models_lost_pmf(6, 3, models=3, starting_strength=10) == {
        0: Fraction(1, 2),
        1: Fraction(2, 9),
        2: Fraction(2, 9),
        3: Fraction(1, 18),
    }


def test_models_lost_distribution_matches_every_scripted_roll() -> None:
    ld, destroyed, models, strength = 5, 2, 3, 6
    counts: Counter[int] = Counter()
    for faces in product(range(1, 7), repeat=models):
        test = morale_test(ScriptedDice(faces), ld, destroyed, models, strength)
        counts[test.models_fled] += 1  # each sequence of faces is equally likely
    total = 6**models
    expected = {k: Fraction(n, total) for k, n in counts.items()}
    assert models_lost_pmf(ld, destroyed, models, strength) == expected


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ((0, 1, 5, 10), InvalidProfile, "Leadership from 1 to 20"),
        ((7, 0, 5, 10), IllegalAction, "destroyed this turn from 1 to 100"),
        ((7, 1, 0, 10), InvalidProfile, "models left in the unit from 1 to 100"),
        ((7, 1, 5, 4), InvalidProfile, "Starting Strength"),
    ],
)
def test_morale_inputs_are_bounded_with_one_sentence(
    args: tuple[int, int, int, int], error: type[Exception], match: str
) -> None:
    with pytest.raises(error, match=match):
        morale_test(ScriptedDice([6] * 10), *args)
    with pytest.raises(error, match=match):
        models_lost_pmf(*args)


def test_battle_shock_passes_when_total_equals_leadership() -> None:
    assert battle_shock_test(ScriptedDice([3, 4]), 7).passed
    shocked = battle_shock_test(ScriptedDice([3, 3]), 7)
    assert (shocked.total, shocked.passed) == (6, False)


def test_battle_shock_pass_chance_hand_derived() -> None:
    assert chance_to_pass_battle_shock(7) == Fraction(21, 36)
    assert chance_to_pass_battle_shock(6) == Fraction(26, 36)
    assert chance_to_pass_battle_shock(2) == 1
    assert chance_to_pass_battle_shock(12) == Fraction(1, 36)


@pytest.mark.parametrize("leadership", [1, 13])
def test_battle_shock_leadership_outside_two_to_twelve_is_refused(leadership: int) -> None:
    with pytest.raises(InvalidProfile, match="from 2 to 12"):
        battle_shock_test(ScriptedDice([3, 3]), leadership)


def test_desperate_escape_destroys_a_model_on_each_one_or_two() -> None:
    escape = desperate_escape(ScriptedDice([1, 2, 3, 6]), 4)
    assert escape.models_destroyed == 2
    assert [d.value for d in escape.dice] == [1, 2, 3, 6]


def test_desperate_escape_distribution_hand_derived() -> None:
    assert desperate_escape_pmf(2) == {0: Fraction(4, 9), 1: Fraction(4, 9), 2: Fraction(1, 9)}


def test_desperate_escape_needs_at_least_one_test() -> None:
    with pytest.raises(InvalidProfile, match="Desperate Escape tests from 1 to 100"):
        desperate_escape(ScriptedDice([]), 0)


@given(st.integers(1, 12), st.integers(1, 12), st.integers(1, 30), st.integers(0, 30))
def test_models_lost_distribution_sums_to_one(
    ld: int, destroyed: int, models: int, extra: int
) -> None:
    pmf = models_lost_pmf(ld, destroyed, models, models + extra)
    assert sum(pmf.values()) == 1
    assert set(pmf) <= set(range(models + 1))
    assert pmf[0] == chance_to_pass_morale(ld, destroyed)


@given(st.integers(1, 100))
def test_desperate_escape_distribution_sums_to_one(tests: int) -> None:
    pmf = desperate_escape_pmf(tests)
    assert sum(pmf.values()) == 1
    assert sum(k * p for k, p in pmf.items()) == Fraction(tests, 3)

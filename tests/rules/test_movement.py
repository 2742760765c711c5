"""Charges and Advances (seeds 000, 002, 004); Eternum reserves and set-up roll-offs (seed 004)."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.deployment import (
    arrivals_pmf,
    attacker_defender_rolloff,
    chance_to_arrive,
    chance_to_win_first_turn_rolloff,
    first_turn_rolloff,
    reserve_rolls,
)
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction, InvalidProfile
from bot.rules.movement import (
    advance,
    advance_pmf,
    chance_to_charge,
    charge_needed,
    reroll_charge,
    roll_charge,
    rolled_charge,
)

BASE = 0  # 7th (seed 001): a charge moves into base contact, so the roll needed is the distance
ENGAGEMENT = 1  # 9th, 10th and Eternum: Engagement Range is 1"


def test_charge_succeeds_when_total_equals_distance() -> None:
    charge = roll_charge(ScriptedDice([3, 4]), 7, engagement_range=BASE)
    assert (charge.total, charge.succeeded, charge.rerolled, charge.first_total) == (
        7,
        True,
        False,
        None,
    )


def test_charge_fails_when_total_is_short() -> None:
    assert not roll_charge(ScriptedDice([3, 3]), 7, engagement_range=BASE).succeeded


def test_rerolling_a_charge_rerolls_both_dice() -> None:
    charge = roll_charge(
        ScriptedDice([1, 2, 5, 4]), 8, reroll_if_failed=True, engagement_range=BASE
    )
    assert [(d.first, d.value) for d in charge.dice] == [(1, 5), (2, 4)]
    assert (charge.first_total, charge.total, charge.succeeded) == (3, 9, True)


def test_successful_charge_is_not_rerolled() -> None:
    dice = ScriptedDice([6, 6, 1, 1])
    assert not roll_charge(dice, 8, reroll_if_failed=True, engagement_range=BASE).rerolled
    assert dice.remaining == 2


def test_a_charge_roll_is_never_rerolled_twice() -> None:
    charge = roll_charge(
        ScriptedDice([1, 1, 2, 2]), 9, reroll_if_failed=True, engagement_range=BASE
    )
    with pytest.raises(IllegalAction, match="never re-rolled twice"):
        reroll_charge(charge, ScriptedDice([6, 6]))


@pytest.mark.parametrize("distance", [13, 24])
def test_charge_beyond_twelve_inches_is_refused_in_one_sentence(distance: int) -> None:
    with pytest.raises(IllegalAction, match=r"within 12\".*from 1 to 12"):
        roll_charge(ScriptedDice([6, 6]), distance, engagement_range=BASE)
    with pytest.raises(IllegalAction):
        chance_to_charge(distance, engagement_range=BASE)


def test_charge_distance_below_one_inch_is_refused() -> None:
    with pytest.raises(InvalidProfile, match="charge distance from 1 to 12"):
        roll_charge(ScriptedDice([6, 6]), 0, engagement_range=BASE)


def test_chance_to_charge_hand_derived() -> None:
    assert chance_to_charge(9, engagement_range=BASE) == Fraction(10, 36)
    assert (
        chance_to_charge(9, reroll=True, engagement_range=BASE)
        == 1 - Fraction(26, 36) ** 2
        == Fraction(155, 324)
    )
    assert chance_to_charge(12, reroll=True, engagement_range=BASE) == Fraction(71, 1296)
    assert (
        chance_to_charge(2, engagement_range=BASE)
        == chance_to_charge(1, engagement_range=BASE)
        == 1
    )


@pytest.mark.parametrize("reach", [BASE, ENGAGEMENT])
def test_chance_to_charge_with_reroll_matches_every_scripted_roll(reach: int) -> None:
    for distance in range(1, 13):
        hits = sum(
            roll_charge(
                ScriptedDice(faces), distance, reroll_if_failed=True, engagement_range=reach
            ).succeeded
            for faces in product(range(1, 7), repeat=4)
        )
        assert chance_to_charge(distance, reroll=True, engagement_range=reach) == Fraction(
            hits, 6**4
        )


def test_charge_roll_need_ends_within_one_inch_engagement_range() -> None:
    """Seed 000: "the unit's charge roll must be sufficient that it is able to end that move ...
    within Engagement Range of every unit that was a target of its charge" (1" in 9th/10th)."""
    assert charge_needed(9, ENGAGEMENT) == 8
    assert charge_needed(9, BASE) == 9
    assert charge_needed(12, ENGAGEMENT) == 11
    assert [charge_needed(d, ENGAGEMENT) for d in (1, 2, 3)] == [2, 2, 2]  # 2D6 rolls 2 at least
    charge = roll_charge(ScriptedDice([4, 4]), 9, engagement_range=ENGAGEMENT)
    assert (charge.distance, charge.needed, charge.total, charge.succeeded) == (9, 8, 8, True)
    assert not roll_charge(ScriptedDice([4, 3]), 9, engagement_range=ENGAGEMENT).succeeded
    assert not roll_charge(ScriptedDice([4, 4]), 9, engagement_range=BASE).succeeded


def test_charge_odds_are_for_the_roll_needed_hand_derived() -> None:
    # 9" with 1" Engagement Range needs 8+: totals 8-12 come up 5+4+3+2+1 = 15 ways in 36.
    assert chance_to_charge(9, engagement_range=ENGAGEMENT) == Fraction(15, 36)
    # Failing twice: (21/36)² = 441/1296, so 855/1296 succeed with a re-roll.
    assert chance_to_charge(9, reroll=True, engagement_range=ENGAGEMENT) == Fraction(855, 1296)
    assert chance_to_charge(1, engagement_range=ENGAGEMENT) == 1


def test_a_charge_recorded_in_the_log_rerolls_both_dice_once() -> None:
    """Seed 004: "You can never re-roll a dice more than once"."""
    logged = rolled_charge(9, 8, (1, 2))
    again = reroll_charge(logged, ScriptedDice([5, 3]))
    assert (again.first_faces, again.faces, again.succeeded) == ((1, 2), (5, 3), True)
    with pytest.raises(IllegalAction, match="never re-rolled twice"):
        reroll_charge(again, ScriptedDice([6, 6]))


def test_advance_adds_a_d6_to_move() -> None:
    roll = advance(ScriptedDice([4]), 6)
    assert (roll.die.value, roll.total) == (4, 10)


def test_advance_distribution_is_move_plus_one_to_six() -> None:
    assert advance_pmf(6) == {m: Fraction(1, 6) for m in range(7, 13)}


def test_advance_needs_a_move_characteristic() -> None:
    with pytest.raises(InvalidProfile, match="Move in inches from 1 to 100"):
        advance(ScriptedDice([3]), 0)


def test_reserves_arrive_on_three_plus() -> None:
    rolls = reserve_rolls(ScriptedDice([1, 2, 3, 6]), turn=2, units=4)
    assert rolls.arrives == (False, False, True, True)
    assert (rolls.arrived, rolls.remaining) == (2, 2)


def test_reserves_never_arrive_on_an_unmodified_one() -> None:
    rolls = reserve_rolls(ScriptedDice([1, 2]), turn=3, units=2, modifier=2)
    assert rolls.results == (3, 4)
    assert rolls.arrives == (False, True)


def test_reserve_roll_modifier_minus_one() -> None:
    rolls = reserve_rolls(ScriptedDice([3, 4]), turn=2, units=2, modifier=-1)
    assert rolls.arrives == (False, True)


def test_reserves_arrive_automatically_on_the_fourth_turn() -> None:
    rolls = reserve_rolls(ScriptedDice([]), turn=4, units=3)
    assert (rolls.automatic, rolls.dice, rolls.arrived, rolls.remaining) == (True, (), 3, 0)


def test_reserves_cannot_arrive_in_the_first_turn() -> None:
    with pytest.raises(IllegalAction, match="second turn"):
        reserve_rolls(ScriptedDice([6]), turn=1, units=1)


def test_no_reserves_are_left_after_the_fourth_turn() -> None:
    with pytest.raises(IllegalAction, match="turn number from 2 to 4"):
        reserve_rolls(ScriptedDice([6]), turn=5, units=1)


@pytest.mark.parametrize("modifier", [-3, 3])
def test_reserve_modifier_is_bounded(modifier: int) -> None:
    with pytest.raises(InvalidProfile, match="from -2 to 2"):
        reserve_rolls(ScriptedDice([6]), turn=2, units=1, modifier=modifier)


@pytest.mark.parametrize(
    ("modifier", "chance"),
    [(-2, Fraction(2, 6)), (-1, Fraction(3, 6)), (0, Fraction(4, 6)), (1, Fraction(5, 6)),
     (2, Fraction(5, 6))],
)  # fmt: skip
def test_chance_to_arrive_hand_derived(modifier: int, chance: Fraction) -> None:
    assert chance_to_arrive(modifier) == chance
    assert chance_to_arrive(modifier, turn=4) == 1


def test_arrivals_distribution_matches_every_scripted_roll() -> None:
    for modifier in range(-2, 3):
        counts = Counter(
            reserve_rolls(ScriptedDice(f), 2, 2, modifier).arrived
            for f in product(range(1, 7), repeat=2)
        )
        expected = {k: Fraction(n, 36) for k, n in counts.items()}
        assert {k: p for k, p in arrivals_pmf(2, modifier).items() if p} == expected


def test_attacker_defender_rolloff_rerolls_ties() -> None:
    rolloff = attacker_defender_rolloff(ScriptedDice([3, 3, 2, 5]))
    assert (rolloff.rounds, rolloff.winner) == (((3, 3), (2, 5)), 1)


def test_first_deployer_bonus_wins_a_tie_on_the_dice() -> None:
    rolloff = first_turn_rolloff(ScriptedDice([4, 4]), finished_deploying_first=1)
    assert (rolloff.totals(0), rolloff.winner) == ((4, 5), 1)


def test_first_turn_rolloff_rerolls_a_tie_after_the_bonus() -> None:
    rolloff = first_turn_rolloff(ScriptedDice([3, 4, 5, 2]), finished_deploying_first=0)
    assert rolloff.rounds == ((3, 4), (5, 2))
    assert (rolloff.totals(0), rolloff.winner) == ((4, 4), 0)


def test_chance_to_win_first_turn_rolloff_hand_derived() -> None:
    # With +1: 21 of 36 pairs win, 5 tie (re-rolled), 10 lose, so 21/31.
    assert chance_to_win_first_turn_rolloff(finished_deploying_first=True) == Fraction(21, 31)
    assert chance_to_win_first_turn_rolloff(finished_deploying_first=False) == Fraction(10, 31)


def test_first_turn_rolloff_chance_matches_every_scripted_roll() -> None:
    # Rounds that tie are re-rolled, so count only the 31 first rounds that decide it.
    wins = Counter(
        first_turn_rolloff(ScriptedDice(pair), finished_deploying_first=0).winner
        for pair in product(range(1, 7), repeat=2)
        if pair[0] + 1 != pair[1]
    )
    assert Fraction(wins[0], wins[0] + wins[1]) == chance_to_win_first_turn_rolloff(True)


@given(st.integers(1, 12))
def test_a_reroll_never_lowers_the_chance_to_charge(distance: int) -> None:
    p = chance_to_charge(distance, engagement_range=BASE)
    assert p <= chance_to_charge(distance, reroll=True, engagement_range=BASE) <= 1


@given(st.integers(1, 60), st.integers(-2, 2), st.integers(2, 4))
def test_arrivals_distribution_sums_to_one(units: int, modifier: int, turn: int) -> None:
    assert sum(arrivals_pmf(units, modifier, turn).values()) == 1

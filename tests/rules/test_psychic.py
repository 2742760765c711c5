"""Psychic tests, Deny the Witch, Perils of the Warp and Smite (seeds 000 and 002)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.dice import D3, D6, ScriptedDice
from bot.rules.errors import IllegalAction, InvalidProfile
from bot.rules.psychic import (
    apply_mortal_wounds,
    chance_of_perils,
    chance_to_deny,
    chance_to_manifest,
    chance_to_pass,
    deny_the_witch,
    manifested,
    perils_blast,
    perils_of_the_warp,
    psychic_test,
    smite,
    smite_pmf,
    smite_warp_charge,
)

# Seed 002, "Unmodified Psychic Test Success Changes" (whole percents, truncated: 10/36 is 27.8%).
SEED_002_TABLE = {9: 27, 8: 41, 7: 58, 6: 72, 5: 83, 4: 91}


def closed_form_at_least(n: int) -> Fraction:
    """P(2D6 ≥ n) by counting pairs: 1 − (n−1)(n−2)/72 up to 7, (13−n)(14−n)/72 from 7."""
    if n <= 2:
        return Fraction(1)
    if n > 12:
        return Fraction(0)
    if n <= 7:
        return 1 - Fraction((n - 1) * (n - 2), 72)
    return Fraction((13 - n) * (14 - n), 72)


def test_psychic_test_passes_when_total_equals_warp_charge() -> None:
    test = psychic_test(ScriptedDice([2, 3]), 5)
    assert (test.total, test.passed, test.perils) == (5, True, False)


def test_psychic_test_fails_below_warp_charge() -> None:
    assert not psychic_test(ScriptedDice([2, 4]), 7).passed


def test_perils_on_double_one_even_when_test_passes() -> None:
    test = psychic_test(ScriptedDice([1, 1]), 2)
    assert test.passed
    assert test.perils


def test_perils_on_double_six_even_when_test_passes() -> None:
    test = psychic_test(ScriptedDice([6, 6]), 7)
    assert test.passed
    assert test.perils


def test_perils_on_double_one_when_test_fails() -> None:
    test = psychic_test(ScriptedDice([1, 1]), 5)
    assert not test.passed
    assert test.perils


@pytest.mark.parametrize("faces", [[2, 2], [3, 3], [5, 5], [1, 6], [6, 1]])
def test_no_perils_on_other_doubles_or_mixed_ones_and_sixes(faces: list[int]) -> None:
    assert not psychic_test(ScriptedDice(faces), 5).perils


@pytest.mark.parametrize(("warp_charge", "percent"), sorted(SEED_002_TABLE.items()))
def test_chance_to_pass_matches_seed_002_table(warp_charge: int, percent: int) -> None:
    assert int(chance_to_pass(warp_charge) * 100) == percent


def test_chance_to_pass_hand_derived_fractions() -> None:
    assert chance_to_pass(5) == Fraction(30, 36)
    assert chance_to_pass(7) == Fraction(21, 36)
    assert chance_to_pass(9) == Fraction(10, 36)
    assert chance_to_pass(12) == Fraction(1, 36)


@pytest.mark.parametrize("warp_charge", range(2, 31))
def test_chance_to_pass_matches_closed_form(warp_charge: int) -> None:
    assert chance_to_pass(warp_charge) == closed_form_at_least(warp_charge)


def test_chance_of_perils_is_two_pairs_in_thirty_six() -> None:
    assert chance_of_perils() == Fraction(1, 18)


@pytest.mark.parametrize("warp_charge", [1, 0, -3, 31])
def test_warp_charge_outside_two_to_thirty_is_refused_in_one_sentence(warp_charge: int) -> None:
    with pytest.raises(InvalidProfile, match=r"^Type a warp charge from 2 to 30 \(not -?\d+\)\.$"):
        psychic_test(ScriptedDice([3, 3]), warp_charge)
    with pytest.raises(InvalidProfile):
        chance_to_pass(warp_charge)


def test_deny_the_witch_must_beat_the_result_not_equal_it() -> None:
    assert not deny_the_witch(ScriptedDice([3, 4]), 7).denied
    assert deny_the_witch(ScriptedDice([4, 4]), 7).denied


def test_chance_to_deny_hand_derived() -> None:
    assert chance_to_deny(7) == Fraction(15, 36)
    assert chance_to_deny(2) == Fraction(35, 36)
    assert chance_to_deny(11) == Fraction(1, 36)
    assert chance_to_deny(12) == 0


@pytest.mark.parametrize("result", [1, 13])
def test_deny_against_a_result_2d6_cannot_make_is_refused(result: int) -> None:
    with pytest.raises(InvalidProfile, match="from 2 to 12"):
        deny_the_witch(ScriptedDice([3, 3]), result)


def test_chance_to_manifest_against_one_deny_attempt() -> None:
    # Warp charge 11: an 11 (2/36) survives a deny unless the denier rolls 12 (1/36); a 12 (1/36)
    # can never be beaten.
    expected = Fraction(2, 36) * Fraction(35, 36) + Fraction(1, 36)
    assert chance_to_manifest(11, deny_attempt=True) == expected
    assert chance_to_manifest(11) == Fraction(3, 36)


def test_power_is_not_manifested_when_denied() -> None:
    test = psychic_test(ScriptedDice([3, 4]), 6)
    deny = deny_the_witch(ScriptedDice([5, 5]), test.total)
    assert not manifested(test, deny, psyker_destroyed=False)
    assert manifested(test, deny_the_witch(ScriptedDice([3, 4]), test.total), False)


def test_power_fails_when_perils_destroys_the_psyker() -> None:
    test = psychic_test(ScriptedDice([6, 6]), 7)
    assert manifested(test, None, psyker_destroyed=False)
    assert not manifested(test, None, psyker_destroyed=True)


def test_only_perils_can_destroy_the_psyker_while_manifesting() -> None:
    with pytest.raises(IllegalAction, match="Only Perils"):
        manifested(psychic_test(ScriptedDice([3, 4]), 6), None, psyker_destroyed=True)


@pytest.mark.parametrize(("face", "wounds"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_perils_deals_d3_mortal_wounds(face: int, wounds: int) -> None:
    perils = perils_of_the_warp(ScriptedDice([face]))
    assert perils.die.kind == D3
    assert (perils.die.raw, perils.mortal_wounds) == (face, wounds)


def test_perils_blast_rolls_a_d3_for_each_unit_within_six_inches() -> None:
    blast = perils_blast(ScriptedDice([1, 4, 6]), 3)
    assert blast.mortal_wounds == (1, 2, 3)
    assert perils_blast(ScriptedDice([]), 0).dice == ()


def test_perils_blast_refuses_too_many_units() -> None:
    with pytest.raises(InvalidProfile, match="from 0 to 30"):
        perils_blast(ScriptedDice([]), 31)


def test_smite_warp_charge_rises_by_one_for_each_earlier_attempt() -> None:
    assert [smite_warp_charge(n) for n in (0, 1, 3, 20)] == [5, 6, 8, 25]


@pytest.mark.parametrize("earlier", [-1, 21])
def test_smite_earlier_attempts_are_bounded(earlier: int) -> None:
    with pytest.raises(IllegalAction, match="from 0 to 20"):
        smite_warp_charge(earlier)


def test_smite_deals_d3_mortal_wounds_below_eleven() -> None:
    test = psychic_test(ScriptedDice([4, 6]), smite_warp_charge(0))
    wounds = smite(ScriptedDice([6]), test)
    assert (wounds.die.kind, wounds.mortal_wounds) == (D3, 3)


def test_smite_deals_d6_mortal_wounds_on_a_result_of_eleven_or_more() -> None:
    test = psychic_test(ScriptedDice([5, 6]), smite_warp_charge(2))
    wounds = smite(ScriptedDice([6]), test)
    assert (wounds.die.kind, wounds.mortal_wounds) == (D6, 6)


def test_smite_needs_a_passed_psychic_test() -> None:
    test = psychic_test(ScriptedDice([2, 2]), smite_warp_charge(0))
    with pytest.raises(IllegalAction, match="passed"):
        smite(ScriptedDice([3]), test)


def test_smite_mortal_wounds_distribution_hand_derived() -> None:
    # Warp charge 5: fails on 2-4 (6/36); 5-10 (27/36) gives D3; 11-12 (3/36) gives D6.
    pmf = smite_pmf(0)
    assert pmf[0] == Fraction(6, 36)
    assert pmf[1] == pmf[2] == pmf[3] == Fraction(9, 36) + Fraction(1, 72)
    assert pmf[4] == pmf[5] == pmf[6] == Fraction(1, 72)


def test_mortal_wounds_spill_over_from_the_damaged_model() -> None:
    after = apply_mortal_wounds(4, models=3, wounds_per_model=2, wounds_left=1)
    assert (after.models_left, after.wounds_left, after.models_destroyed) == (1, 1, 2)
    assert (after.wounds_lost, after.excess) == (4, 0)


def test_mortal_wounds_beyond_the_last_wound_are_excess() -> None:
    after = apply_mortal_wounds(5, models=1, wounds_per_model=3)
    assert (after.models_left, after.wounds_left, after.models_destroyed) == (0, 0, 1)
    assert (after.wounds_lost, after.excess) == (3, 2)


def test_no_mortal_wounds_change_nothing() -> None:
    after = apply_mortal_wounds(0, models=5, wounds_per_model=1)
    assert (after.models_left, after.wounds_left, after.models_destroyed) == (5, 1, 0)


def test_wounds_left_on_the_damaged_model_must_fit_its_profile() -> None:
    with pytest.raises(InvalidProfile, match="from 1 to 2"):
        apply_mortal_wounds(1, models=2, wounds_per_model=2, wounds_left=3)


@given(st.integers(1, 20), st.integers(1, 6), st.data(), st.integers(0, 30), st.integers(0, 30))
def test_mortal_wounds_applied_one_at_a_time_equal_all_at_once(
    models: int, per_model: int, data: st.DataObject, first: int, second: int
) -> None:
    front = data.draw(st.integers(1, per_model))
    once = apply_mortal_wounds(first + second, models, per_model, front)
    step = apply_mortal_wounds(first, models, per_model, front)
    for _ in range(second):
        if step.models_left == 0:
            break
        step = apply_mortal_wounds(1, step.models_left, per_model, step.wounds_left)
    assert (once.models_left, once.wounds_left) == (step.models_left, step.wounds_left)
    assert once.models_destroyed + once.models_left == models


@given(st.integers(0, 20), st.booleans())
def test_smite_distribution_sums_to_one(earlier: int, deny: bool) -> None:
    pmf = smite_pmf(earlier, deny_attempt=deny)
    assert sum(pmf.values()) == 1
    assert 1 - pmf[0] == chance_to_manifest(smite_warp_charge(earlier), deny_attempt=deny)

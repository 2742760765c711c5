"""Dice notation as seeds 002 and 004 define it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.dice import ScriptedDice
from bot.rules.errors import InvalidDice, RulesError, TooManyDice
from bot.rules.notation import MAX_DICE, parse


def roll(text: str, faces: list[int]) -> int:
    dice = ScriptedDice(faces)
    total = parse(text).roll(dice).total
    assert dice.remaining == 0, "the expression used fewer dice than scripted"
    return total


def test_d6_is_one_six_sided_die() -> None:
    assert roll("D6", [4]) == 4


def test_nd6_adds_the_dice_together() -> None:
    assert roll("3D6", [1, 5, 6]) == 12


@pytest.mark.parametrize(("face", "value"), [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (6, 3)])
def test_d3_is_a_d6_halved_rounding_up(face: int, value: int) -> None:
    assert roll("D3", [face]) == value


def test_d33_is_two_d3_tens_then_units() -> None:
    # Seed 004: "the first was a 2 and the second was a 1, then the D33 result is a 21".
    assert roll("D33", [3, 1]) == 21


def test_d6_plus_1_adds_one() -> None:
    assert roll("D6+1", [3]) == 4


def test_3d6_minus_1() -> None:
    assert roll("3D6-1", [2, 2, 2]) == 5


def test_2d6_plus_d3_adds_both_groups() -> None:
    assert roll("2D6+D3", [6, 6, 5]) == 15


def test_dn_rolls_other_sizes() -> None:
    assert parse("D20").pmf == pytest.approx(dict.fromkeys(range(1, 21), 1 / 20))
    assert roll("d100", [73]) == 73


@pytest.mark.parametrize("text", ["D6*2", "D6×2", "D6x2", "d6 * 2"])
def test_times_multiplies(text: str) -> None:
    assert roll(text, [5]) == 10


def test_division_rounds_fractions_up() -> None:
    assert roll("D6/2", [5]) == 3


def test_modifiers_apply_division_then_multiplication_then_addition_then_subtraction() -> None:
    # Seed 004: ÷ before × before + before −, whatever order they are written in.
    # (5 ÷ 2) × 3 + 1 − 2 = 6.5 → rounded up to 7.
    assert roll("D6-2+1*3/2", [5]) == 7


def test_fractions_are_rounded_up_after_all_modifiers() -> None:
    # 3 ÷ 2 = 1.5, + 0.. then ×1: rounding happens once, at the end (1.5 × 3 = 4.5 → 5, not 6).
    assert roll("D6/2*3", [3]) == 5


def test_a_roll_is_never_modified_below_one() -> None:
    assert roll("D6-5", [1]) == 1
    assert parse("D6-4").pmf == pytest.approx({1: 5 / 6, 2: 1 / 6})


def test_subtracted_dice_never_take_the_result_below_one() -> None:
    assert roll("D3-D6", [1, 6]) == 1


def test_fixed_number_is_accepted_for_attack_and_damage_values() -> None:
    expr = parse("2")
    assert expr.is_fixed
    assert expr.pmf == {2: 1.0}


def test_distribution_of_2d6_matches_the_closed_form() -> None:
    pmf = parse("2D6").pmf
    assert pmf == pytest.approx({n: (6 - abs(n - 7)) / 36 for n in range(2, 13)})


def test_mean_of_d6_plus_1_is_four_and_a_half() -> None:
    assert parse("D6+1").mean == pytest.approx(4.5)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "banana",
        "D",
        "2D",
        "D6+",
        "+D6",
        "D6++1",
        "D6 D6",
        "D1",
        "D6*D6",
        "D6/0",
        "0",
        "3-5",
        "0D6",
    ],
)
def test_unreadable_expressions_raise_one_sentence(text: str) -> None:
    with pytest.raises(InvalidDice) as err:
        parse(text)
    message = str(err.value)
    assert message.endswith(".") and "\n" not in message


def test_at_most_1000_dice_in_one_roll() -> None:
    assert parse(f"{MAX_DICE}D6").dice_count == MAX_DICE
    with pytest.raises(TooManyDice, match="the most is 1000"):
        parse("1001D6")
    with pytest.raises(TooManyDice, match="the most is 1000"):
        parse("600D6+600D6")


def test_d33_counts_two_dice_each_against_the_cap() -> None:
    with pytest.raises(TooManyDice):
        parse("501D33")


def test_expressions_are_at_most_100_characters() -> None:
    parse("D6" + "+1" * 49)  # exactly 100
    with pytest.raises(TooManyDice, match="100 or fewer"):
        parse("D6" + "+1" * 50)


def test_a_distribution_too_large_to_work_out_is_refused_in_one_sentence() -> None:
    expr = parse("999D999")  # rolling it is fine; its exact distribution is not
    assert expr.maximum == 999 * 999
    with pytest.raises(TooManyDice, match="too many possible results"):
        _ = expr.pmf


def test_distribution_of_1000d6_is_worked_out() -> None:
    pmf = parse("1000D6").pmf
    assert sum(pmf.values()) == pytest.approx(1)
    assert sum(v * p for v, p in pmf.items()) == pytest.approx(3500)


def test_distribution_of_a_modified_roll_uses_the_modifier_order() -> None:
    # (D6 ÷ 2) × 3 rounded up: faces 1..6 give 2, 3, 5, 6, 8, 9.
    assert parse("D6/2*3").pmf == pytest.approx(dict.fromkeys((2, 3, 5, 6, 8, 9), 1 / 6))


def test_huge_numbers_are_refused_not_computed() -> None:
    with pytest.raises(TooManyDice):
        parse("D6*99999999999999999999")


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=120))
def test_any_string_gives_a_result_or_a_rules_error(text: str) -> None:
    try:
        expr = parse(text)
    except RulesError as err:
        assert str(err)
        return
    assert 1 <= expr.minimum <= expr.maximum


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(["D6", "2D6", "D3", "D33", "d20", "3", "+", "-", "*", "/", "x", " ", "1"]),
        max_size=12,
    )
)
def test_dice_shaped_strings_give_a_result_or_a_rules_error(tokens: list[str]) -> None:
    try:
        expr = parse("".join(tokens))
        pmf = expr.pmf
    except RulesError:
        return
    assert sum(pmf.values()) == pytest.approx(1)
    assert expr.minimum <= min(pmf) <= max(pmf) <= expr.maximum
    # The extremes are in the distribution whenever a float can hold their chance: 200 dice of
    # up to 20 sides make at worst 20**-200 = 1e-260 (331D20's 20**-331 underflows to 0.0).
    if sum(g.count for g in (*expr.added, *expr.subtracted)) <= 200:
        assert (min(pmf), max(pmf)) == (expr.minimum, expr.maximum)


def test_extremes_too_unlikely_for_a_float_leave_the_distribution_but_it_still_sums_to_1() -> None:
    expr = parse("331d20")
    pmf = expr.pmf
    assert sum(pmf.values()) == pytest.approx(1)
    assert expr.minimum == 331 < min(pmf) and max(pmf) < expr.maximum == 6620

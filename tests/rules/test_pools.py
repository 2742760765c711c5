"""Pools against targets, re-rolls and roll-offs (seeds 002 and 004)."""

from __future__ import annotations

import pytest

from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction, InvalidDice
from bot.rules.notation import parse
from bot.rules.pools import (
    Reroll,
    Target,
    parse_target,
    reroll_pool,
    roll_expression,
    roll_off,
    roll_pool,
)


def test_three_plus_counts_dice_showing_three_or_more() -> None:
    pool = roll_pool(parse("6D6"), parse_target("3+"), ScriptedDice([1, 2, 3, 4, 5, 6]))
    assert pool.successes == 4


def test_nine_minus_counts_dice_showing_nine_or_less() -> None:
    pool = roll_pool(parse("4D20"), parse_target("9-"), ScriptedDice([9, 10, 1, 20]))
    assert pool.successes == 2
    assert str(pool.target) == "9-"


@pytest.mark.parametrize("text", ["3", "+3", "three+", "0+", "3+3", "1001+", ""])
def test_unreadable_targets_raise_one_sentence(text: str) -> None:
    with pytest.raises(InvalidDice, match="type 3\\+"):
        parse_target(text)


def test_target_accepts_spaces() -> None:
    assert parse_target(" 4 + ") == Target(4)


def test_reroll_failed_rerolls_only_dice_below_the_target() -> None:
    dice = ScriptedDice([1, 2, 5, 6, 3, 4])
    pool = roll_pool(parse("4D6"), parse_target("3+"), dice, Reroll.FAILED)
    assert [d.value for d in pool.dice] == [3, 4, 5, 6]
    assert [d.first for d in pool.dice] == [1, 2, None, None]
    assert pool.successes == 4


def test_reroll_ones_rerolls_only_ones() -> None:
    pool = roll_pool(parse("3D6"), parse_target("4+"), ScriptedDice([1, 2, 6, 5]), Reroll.ONES)
    assert [d.value for d in pool.dice] == [5, 2, 6]


def test_reroll_all_rerolls_every_die_once() -> None:
    pool = roll_pool(parse("2D6"), parse_target("4+"), ScriptedDice([1, 6, 2, 3]), Reroll.ALL)
    assert [(d.first, d.value) for d in pool.dice] == [(1, 2), (6, 3)]


def test_a_die_is_never_rerolled_twice() -> None:
    pool = roll_pool(parse("2D6"), parse_target("4+"), ScriptedDice([1, 6, 2]), Reroll.FAILED)
    assert pool.rerollable_failures == ()
    with pytest.raises(IllegalAction, match="never re-rolled twice"):
        reroll_pool(pool, Reroll.FAILED, ScriptedDice([6]))


@pytest.mark.parametrize(
    ("reroll", "faces"), [(Reroll.ONES, [2, 4, 6]), (Reroll.FAILED, [4, 5, 6])]
)
def test_a_reroll_with_nothing_to_reroll_keeps_the_roll(reroll: Reroll, faces: list[int]) -> None:
    # Issue 10: "Re-roll 1s" with no 1 rolled (580 of 1,000 such rolls) answered "Those dice have
    # already been re-rolled". Seed 004: a re-roll re-rolls the dice it names; none here.
    pool = roll_pool(parse("3D6"), parse_target("4+"), ScriptedDice(faces), reroll)
    assert [d.value for d in pool.dice] == faces
    assert all(d.first is None for d in pool.dice)


def test_rerolls_happen_before_modifiers() -> None:
    # 10D6+1 against 3+: a 1 becomes 2 (fails, re-rolled); a 2 becomes 3 (passes, kept).
    pool = roll_pool(parse("2D6+1"), parse_target("3+"), ScriptedDice([1, 2, 4]), Reroll.FAILED)
    assert [(d.first, d.value) for d in pool.dice] == [(1, 4), (None, 2)]
    assert pool.values == (5, 3)


def test_modifiers_never_take_a_pool_die_below_one() -> None:
    pool = roll_pool(parse("2D6-3"), parse_target("1+"), ScriptedDice([1, 6]))
    assert pool.values == (1, 3)


def test_rerolling_ones_on_a_d3_rerolls_d6_faces_one_and_two() -> None:
    # Seed 004: "you would re-roll if the D6 rolled a 1 or a 2".
    pool = roll_pool(parse("3D3"), parse_target("2+"), ScriptedDice([1, 2, 3, 6, 5]), Reroll.ONES)
    assert [(d.first, d.value) for d in pool.dice] == [(1, 3), (1, 3), (None, 2)]


def test_a_target_needs_one_kind_of_dice() -> None:
    with pytest.raises(InvalidDice, match="one kind of dice"):
        roll_pool(parse("2D6+D3"), parse_target("3+"), ScriptedDice([]))


def test_rerolling_a_sum_of_several_dice_rerolls_all_of_them() -> None:
    # Seed 004: re-rolling a 2D6 roll re-rolls both dice.
    result = roll_expression(parse("2D6"), ScriptedDice([1, 2, 6, 6]), Reroll.ALL)
    assert result.total == 12


def test_reroll_ones_on_a_total_rerolls_each_one() -> None:
    result = roll_expression(parse("2D6+1"), ScriptedDice([1, 4, 6]), Reroll.ONES)
    assert result.total == 11


def test_reroll_failed_on_a_total_needs_a_target() -> None:
    with pytest.raises(InvalidDice, match="needs a target"):
        roll_expression(parse("2D6"), ScriptedDice([1, 1]), Reroll.FAILED)


def test_rerolling_a_fixed_number_is_refused() -> None:
    with pytest.raises(InvalidDice, match="nothing to re-roll"):
        roll_expression(parse("3"), ScriptedDice([]), Reroll.ALL)


def test_roll_off_highest_d6_wins() -> None:
    off = roll_off(ScriptedDice([2, 5]))
    assert off.rounds == ((2, 5),) and off.winner == 1


def test_roll_off_ties_roll_again() -> None:
    off = roll_off(ScriptedDice([4, 4, 6, 6, 3, 1]))
    assert off.rounds == ((4, 4), (6, 6), (3, 1)) and off.winner == 0


def test_roll_off_is_bounded() -> None:
    with pytest.raises(IllegalAction, match="roll off again"):
        roll_off(ScriptedDice([3] * 200))


def test_a_pools_values_are_computed_once_and_a_reroll_computes_them_anew() -> None:
    pool = roll_pool(parse("4D6+1"), parse_target("4+"), ScriptedDice([1, 2, 5, 6]))
    assert pool.values == (2, 3, 6, 7)
    assert pool.values is pool.values  # kept, not rebuilt per use
    rerolled = reroll_pool(pool, Reroll.FAILED, ScriptedDice([6, 3]))
    assert rerolled.values == (7, 4, 6, 7)
    assert (
        rerolled != pool
        and roll_pool(parse("4D6+1"), parse_target("4+"), ScriptedDice([1, 2, 5, 6])) == pool
    )  # the kept values take no part in equality

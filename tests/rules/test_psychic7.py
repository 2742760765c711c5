"""7th edition's Psychic phase (bot/rules/psychic7.py), its exact odds checked against enumerating
every face of every die.

Seed 001: "your psykers can invoke the power of the Warp"; FAQ (Deny the Witch): "you will require
rolls of 6 to nullify each Warp Charge point". Where the seed is silent, the published 7th
edition rulebook: Warp Charge dice succeed on 4+, Perils of the Warp on two or more 6s, and the
pools are one D6 plus each side's Mastery Levels.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from itertools import product

import pytest

from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction, InvalidProfile
from bot.rules.psychic7 import (
    MAX_MASTERY,
    MAX_WARP_CHARGE,
    MAX_WARP_DICE,
    chance_of_perils,
    chance_to_deny,
    chance_to_manifest,
    warp_deny,
    warp_pool,
    warp_test,
)

FACES = range(1, 7)


def enumerate_chance(dice: int, event: Callable[[tuple[int, ...]], bool]) -> Fraction:
    """The share of all 6**dice outcomes for which `event(faces)` holds."""
    outcomes = list(product(FACES, repeat=dice))
    return Fraction(sum(event(faces) for faces in outcomes), len(outcomes))


def test_each_warp_charge_die_on_4_plus_is_a_success() -> None:
    """Published 7th: "each 4+ is a success"; the power needs its warp charge in successes."""
    test = warp_test(ScriptedDice([3, 4, 6]), 3, 2)
    assert test.successes == 2 and test.passed
    assert not warp_test(ScriptedDice([1, 2, 4]), 3, 2).passed


def test_perils_of_the_warp_on_two_or_more_sixes() -> None:
    """Published 7th: Perils of the Warp when two or more Warp Charge dice roll a 6."""
    assert warp_test(ScriptedDice([6, 6, 1]), 3, 3).perils
    assert not warp_test(ScriptedDice([6, 5, 4]), 3, 1).perils


def test_deny_the_witch_needs_rolls_of_6_to_nullify_each_warp_charge_point() -> None:
    """Seed 001 FAQ: "you will require rolls of 6 to nullify each Warp Charge point"."""
    denied = warp_deny(ScriptedDice([6, 5]), successes=2, warp_charge=2, deny_dice=2)
    assert (denied.cancelled, denied.left, denied.denied) == (1, 1, True)
    kept = warp_deny(ScriptedDice([6, 5]), successes=3, warp_charge=2, deny_dice=2)
    assert (kept.cancelled, kept.left, kept.denied) == (1, 2, False)


def test_deny_on_5_plus_with_a_modifier_and_never_more_than_the_successes() -> None:
    roll = warp_deny(ScriptedDice([5, 5, 6, 1]), successes=2, warp_charge=1, deny_dice=4, deny_on=5)
    assert (roll.cancelled, roll.left, roll.denied) == (2, 0, True)


def test_only_a_manifested_power_is_denied() -> None:
    with pytest.raises(IllegalAction, match="Only a power that was manifested"):
        warp_deny(ScriptedDice([]), successes=1, warp_charge=2, deny_dice=3)


def test_the_pools_share_one_d6_and_add_each_sides_mastery_levels() -> None:
    """Published 7th: one D6 for both players, each adding their own psykers' Mastery Levels."""
    pool = warp_pool(ScriptedDice([4]), mastery=3, opponent_mastery=1)
    assert (pool.points, pool.opponent_points) == (7, 5)


@pytest.mark.parametrize(("dice", "warp_charge"), [(1, 1), (2, 1), (3, 2), (4, 3), (5, 2), (6, 6)])
def test_chance_to_manifest_matches_enumeration(dice: int, warp_charge: int) -> None:
    expected = enumerate_chance(dice, lambda f: sum(v >= 4 for v in f) >= warp_charge)
    assert chance_to_manifest(dice, warp_charge) == expected


@pytest.mark.parametrize("dice", [1, 2, 3, 4, 5, 6])
def test_chance_of_perils_matches_enumeration(dice: int) -> None:
    assert chance_of_perils(dice) == enumerate_chance(dice, lambda f: f.count(6) >= 2)


@pytest.mark.parametrize(
    ("successes", "warp_charge", "deny_dice", "deny_on"),
    [(1, 1, 1, 6), (2, 2, 3, 6), (3, 1, 4, 6), (3, 2, 5, 5), (2, 1, 4, 4), (4, 2, 6, 2)],
)
def test_chance_to_deny_matches_enumeration(
    successes: int, warp_charge: int, deny_dice: int, deny_on: int
) -> None:
    def denies(faces: tuple[int, ...]) -> bool:
        return successes - min(sum(v >= deny_on for v in faces), successes) < warp_charge

    expected = enumerate_chance(deny_dice, denies)
    assert chance_to_deny(successes, warp_charge, deny_dice, deny_on) == expected


def test_known_values() -> None:
    # Two dice for a warp charge 1 power: 1 - (1/2)^2 = 3/4; Perils on 2 dice: (1/6)^2 = 1/36.
    assert chance_to_manifest(2, 1) == Fraction(3, 4)
    assert chance_of_perils(2) == Fraction(1, 36)
    assert chance_to_deny(1, 1, 1) == Fraction(1, 6)


def test_fewer_dice_than_the_warp_charge_is_refused_before_rolling() -> None:
    with pytest.raises(IllegalAction, match="Roll at least 3 dice"):
        warp_test(ScriptedDice([]), 2, 3)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: warp_test(ScriptedDice([]), 1, 0), "warp charge from 1 to 12 (not 0)"),
        (lambda: warp_test(ScriptedDice([]), 30, MAX_WARP_CHARGE + 1), "from 1 to 12 (not 13)"),
        (lambda: warp_test(ScriptedDice([]), MAX_WARP_DICE + 1, 1), "from 1 to 24 (not 25)"),
        (lambda: warp_deny(ScriptedDice([]), 2, 1, 0), "Deny the Witch dice from 1 to 24"),
        (lambda: warp_deny(ScriptedDice([]), 2, 1, 1, deny_on=1), "needs from 2 to 6 (not 1)"),
        (lambda: warp_deny(ScriptedDice([]), 2, 1, 1, deny_on=7), "needs from 2 to 6 (not 7)"),
        (lambda: warp_pool(ScriptedDice([]), -1), "Mastery Levels from 0 to 30 (not -1)"),
        (lambda: warp_pool(ScriptedDice([]), 1, MAX_MASTERY + 1), "from 0 to 30 (not 31)"),
    ],
)
def test_every_number_is_bounded(call: Callable[[], object], message: str) -> None:
    with pytest.raises(InvalidProfile, match=re.escape(message)):
        call()

"""Attacks modifiers (issue #17): +N, +D3 and +D6 attacks per model, and re-rolled Attacks.

Seed 004 ("Weapons"): a random characteristic is rolled for each model each time it is needed.
("Re-rolls"): "If a rule allows you to re-roll a dice roll that was made by adding several dice
together (2D6, 3D6 etc.) then, unless otherwise stated, you must re-roll all of those dice again."
"You can never re-roll a dice more than once".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.rules import attack_count
from bot.rules.dice import ScriptedDice
from bot.rules.errors import TooManyDice
from bot.rules.profiles import AttackSpec, Weapon, attacks_per_model, target_from_text
from bot.rules.profiles import weapon_from_text as _weapon_from_text
from bot.rules.rulesets import NINTH, TENTH, Ruleset
from tests.rules.faces import every_outcome

F = Fraction
THIRD = F(1, 3)


def _weapon(attacks: str, abilities: str, rules: Ruleset = TENTH, attackers: int = 1) -> Weapon:
    return _weapon_from_text(
        rules, attacks=attacks, skill="3+", strength="4", abilities=abilities, attackers=attackers
    )


def test_plus_1_attacks_adds_to_each_model_s_attacks() -> None:
    w = _weapon("2", "+1 attacks")
    assert attack_count.per_model(w) == {3: 1}
    assert (w.most_attacks, w.fewest_attacks, attack_count.is_random(w)) == (
        3,
        3,
        False,
    )


def test_plus_d3_attacks_is_rolled_per_model() -> None:
    w = _weapon("2", "+d3 attacks")
    assert attack_count.per_model(w) == {3: THIRD, 4: THIRD, 5: THIRD}
    assert (w.most_attacks, w.fewest_attacks, attack_count.is_random(w)) == (5, 3, True)
    dice = ScriptedDice([6])
    rolled = attack_count.roll(w, dice)
    assert rolled.bonus is not None and (rolled.bonus.total, rolled.total) == (3, 5)
    assert rolled.again is None and dice.remaining == 0


def test_plus_d6_attacks_on_a_d6_weapon_is_2d6() -> None:
    table = attack_count.per_model(_weapon("D6", "+d6 attacks", NINTH))
    assert table[2] == F(1, 36) and table[7] == F(6, 36) and table[12] == F(1, 36)


def test_reroll_attacks_rerolls_a_d6_below_its_average() -> None:
    assert attack_count.per_model(_weapon("D6", "reroll attacks")) == {
        1: F(1, 12), 2: F(1, 12), 3: F(1, 12), 4: F(1, 4), 5: F(1, 4), 6: F(1, 4)
    }  # fmt: skip


def test_reroll_attacks_ones_rerolls_only_1s() -> None:
    assert attack_count.per_model(_weapon("D6", "reroll attacks: 1s")) == {
        1: F(1, 36), **{v: F(7, 36) for v in range(2, 7)}
    }  # fmt: skip


def test_reroll_attacks_then_the_extra_d3() -> None:
    """The re-roll is of the weapon's Attacks roll; the +D3 is rolled after it, once."""
    w = _weapon("D6", "reroll attacks, +d3 attacks")
    dice = ScriptedDice([2, 5, 3])
    rolled = attack_count.roll(w, dice)
    assert rolled.again is not None and rolled.bonus is not None
    assert (rolled.first.total, rolled.again.total, rolled.bonus.total, rolled.total) == (
        2,
        5,
        2,
        7,
    )
    assert dice.remaining == 0
    dice = ScriptedDice([4, 1])
    rolled = attack_count.roll(w, dice)
    assert (rolled.again, rolled.total, dice.remaining) == (None, 5, 0)


def test_reroll_attacks_of_a_fixed_attacks_rolls_nothing() -> None:
    w = _weapon("3", "reroll attacks")
    assert attack_count.per_model(w) == {3: 1} and not attack_count.is_random(w)


@pytest.mark.parametrize(
    ("attacks", "abilities"),
    [
        ("D6", "reroll attacks"),
        ("2D3", "reroll attacks: 1s"),
        ("D6", "reroll attacks: 1s, +d3 attacks"),
        ("D3+1", "reroll attacks, +1 attacks"),
        ("2", "+d6 attacks"),
    ],
)
def test_every_face_sequence_of_an_attacks_roll_matches_per_model(
    attacks: str, abilities: str
) -> None:
    w = _weapon(attacks, abilities)
    assert every_outcome(lambda dice: attack_count.roll(w, dice).total) == attack_count.per_model(w)


def test_the_cap_of_attacks_counts_the_most_a_model_can_have() -> None:
    target = target_from_text(toughness=4, save="3+", models=1)
    AttackSpec(TENTH, (_weapon("9", "+1 attacks", attackers=100),), target)
    with pytest.raises(TooManyDice, match="1100 attacks"):
        AttackSpec(TENTH, (_weapon("8", "+d3 attacks", attackers=100),), target)


def test_attacks_bonus_comes_before_blast_and_rapid_fire() -> None:
    """Seed 002, Blast: the maximum against 11+ models; with +1 attacks a D6 makes 7."""
    w = _weapon("D6", "+1 attacks, blast", NINTH)
    assert attacks_per_model(3, w, NINTH, 11) == 7
    rapid = _weapon("2", "+1 attacks, rapid fire 1, half range")
    assert attacks_per_model(rapid.most_attacks, rapid, TENTH, 1) == 4

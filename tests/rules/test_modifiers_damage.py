"""Damage modifiers and mortal-wound steps (issue #17), as exact tables and as dice rolled.

Seed 004 ("Dice"): "you must apply all division modifiers before applying all multiplication
modifiers, and before applying all addition and then all subtraction modifiers. Round any fractions
up after applying all modifiers. ... it can never be modified below 1." ("Re-rolls"): "If a rule
allows you to re-roll a dice roll that was made by adding several dice together (2D6, 3D6 etc.)
then, unless otherwise stated, you must re-roll all of those dice again. If a rule allows you to
re-roll specific dice results, only those dice can be re-rolled." "You can never re-roll a dice
more than once, and re-rolls happen before modifiers (if any) are applied."
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.rules.damage import DamageStep
from bot.rules.dice import ScriptedDice
from bot.rules.notation import parse
from bot.rules.profiles import target_from_text, weapon_from_text
from bot.rules.rulesets import NINTH, TENTH, Ruleset
from bot.rules.sequence import Receiving, build_steps
from tests.rules.faces import every_outcome

F = Fraction
THIRD, SIXTH = F(1, 3), F(1, 6)


def _receiving(
    abilities: str, damage: str = "D6", fnp: str = "", rules: Ruleset = TENTH
) -> Receiving:
    weapon = weapon_from_text(
        rules, attacks="1", skill="3+", strength="4", damage=damage, abilities=abilities
    )
    target = target_from_text(toughness=4, save="3+", wounds=12, fnp=fnp)
    return build_steps(rules, weapon, target).body


def test_halve_damage_halves_a_d6_rounding_up() -> None:
    assert _receiving("halve damage").damage.table() == {1: THIRD, 2: THIRD, 3: THIRD}
    assert _receiving("halve damage", damage="3", rules=NINTH).damage.table() == {2: 1}


def test_halve_damage_divides_before_additions_and_subtractions() -> None:
    """D6 halved (1, 1, 2, 2, 3, 3), then +1 damage: 2, 2, 3, 3, 4, 4."""
    assert _receiving("halve damage, +1 damage").damage.table() == {2: THIRD, 3: THIRD, 4: THIRD}
    assert _receiving("halve damage, -1 damage", damage="4").damage.table() == {1: 1}
    assert _receiving("halve damage, -1 damage", damage="2").damage.table() == {1: 1}  # never 0


def test_plus_damage_adds_to_melta() -> None:
    step = _receiving("+2 damage, melta 2, half range", damage="D3").damage
    assert step.table() == {5: THIRD, 6: THIRD, 7: THIRD}


def test_minimum_damage_makes_the_final_damage_at_least_n() -> None:
    assert _receiving("minimum damage 3").damage.table() == {
        3: F(1, 2), 4: SIXTH, 5: SIXTH, 6: SIXTH
    }  # fmt: skip
    assert _receiving("minimum damage 3, halve damage").damage.table() == {3: 1}
    assert _receiving("minimum damage 2, -1 damage", damage="2").damage.table() == {2: 1}


def test_reroll_damage_rerolls_a_d6_below_its_average() -> None:
    """1, 2 or 3 (below 3.5) is rolled again: 1/2 · 1/6 each, plus 1/6 for 4, 5 and 6."""
    step = _receiving("reroll damage").damage
    assert step.table() == {
        1: F(1, 12),
        2: F(1, 12),
        3: F(1, 12),
        4: F(1, 4),
        5: F(1, 4),
        6: F(1, 4),
    }
    assert _receiving("reroll damage", damage="D3").damage.table() == {
        1: F(1, 9), 2: F(4, 9), 3: F(4, 9)
    }  # fmt: skip


def test_reroll_damage_rerolls_2d6_whole_below_7() -> None:
    table = _receiving("reroll damage", damage="2D6").damage.table()
    low = F(15, 36)  # totals 2 to 6
    assert table[2] == low * F(1, 36)
    assert table[7] == low * F(6, 36) + F(6, 36)
    assert sum(table.values()) == 1


def test_reroll_damage_ones_rerolls_each_1_once() -> None:
    assert _receiving("reroll damage: 1s").damage.table() == {
        1: F(1, 36), **{v: F(7, 36) for v in range(2, 7)}
    }  # fmt: skip
    two = _receiving("reroll damage: 1s", damage="2D6").damage.table()
    assert two[2] == F(1, 36) ** 2 and two[12] == F(7, 36) ** 2


def test_reroll_damage_rolls_again_only_when_wanted() -> None:
    step = _receiving("reroll damage").damage
    dice = ScriptedDice([2, 5])
    rolled = step.roll(dice)
    assert rolled.first is not None and rolled.again is not None
    assert (rolled.first.total, rolled.again.total, rolled.amount, dice.remaining) == (2, 5, 5, 0)
    dice = ScriptedDice([4])
    rolled = step.roll(dice)
    assert (rolled.again, rolled.amount, dice.remaining) == (None, 4, 0)


def test_reroll_damage_ones_rerolls_only_the_1s_of_2d6_and_never_twice() -> None:
    step = _receiving("reroll damage: 1s, +1 damage", damage="2D6").damage
    dice = ScriptedDice([1, 4, 1])
    rolled = step.roll(dice)
    assert rolled.again is not None and rolled.again.total == 5 and rolled.amount == 6
    assert dice.remaining == 0
    dice = ScriptedDice([3, 4])
    assert step.roll(dice).again is None and dice.remaining == 0


def test_a_fixed_damage_rolls_no_dice_even_with_a_reroll() -> None:
    rolled = _receiving("reroll damage, +1 damage", damage="2").damage.roll(ScriptedDice([]))
    assert (rolled.first, rolled.again, rolled.amount) == (None, None, 3)


@pytest.mark.parametrize(
    ("abilities", "damage"),
    [
        ("reroll damage", "D6"),
        ("reroll damage, halve damage", "2D6"),
        ("reroll damage: 1s", "2D3+1"),
        ("reroll damage: 1s, minimum damage 3", "D6"),
        ("reroll damage, +2 damage, -1 damage", "D3"),
        ("halve damage", "D6"),
    ],
)
def test_every_face_sequence_of_a_damage_roll_matches_its_table(
    abilities: str, damage: str
) -> None:
    step = _receiving(abilities, damage=damage).damage
    assert every_outcome(lambda dice: step.roll(dice).amount) == step.amounts()


def test_feel_no_pain_is_rolled_on_the_halved_damage() -> None:
    assert _receiving("halve damage", damage="2", fnp="5+").damage.table() == {
        0: THIRD,
        1: 2 * THIRD,
    }


def test_devastating_wounds_mortal_takes_minus_1_damage() -> None:
    """10th Rules Commentary: the Damage characteristic is modified first, then becomes that many
    mortal wounds."""
    r = _receiving("devastating wounds (mortal), -1 damage", damage="3")
    assert r.mortal.table() == {2: 1}
    assert _receiving("devastating wounds (mortal), halve damage", damage="3").mortal.table() == {
        2: 1
    }


def test_critical_wound_damage_is_on_the_critical_and_devastating_steps_only() -> None:
    r = _receiving(
        "critical wounds: +1 damage, +1 damage, devastating wounds (mortal), "
        "critical hits: damage as mortal wounds",
        damage="2",
    )
    assert r.damage.table() == {3: 1}
    assert r.critical_damage.table() == {4: 1}
    assert r.mortal.table() == {4: 1}
    assert r.hit_mortal.table() == {3: 1}  # a critical hit, not a critical wound


def test_critical_hits_mortal_wounds_are_no_attack_s_damage() -> None:
    r = _receiving("critical hits: 2 mortal wounds, +1 damage, halve damage, minimum damage 5")
    assert r.extra_mortal.table() == {2: 1}


def test_critical_hits_damage_as_mortal_wounds_takes_the_modified_damage() -> None:
    r = _receiving("critical hits: damage as mortal wounds, -1 damage", damage="D3")
    assert r.hit_mortal.table() == {1: F(2, 3), 2: THIRD}


def test_feel_no_pain_vs_mortal_wounds_is_met_by_mortal_wounds_only() -> None:
    r = _receiving(
        "feel no pain 5+ vs mortal wounds, critical hits: 1 mortal wound, "
        "devastating wounds (mortal)",
        damage="1",
        fnp="6+",
    )
    assert (r.damage.fnp, r.critical_damage.fnp) == (6, 6)
    assert (r.mortal.fnp, r.hit_mortal.fnp, r.extra_mortal.fnp) == (5, 5, 5)
    assert r.extra_mortal.table() == {0: THIRD, 1: 2 * THIRD}


def test_the_target_s_better_feel_no_pain_stands_against_mortal_wounds() -> None:
    r = _receiving("feel no pain 5+ vs mortal wounds", damage="1", fnp="4+", rules=NINTH)
    assert r.mortal.fnp == 4


def test_a_plain_damage_step_is_as_before() -> None:
    assert DamageStep(parse("D3"), bonus=1).table() == {2: THIRD, 3: THIRD, 4: THIRD}

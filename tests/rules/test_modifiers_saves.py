"""Save re-rolls and save modifiers (issue #17), as exact chances and as dice rolled.

Seed 004 ("Re-rolls"): "You can never re-roll a dice more than once, and re-rolls happen before
modifiers (if any) are applied." Seed 004 ("Characteristics"): "If a rule instructs you to replace
one characteristic with a specified value, change the relevant characteristic to the new value
before applying any modifiers that apply from other rules".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.rules.dice import ScriptedDice
from bot.rules.pools import Reroll
from bot.rules.profiles import target_from_text, weapon_from_text
from bot.rules.rulesets import NINTH, TENTH, Ruleset
from bot.rules.saves import SaveKind, SaveStep
from bot.rules.sequence import Receiving, build_steps
from tests.rules.faces import every_outcome


def _receiving(
    abilities: str, ap: int = -1, save: str = "3+", invuln: str = "", rules: Ruleset = TENTH
) -> Receiving:
    weapon = weapon_from_text(
        rules, attacks="1", skill="3+", strength="4", ap=ap, abilities=abilities
    )
    return build_steps(rules, weapon, target_from_text(toughness=4, save=save, invuln=invuln)).body


def test_reroll_saves_ones_a_3_up_save_passes_two_thirds_plus_a_sixth_of_two_thirds() -> None:
    step = _receiving("reroll saves: 1s", ap=0).save
    assert (step.kind, step.needed, step.reroll) == (SaveKind.ARMOUR, 3, Reroll.ONES)
    assert step.chance() == Fraction(2, 3) + Fraction(1, 6) * Fraction(2, 3) == Fraction(7, 9)


def test_reroll_saves_failed_a_4_up_save_passes_three_quarters() -> None:
    step = _receiving("reroll saves: failed", ap=-1, rules=NINTH).save
    assert step.needed == 4
    assert step.chance() == Fraction(1, 2) + Fraction(1, 2) * Fraction(1, 2)


def test_reroll_armour_saves_rerolls_only_the_armour_save() -> None:
    """AP -3 leaves a 6+ armour save: the 4+ invulnerable save is used and is not re-rolled."""
    step = _receiving("reroll armour saves: failed", ap=-3, invuln="4+").save
    assert (step.kind, step.needed, step.reroll) == (SaveKind.INVULNERABLE, 4, None)
    assert step.chance() == Fraction(1, 2)
    armour = _receiving("reroll armour saves: failed", ap=0, invuln="4+").save
    assert (armour.kind, armour.reroll) == (SaveKind.ARMOUR, Reroll.FAILED)


def test_reroll_invulnerable_saves_rerolls_only_the_invulnerable_save() -> None:
    armour = _receiving("reroll invulnerable saves: 1s", ap=0, invuln="4+").save
    assert (armour.kind, armour.reroll) == (SaveKind.ARMOUR, None)
    invuln = _receiving("reroll invulnerable saves: 1s", ap=-4, invuln="4+").save
    assert (invuln.kind, invuln.reroll) == (SaveKind.INVULNERABLE, Reroll.ONES)
    assert invuln.chance() == Fraction(1, 2) + Fraction(1, 6) * Fraction(1, 2)


def test_the_defender_takes_the_save_likelier_to_pass_once_rerolls_count() -> None:
    """Armour 4+ (1/2) against a 5+ invulnerable re-rolling failed saves (1/3 + 2/3 * 1/3 = 5/9)."""
    step = _receiving("reroll invulnerable saves: failed", ap=-1, invuln="5+").save
    assert (step.kind, step.needed, step.reroll) == (SaveKind.INVULNERABLE, 5, Reroll.FAILED)
    assert step.chance() == Fraction(5, 9)


def test_reroll_saves_and_a_named_save_reroll_take_the_broader_of_the_two() -> None:
    step = _receiving("reroll saves: 1s, reroll armour saves: failed", ap=0).save
    assert step.reroll is Reroll.FAILED


def test_no_save_is_never_rerolled() -> None:
    step = _receiving("reroll saves: failed", ap=-6, save="3+").save
    assert step == SaveStep(SaveKind.NONE)
    assert step.chance() == 0


def test_save_reroll_ones_rerolls_a_1_once_and_keeps_the_first_face() -> None:
    step = SaveStep(SaveKind.ARMOUR, 3, reroll=Reroll.ONES)
    dice = ScriptedDice([1, 1])
    die = step.roll(dice)
    assert (die.value, die.first, dice.remaining) == (1, 1, 0)  # never twice: the 1 stands
    dice = ScriptedDice([2])
    assert step.roll(dice).rerolled is False and dice.remaining == 0  # a failed 2 is no 1
    dice = ScriptedDice([1, 5])
    die = step.roll(dice)
    assert (die.value, die.first, step.passes(die.value)) == (5, 1, True)


def test_save_reroll_failed_rerolls_only_a_failed_save() -> None:
    step = SaveStep(SaveKind.ARMOUR, 4, reroll=Reroll.FAILED)
    dice = ScriptedDice([4])
    assert step.roll(dice).rerolled is False and dice.remaining == 0
    dice = ScriptedDice([3, 2, 6])
    die = step.roll(dice)
    assert (die.value, die.first, dice.remaining) == (2, 3, 1)


def test_a_save_without_a_reroll_rolls_one_die() -> None:
    dice = ScriptedDice([1, 6])
    assert SaveStep(SaveKind.ARMOUR, 3).roll(dice).value == 1 and dice.remaining == 1


@pytest.mark.parametrize(
    ("ap", "worsen", "needed"), [(-2, 1, 4), (-2, 2, 3), (-1, 3, 3), (0, 1, 3), (-4, 1, 6)]
)
def test_worsen_ap_armour_of_contempt_never_better_than_0(
    ap: int, worsen: int, needed: int
) -> None:
    """Armour of Contempt: "worsen the Armour Penetration characteristic of that attack by 1"."""
    assert _receiving(f"worsen ap {worsen}", ap=ap).save.needed == needed


def test_ignore_ap_the_attack_s_ap_counts_as_0() -> None:
    assert _receiving("ignore ap", ap=-3).save.needed == 3
    assert _receiving("ignore ap", ap=-3, rules=NINTH).save.needed == 3


def test_ignore_invulnerable_saves_leaves_the_armour_save_or_none() -> None:
    assert _receiving("ignore invulnerable saves", ap=-4, invuln="4+").save.kind is SaveKind.NONE
    step = _receiving("ignore invulnerable saves", ap=-1, invuln="4+", save="2+").save
    assert (step.kind, step.needed) == (SaveKind.ARMOUR, 3)


def test_critical_wounds_improve_ap_then_worsen_ap_worsens_it() -> None:
    """AP -1 against 3+: a wound meets 4+, a critical wound (AP -2) 5+; worsened by 1, 3+ and 4+."""
    plain = _receiving("critical wounds: +1 ap", ap=-1)
    assert (plain.save.needed, plain.critical_save.needed) == (4, 5)
    worse = _receiving("critical wounds: +1 ap, worsen ap 1", ap=-1)
    assert (worse.save.needed, worse.critical_save.needed) == (3, 4)
    at_zero = _receiving("critical wounds: +1 ap, worsen ap 1", ap=0)
    assert (at_zero.save.needed, at_zero.critical_save.needed) == (3, 3)


def test_ignore_ap_replaces_the_ap_before_a_critical_wound_improves_it() -> None:
    """Seed 004: the replaced value first, then "any modifiers that apply from other rules"."""
    r = _receiving("critical wounds: +1 ap, ignore ap", ap=-3)
    assert (r.save.needed, r.critical_save.needed) == (3, 4)


def test_a_critical_wound_meets_the_better_invulnerable_save_after_its_ap() -> None:
    r = _receiving("critical wounds: +1 ap", ap=-2, invuln="5+")
    assert (r.save.kind, r.save.needed) == (SaveKind.ARMOUR, 5)
    assert (r.critical_save.kind, r.critical_save.needed) == (SaveKind.INVULNERABLE, 5)


def test_cover_against_an_ap_worsened_to_0_is_lost_by_a_3_up_save_in_10th() -> None:
    """10th Core, Benefit of Cover: models with a Save of 3+ or better do not receive the
    benefit of cover against attacks with an AP of 0 (the AP after every modifier)."""
    assert _receiving("cover, worsen ap 1", ap=-1).save.needed == 3
    assert _receiving("cover, worsen ap 1", ap=-2).save.needed == 3  # AP -1, +1 for cover


@pytest.mark.parametrize(
    ("needed", "reroll"),
    [(3, Reroll.ONES), (3, Reroll.FAILED), (5, Reroll.FAILED), (2, Reroll.ONES), (6, None)],
)
def test_every_face_sequence_of_a_saving_throw_matches_its_chance(
    needed: int, reroll: Reroll | None
) -> None:
    step = SaveStep(SaveKind.ARMOUR, needed, reroll=reroll)
    outcomes = every_outcome(lambda dice: step.passes(step.roll(dice).value))
    assert outcomes[True] == step.chance()

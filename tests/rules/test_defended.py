"""A part's own rules against attacks (`Part.defences`) change what a wound allocated to it meets,
and only to it; typed as well, they do not count twice."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.rules.errors import InvalidProfile
from bot.rules.profiles import AttackSpec, Part, Target, weapon_from_text
from bot.rules.rulesets import NINTH, TENTH
from bot.rules.sequence import build_steps


def _weapon(abilities: str = "") -> AttackSpec:
    weapon = weapon_from_text(
        TENTH, attacks="1", skill="3+", strength="4", ap="-2", damage="2", abilities=abilities
    )
    target = Target(
        toughness=4, save=3, wounds=2, models=5, defences="-1 damage, worsen ap 1",
        leader=Part(save=3, wounds=4),
    )  # fmt: skip
    return AttackSpec(TENTH, (weapon,), target)


def test_a_bodyguard_rule_subtract_1_from_the_damage_protects_the_bodyguard_only() -> None:
    """Death Guard's Disgustingly Resilient reads "each time an attack is allocated to this model,
    subtract 1 from the Damage characteristic of that attack": the Bodyguard takes 1 from a
    Damage 2 attack, its Leader (without the rule) 2."""
    spec = _weapon()
    steps = build_steps(spec.rules, spec.weapons[0], spec.target)
    assert steps.body.damage.table() == {1: Fraction(1)}
    assert steps.leader is not None and steps.leader.damage.table() == {2: Fraction(1)}


def test_armour_of_contempt_worsens_the_ap_for_the_part_that_has_it() -> None:
    """`worsen ap 1` on the Bodyguard: an AP -2 attack meets its 3+ save as AP -1 (4+ to pass:
    1/2); the Leader's 3+ against AP -2 is 5+ (1/3)."""
    spec = _weapon()
    steps = build_steps(spec.rules, spec.weapons[0], spec.target)
    assert steps.body.save.chance() == Fraction(1, 2)
    assert steps.leader is not None and steps.leader.save.chance() == Fraction(1, 3)


def test_the_same_rule_typed_again_does_not_count_twice() -> None:
    """Typed `-1 damage, worsen ap 1` as well: still 1 damage and AP -1 on the Bodyguard."""
    spec = _weapon("-1 damage, worsen ap 1")
    steps = build_steps(spec.rules, spec.weapons[0], spec.target)
    assert steps.body.damage.table() == {1: Fraction(1)}
    assert steps.body.save.chance() == Fraction(1, 2)


def test_a_defence_phrase_is_checked_like_a_typed_one() -> None:
    weapon = weapon_from_text(NINTH, attacks="1", skill="3+", strength="4", damage="1")
    target = Target(toughness=4, save=3, defences="precision")
    with pytest.raises(InvalidProfile, match="not a 9th edition rule"):
        build_steps(NINTH, weapon, target)

"""Grenade, 9th edition: seed 000, "Grenade: When a unit shoots, one model that is equipped with a
Grenade in that unit can resolve attacks with it instead of shooting any other weapons." Seed 002
says the same: "only one model can use a Grenade when the unit shoots"."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.rules.attack import resolve
from bot.rules.dice import ScriptedDice
from bot.rules.odds import compute
from bot.rules.profiles import AttackSpec, Weapon, target_from_text, weapon_from_text
from bot.rules.rulesets import NINTH
from bot.ui.attack.embeds import weapon_line


def _grenade(attackers: int, attacks: str = "1") -> Weapon:
    return weapon_from_text(
        NINTH, attacks=attacks, skill="3+", strength=4, abilities="grenade", attackers=attackers
    )


def _spec(weapon: Weapon) -> AttackSpec:
    return AttackSpec(NINTH, (weapon,), target_from_text(toughness=4, save="-", models=10))


def test_a_grenade_is_thrown_by_one_model_whatever_the_attackers() -> None:
    weapon = _grenade(attackers=10, attacks="D6")
    assert weapon.firing == 1 and weapon.attackers == 10
    assert _spec(weapon).max_attacks(weapon) == 6
    # one D6 for the Attacks (3), then three hit rolls and three wound rolls
    dice = ScriptedDice([3, 4, 4, 4, 4, 4, 4])
    result = resolve(_spec(weapon), dice)
    assert dice.remaining == 0
    assert (result.hits, result.wounds, result.models_destroyed) == (3, 3, 3)


def test_the_exact_odds_count_one_model_too() -> None:
    odds = compute(_spec(_grenade(attackers=5)))
    assert len(odds.hits.pmf) == 2  # no hits or one hit, never more
    assert odds.hits.p(1) == pytest.approx(float(Fraction(2, 3)), abs=1e-12)
    assert odds.p_destroyed(1) == pytest.approx(float(Fraction(1, 3)), abs=1e-12)


def test_the_weapon_line_says_one_model_throws_it() -> None:
    line = weapon_line(_grenade(attackers=10))
    assert "one model throws the Grenade" in line and "10 ×" not in line


def test_other_weapons_still_fire_from_every_model() -> None:
    weapon = weapon_from_text(NINTH, attacks="1", skill="3+", strength=4, attackers=10)
    assert weapon.firing == 10

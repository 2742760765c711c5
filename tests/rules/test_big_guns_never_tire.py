"""Big Guns Never Tire. 10th edition, seed 003: "Each time a ranged attack is made by or against
such a unit, subtract 1 from that attack's Hit roll [unless shooting with a Pistol]." 9th edition,
seed 002: "Heavy weapons get -1 to hit rolls in this situation."."""

from __future__ import annotations

from bot.rules.abilities import parse_abilities
from bot.rules.rulesets import NINTH, TENTH, Ruleset


def _hit_modifier(rules: Ruleset, abilities: str) -> int:
    return rules.hit_modifier(parse_abilities(abilities, rules).flags, 0)


def test_tenth_subtracts_one_from_the_hit_roll() -> None:
    assert _hit_modifier(TENTH, "big guns never tire") == -1
    assert _hit_modifier(TENTH, "big guns never tire, heavy") == -1


def test_tenth_exempts_pistols() -> None:
    assert _hit_modifier(TENTH, "big guns never tire, pistol") == 0


def test_ninth_only_heavy_weapons_get_minus_one() -> None:
    assert _hit_modifier(NINTH, "big guns never tire, heavy") == -1
    assert _hit_modifier(NINTH, "big guns never tire, pistol") == 0
    assert _hit_modifier(NINTH, "big guns never tire") == 0

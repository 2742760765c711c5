"""Every ability: the exact odds equal the resolver's own distribution, every die enumerated.

`resolve` (the dice rules) is run once for every sequence of faces it can consume: a scripted `Dice`
replays a prefix of faces and extends it with 1s, noting each die's sides, and the walk moves to the
next sequence depth first. Each sequence weighs the product of 1/sides as a `Fraction`, which gives
the resolver's exact distributions of hits, wounds, unsaved wounds, damage dealt and models
destroyed. `compute` works in floating point, so "equal" means: each float it gives is the nearest
fraction (with the enumeration's denominator) to exactly the enumerated probability, and within
1e-12 of it; the same values have a chance. The profiles are small enough to walk in a fraction of a
second; `test_odds_montecarlo.py` keeps two larger ones, sampled, under the `slow` marker.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Callable
from fractions import Fraction

import pytest

from bot.rules.attack import AttackResult, resolve
from bot.rules.dice import Dice
from bot.rules.odds import Distribution, compute
from bot.rules.profiles import AttackSpec, Weapon, target_from_text, weapon_from_text
from bot.rules.rulesets import NINTH, TENTH, Ruleset

METRICS = ("hits", "wounds", "unsaved", "damage", "destroyed")


class ReplayDice(Dice):
    """Replays `faces`, extending them with a 1 whenever the resolver asks for one more die."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(random.Random(0))
        self.faces = faces
        self.sides: list[int] = []

    def roll(self, sides: int) -> int:
        if len(self.sides) == len(self.faces):
            self.faces.append(1)
        self.sides.append(sides)
        return self.faces[len(self.sides) - 1]


def _measures(result: AttackResult) -> tuple[int, ...]:
    r = result
    return (r.hits, r.wounds, r.unsaved, r.damage_dealt, r.models_destroyed)


def enumerate_resolver(
    spec: AttackSpec, measures: Callable[[AttackResult], tuple[int, ...]] = _measures
) -> tuple[list[dict[int, Fraction]], int]:
    """The resolver's exact distribution of each metric, and how many face sequences it took."""
    out: list[dict[int, Fraction]] = []
    faces: list[int] = []
    sequences = 0
    while True:
        dice = ReplayDice(faces)
        values = measures(resolve(spec, dice))
        assert len(dice.sides) == len(faces), "the resolver must consume every replayed face"
        weight = Fraction(1, math.prod(dice.sides))
        out = out or [defaultdict(Fraction) for _ in values]
        for metric, value in zip(out, values, strict=True):
            metric[value] += weight
        sequences += 1
        while faces and faces[-1] == dice.sides[len(faces) - 1]:
            faces.pop()  # this die has shown every face: back up to the one before
        if not faces:
            return out, sequences
        faces[-1] += 1


def assert_equal(name: str, exact: dict[int, Fraction], engine: Distribution) -> None:
    assert sum(exact.values()) == 1, name
    denominator = math.lcm(*(p.denominator for p in exact.values()))
    for k in range(max(max(exact) + 1, len(engine.pmf))):
        want = exact.get(k, Fraction(0))
        got = engine.p(k)
        assert Fraction(got).limit_denominator(denominator) == want, f"{name}: P({k}) {got} {want}"
        assert abs(got - float(want)) <= 1e-12, f"{name}: P({k}) {got} vs {want}"


def _weapon(rules: Ruleset, abilities: str, **kw: object) -> Weapon:
    options: dict[str, object] = {"attacks": "1", "skill": "3+", "strength": 4, "ap": -1}
    options.update(kw)
    return weapon_from_text(rules, abilities=abilities, **options)  # type: ignore[arg-type]


def _spec(rules: Ruleset, *weapons: Weapon, **target: object) -> AttackSpec:
    options: dict[str, object] = {"toughness": 4, "save": "4+", "wounds": 2, "models": 2}
    options.update(target)
    return AttackSpec(rules, weapons, target_from_text(**options))  # type: ignore[arg-type]


def check(spec: AttackSpec, most: int = 20_000) -> None:
    exact, sequences = enumerate_resolver(spec)
    assert sequences <= most, f"{sequences} face sequences: keep the profile small"
    odds = compute(spec)
    for metric, distribution in zip(METRICS, exact, strict=True):
        assert_equal(metric, distribution, getattr(odds, metric))


def test_the_walk_weighs_every_face_sequence_of_one_attack() -> None:
    exact, sequences = enumerate_resolver(_spec(TENTH, _weapon(TENTH, ""), save="-"))
    assert sequences == 2 + 4 * 6  # a missed hit ends the attack; a hit rolls to wound
    assert exact[1] == {0: Fraction(2, 3), 1: Fraction(1, 3)}  # 3+ to hit
    assert exact[2] == {0: Fraction(2, 3), 1: Fraction(1, 3)}  # S4 v T4: 4+ to wound


# 10th edition


def test_sustained_hits_d3_lethal_hits_and_critical_hits_5_plus() -> None:
    weapon = _weapon(TENTH, "sustained hits d3, lethal hits, critical hits 5+")
    check(_spec(TENTH, weapon, save="-"))


def test_devastating_wounds_with_anti_keyword_and_feel_no_pain() -> None:
    weapon = _weapon(TENTH, "devastating wounds, anti-infantry 4+", damage="2")
    check(_spec(TENTH, weapon, fnp="5+", keywords="infantry"))


def test_devastating_wounds_mortal_spill_over_with_critical_wounds_5_plus() -> None:
    weapon = _weapon(TENTH, "devastating wounds (mortal), critical wounds 5+", damage="D3")
    check(_spec(TENTH, weapon, wounds=1, models=3, invuln="4+"))


def test_melta_at_half_range_minus_one_damage_and_reroll_wounds_all() -> None:
    weapon = _weapon(TENTH, "melta 1, half range, -1 damage, reroll wounds: all", damage="D3")
    check(_spec(TENTH, weapon, wounds=3, models=1))


def test_reroll_hits_failed_twin_linked_and_lance_on_the_charge() -> None:
    weapon = _weapon(
        TENTH, "reroll hits: failed, twin-linked, lance, charged", skill="4+", damage="2"
    )
    check(_spec(TENTH, weapon, toughness=5))


def test_heavy_when_stationary_against_cover() -> None:
    weapon = _weapon(TENTH, "heavy, stationary, cover", skill="4+", damage="2")
    check(_spec(TENTH, weapon))


def test_rapid_fire_1_at_half_range_adds_an_attack() -> None:
    check(_spec(TENTH, _weapon(TENTH, "rapid fire 1, half range"), save="-"))


def test_reroll_hits_all_reroll_wounds_ones_and_sustained_hits_1() -> None:
    weapon = _weapon(TENTH, "reroll hits: all, reroll wounds: 1s, sustained hits 1")
    check(_spec(TENTH, weapon, save="-"))


def test_stealth_big_guns_never_tire_ignores_cover_and_minus_one_to_wound() -> None:
    weapon = _weapon(
        TENTH,
        "stealth, big guns never tire, cover, ignores cover, -1 to wound",
        damage="D6",
    )
    check(_spec(TENTH, weapon, wounds=3))


def test_torrent_and_blast_with_random_attacks() -> None:
    weapon = _weapon(TENTH, "torrent, blast", attacks="D3", skill="auto")
    check(_spec(TENTH, weapon, models=5, wounds=1, save="-"))


def test_several_weapons_carry_damage_into_a_damaged_target_with_both_devastating_wordings() -> (
    None
):
    check(
        _spec(
            TENTH,
            _weapon(TENTH, "torrent, devastating wounds", damage="2", strength=5),
            _weapon(TENTH, "devastating wounds (mortal), lethal hits", damage="2", strength=5),
            _weapon(TENTH, "torrent, -1 damage", damage="D3+1"),
            wounds=3,
            models=2,
            wounds_left=2,
            save="-",
        )
    )


def test_feel_no_pain_against_mortal_wounds_that_spill_over() -> None:
    weapon = _weapon(TENTH, "torrent, devastating wounds (mortal)", damage="2", strength=8)
    check(_spec(TENTH, weapon, wounds=1, models=3, save="-", fnp="6+"))


# 9th edition


def test_blast_9th_makes_at_least_three_attacks_against_six_models() -> None:
    check(_spec(NINTH, _weapon(NINTH, "blast", attacks="D3", skill="auto"), models=6, wounds=1))


def test_blast_9th_makes_the_maximum_against_eleven_models() -> None:
    weapon = _weapon(NINTH, "blast", attacks="D3", skill="auto")
    check(_spec(NINTH, weapon, models=11, wounds=1, save="-"))


def test_heavy_after_moving_and_dense_cover_are_capped_at_minus_one_with_reroll_hits_ones() -> None:
    weapon = _weapon(NINTH, "heavy, moved, dense cover, reroll hits: 1s")
    check(_spec(NINTH, weapon, models=2, wounds=1))


def test_overwatch_assault_after_advancing_strength_x2_of_the_bearer_reroll_wounds_failed() -> None:
    weapon = _weapon(
        NINTH,
        "overwatch, bearer strength 3, assault, advanced, reroll wounds: failed",
        strength="x2",
        damage="D3",
    )
    check(_spec(NINTH, weapon, toughness=6, save="3+", invuln="5+"))


def test_rapid_fire_9th_doubles_attacks_at_half_range_for_each_attacker() -> None:
    weapon = _weapon(NINTH, "rapid fire, half range", skill="auto", attackers=2)
    check(_spec(NINTH, weapon, save="-", wounds=1, models=5))


def test_plus_one_to_hit_is_capped_bearer_strength_plus_one_minus_one_damage_invulnerable() -> None:
    weapon = _weapon(
        NINTH,
        "+1 to hit, +1 to hit, bearer strength 4, -1 damage, cover, -2 to wound",
        strength="+1",
        skill="4+",
        damage="D6",
        ap=-3,
    )
    check(_spec(NINTH, weapon, wounds=3, save="3+", invuln="5+"))


@pytest.mark.parametrize("rules", [NINTH, TENTH], ids=["9th", "10th"])
def test_excess_damage_is_lost_and_the_next_model_takes_the_next_attack(rules: Ruleset) -> None:
    weapon = _weapon(rules, "", attacks="2", skill="auto", damage="D3", strength=8)
    check(_spec(rules, weapon, wounds=2, models=2, save="-"))

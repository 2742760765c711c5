"""Exact odds against hand-derived fractions, and properties that hold for any profile."""

from __future__ import annotations

import importlib.util
import pickle
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.odds import Distribution, Odds, compute
from bot.rules.profiles import AttackSpec, Weapon, target_from_text, weapon_from_text
from bot.rules.rulesets import NINTH, TENTH, Ruleset


def _unsaved(odds: Odds) -> Distribution:
    """A plain target's unsaved wounds (known: one save for every wound)."""
    assert odds.unsaved is not None
    return odds.unsaved


def _weapon(abilities: str = "", rules: Ruleset = TENTH, **kw: object) -> Weapon:
    options: dict[str, object] = {"attacks": "1", "skill": "3+", "strength": 4, "damage": "1"}
    options.update(kw)
    return weapon_from_text(rules, abilities=abilities, **options)  # type: ignore[arg-type]


def _odds(*weapons: Weapon, rules: Ruleset = TENTH, **target: object) -> Odds:
    options: dict[str, object] = {"toughness": 4, "save": "4+"}
    options.update(target)
    return compute(AttackSpec(rules, weapons, target_from_text(**options)))  # type: ignore[arg-type]


def _close(value: float, exact: Fraction) -> bool:
    return abs(value - float(exact)) < 1e-12


def test_one_attack_hits_wounds_saves_and_kills() -> None:
    o = _odds(_weapon())
    assert _close(o.hits.p(1), Fraction(2, 3))
    assert _close(o.wounds.p(1), Fraction(1, 3))
    assert _close(_unsaved(o).p(1), Fraction(1, 6))
    assert _close(o.p_destroyed(1), Fraction(1, 6))
    assert _close(o.damage.mean, Fraction(1, 6))


def test_lethal_hits_critical_hit_wounds_automatically() -> None:
    o = _odds(_weapon("lethal hits"), save="-")
    assert _close(o.wounds.p(1), Fraction(1, 6) + Fraction(3, 6) * Fraction(1, 2))


def test_sustained_hits_one_adds_a_hit_on_a_critical() -> None:
    o = _odds(_weapon("sustained hits 1"))
    assert _close(o.hits.p(2), Fraction(1, 6)) and _close(o.hits.mean, Fraction(5, 6))


def test_devastating_wounds_mortal_spill_over_while_normal_damage_is_capped() -> None:
    o = _odds(
        _weapon("torrent, devastating wounds (mortal)", damage="3"), save="2+", wounds=2, models=2
    )
    assert _close(o.damage.p(3), Fraction(1, 6))
    assert _close(o.damage.p(2), Fraction(2, 6) * Fraction(1, 6))
    assert _close(o.p_destroyed(1), Fraction(2, 9))


def test_feel_no_pain_is_rolled_for_each_wound() -> None:
    o = _odds(_weapon("torrent", strength=8, damage="2"), save="-", wounds=3, fnp="5+")
    assert _close(o.damage.p(2), Fraction(5, 6) * Fraction(4, 9))


def test_blast_makes_the_maximum_against_eleven_models_9th() -> None:
    o = _odds(_weapon("blast", NINTH, attacks="D6", skill="auto"), rules=NINTH, models=11)
    assert _close(o.hits.p(6), Fraction(1))


def test_several_weapons_carry_damage_on_one_model() -> None:
    w = _weapon("torrent", strength=8)
    o = _odds(w, w, save="-", wounds=2)
    assert _close(o.p_destroyed(1), Fraction(25, 36))


def test_damaged_target_needs_only_its_wounds_left() -> None:
    o = _odds(_weapon("torrent", strength=8), save="-", wounds=3, wounds_left=1)
    assert _close(o.p_destroyed(1), Fraction(5, 6))


def test_helpers_for_the_ui() -> None:
    o = _odds(_weapon(attacks="3", damage="2"), wounds=2, models=3)
    assert o.p_destroyed_at_least(0) == pytest.approx(1.0)
    assert o.p_destroyed_at_least(1) == pytest.approx(sum(o.destroyed.pmf[1:]))
    assert o.as_good_as(0) == pytest.approx(1.0) and o.as_good_as(99) == 0.0


def test_inputs_hash_and_results_pickle() -> None:
    spec = AttackSpec(
        TENTH, (_weapon("sustained hits d3"),), target_from_text(toughness=4, save="3+")
    )
    again = AttackSpec(
        TENTH, (_weapon("sustained hits d3"),), target_from_text(toughness=4, save="3+")
    )
    assert hash(spec) == hash(again) and spec == again
    odds = compute(spec)
    assert pickle.loads(pickle.dumps(odds)) == odds


PHRASES = [
    "sustained hits 1", "sustained hits d3", "lethal hits", "devastating wounds",
    "devastating wounds (mortal)", "twin-linked", "torrent", "blast", "anti-infantry 4+",
    "reroll hits: all", "reroll wounds: 1s", "-1 damage", "cover", "stealth", "critical hits 5+",
]  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(
    attacks=st.sampled_from(["1", "2", "D3", "D6"]),
    attackers=st.integers(1, 3),
    damage=st.sampled_from(["1", "2", "D3", "D6+1"]),
    abilities=st.lists(st.sampled_from(PHRASES), max_size=3, unique=True),
    wounds=st.integers(1, 4),
    models=st.integers(1, 6),
    fnp=st.sampled_from(["", "5+"]),
)
def test_distributions_are_consistent_for_any_profile(
    attacks: str,
    attackers: int,
    damage: str,
    abilities: list[str],
    wounds: int,
    models: int,
    fnp: str,
) -> None:
    if "devastating wounds" in abilities and "devastating wounds (mortal)" in abilities:
        abilities.remove("devastating wounds")
    if "sustained hits 1" in abilities and "sustained hits d3" in abilities:
        abilities.remove("sustained hits 1")  # one Sustained Hits per weapon: two are refused
    weapon = _weapon(", ".join(abilities), attacks=attacks, attackers=attackers, damage=damage)
    spec = AttackSpec(TENTH, (weapon,), target_from_text(
        toughness=4, save="3+", wounds=wounds, models=models, fnp=fnp, keywords="infantry"
    ))  # fmt: skip
    o = compute(spec)
    for d in (o.hits, o.wounds, _unsaved(o), o.damage, o.destroyed):
        assert abs(sum(d.pmf) - 1) < 1e-9
    most_hits = spec.max_attacks(weapon) * (1 + (3 if weapon.abilities.sustained else 0))
    assert o.hits.most <= most_hits
    assert o.wounds.most <= o.hits.most and _unsaved(o).most <= o.wounds.most
    assert o.wounds.mean <= o.hits.mean + 1e-9 and _unsaved(o).mean <= o.wounds.mean + 1e-9
    assert o.damage.most <= wounds * models and o.destroyed.most <= models
    assert o.destroyed.mean * 1 <= o.damage.mean + 1e-9  # each destroyed model lost >= 1 wound


def test_benchmark_script_runs_quickly() -> None:
    path = Path(__file__).resolve().parents[1] / "bench" / "odds.py"
    spec = importlib.util.spec_from_file_location("bench_odds", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["--quick"]) == 0

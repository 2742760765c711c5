"""Devastating Wounds (current wording) in the exact odds, against a brute-force Markov chain.

The oracle walks every attack of every weapon over states (health, Devastating Wounds waiting per
weapon), one die outcome at a time, then applies each weapon's queue in weapon order: the order the
resolver uses, with none of the engine's shortcuts (joint event counts, merged last queue).
"""

from __future__ import annotations

from collections import defaultdict

import pytest

from bot.rules.odds import compute
from bot.rules.odds.tables import WeaponTable, through, weapon_table
from bot.rules.profiles import AttackSpec, Target, Weapon, target_from_text, weapon_from_text
from bot.rules.rulesets import TENTH

State = tuple[int, tuple[int, ...]]  # health left, Devastating Wounds waiting per queued weapon
Chain = dict[State, float]


def _normal(target: Target, health: int, table: WeaponTable) -> dict[int, float]:
    """One normal damage event: excess damage on the wounded model is lost."""
    out: dict[int, float] = defaultdict(float)
    for lost, p in enumerate(through(table.steps.damage)):
        out[health - min(lost, target.wounds_on(health))] += p
    return out


def _mortal(health: int, table: WeaponTable) -> dict[int, float]:
    """Mortal wounds from one attack: every wound that gets through is lost, spilling over."""
    out: dict[int, float] = defaultdict(float)
    for lost, p in enumerate(through(table.steps.mortal)):
        out[max(health - lost, 0)] += p
    return out


def _event(chain: Chain, event: object, target: Target, table: WeaponTable) -> Chain:
    out: Chain = defaultdict(float)
    for (health, waiting), p in chain.items():
        if event == "wait":
            out[health, (*waiting[:-1], waiting[-1] + 1)] += p
            continue
        after = _normal(target, health, table) if event == "normal" else _mortal(health, table)
        for h, q in after.items():
            out[h, waiting] += p * q
    return out


def _mixture(chains: list[tuple[float, Chain]]) -> Chain:
    out: Chain = defaultdict(float)
    for weight, chain in chains:
        for state, p in chain.items():
            out[state] += weight * p
    return out


def _attack(chain: Chain, target: Target, table: WeaponTable) -> Chain:
    devastating = {"current": "wait", "mortal": "mortal"}.get(table.devastating_kind or "")
    unsaved = 1.0 - float(table.steps.save.chance())
    dev = table.wound[2] if devastating else 0.0
    normal = (table.wound[1] + table.wound[2] - dev) * unsaved
    roll = [(1.0 - normal - dev, None), (normal, "normal"), (dev, devastating)]
    lethal = [(1.0 - unsaved, None), (unsaved, "normal")]
    branches = []
    for (lethals, rolls, _), p in table.bundles.items():
        outcomes = [(p, chain)]
        for options in [lethal] * lethals + [roll] * rolls:
            outcomes = [
                (w * q, c if event is None else _event(c, event, target, table))
                for w, c in outcomes
                for q, event in options
                if q > 0
            ]
        branches.extend(outcomes)
    return _mixture(branches)


def brute_force_damage(spec: AttackSpec) -> dict[int, float]:
    target = spec.target
    chain: Chain = {(target.health, ()): 1.0}
    queues: list[WeaponTable] = []
    for weapon in spec.weapons:
        table = weapon_table(spec, weapon)
        if table.devastating_kind == "current":
            queues.append(table)
            chain = {(h, (*waiting, 0)): p for (h, waiting), p in chain.items()}
        after = [(float(table.count[0]), chain)]
        for n in range(1, table.count.size):
            chain = _attack(chain, target, table)
            after.append((float(table.count[n]), chain))
        chain = _mixture(after)
    damage: dict[int, float] = defaultdict(float)
    for (health, waiting), p in chain.items():
        settled = {health: p}
        for table, m in zip(queues, waiting, strict=True):
            for _ in range(m):
                step: dict[int, float] = defaultdict(float)
                for h, q in settled.items():
                    for h2, r in _normal(target, h, table).items():
                        step[h2] += q * r
                settled = step
        for h, q in settled.items():
            damage[target.health - h] += q
    return damage


def _weapon(abilities: str, attacks: str = "2", damage: str = "D3", **kw: object) -> Weapon:
    options: dict[str, object] = {"skill": "3+", "strength": 4, "ap": -1, "attacks": attacks}
    options.update(kw, damage=damage, abilities=abilities)
    return weapon_from_text(TENTH, **options)  # type: ignore[arg-type]


DEV = "devastating wounds"
CASES: dict[str, tuple[list[Weapon], dict[str, object]]] = {
    "one weapon": ([_weapon(DEV, attacks="3")], {}),
    "queue before a plain weapon": ([_weapon(DEV), _weapon("", damage="2")], {}),
    "plain weapon first": ([_weapon("lethal hits"), _weapon(DEV, damage="D6")], {}),
    "two queues, damaged target": (
        [_weapon(DEV, damage="2"), _weapon(DEV + ", sustained hits 1", damage="D3")],
        {"wounds_left": 2},
    ),
    "queue, mortal, random attacks, feel no pain": (
        [
            _weapon(DEV + ", lethal hits", attacks="D3", attackers=2),
            _weapon("devastating wounds (mortal)", damage="3"),
            _weapon(DEV, damage="D6", strength=8),
        ],
        {"fnp": "5+", "wounds_left": 1},
    ),
    "sustained d3 queue before torrent": (
        [_weapon(DEV + ", sustained hits d3", damage="2"), _weapon("torrent", damage="1")],
        {"fnp": "6+", "wounds": 2, "models": 5},
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_devastating_queues_match_a_brute_force_chain(name: str) -> None:
    weapons, extra = CASES[name]
    target: dict[str, object] = {"toughness": 4, "save": "3+", "wounds": 3, "models": 3}
    target.update(extra)
    spec = AttackSpec(TENTH, tuple(weapons), target_from_text(**target))  # type: ignore[arg-type]
    expected = brute_force_damage(spec)
    got = compute(spec).damage
    assert abs(sum(expected.values()) - 1) < 1e-12
    for k in range(max(max(expected), len(got.pmf)) + 1):
        assert got.p(k) == pytest.approx(expected.get(k, 0.0), abs=1e-12), k

"""The exact odds against a Bodyguard unit with its Leader, and the critical effects, against a
brute-force chain of the order of events (`odds_chain`), and properties of any such target.

10th Core Rules, Leader: "you must use the Toughness characteristic of the Bodyguard models in that
unit"; attacks cannot be allocated to a CHARACTER model of an Attached unit while it has Bodyguard
models; Precision: "that attack can be allocated to a CHARACTER model in that unit".
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.odds import Distribution, compute
from bot.rules.profiles import AttackSpec, Part, Target, Weapon, target_from_text, weapon_from_text
from bot.rules.rulesets import TENTH
from tests.rules.odds_chain import outcomes


def weapon(abilities: str = "", flags: tuple[str, ...] = (), **kw: object) -> Weapon:
    """A 10th weapon; `flags` and keyword values (`critical_wound_ap=1`) set fields directly."""
    options: dict[str, object] = {"attacks": "2", "skill": "3+", "strength": 4, "ap": -1}
    fields = {k: kw.pop(k) for k in list(kw) if k.startswith(("critical_", "fnp_"))}
    options.update(kw)
    w = weapon_from_text(TENTH, abilities=abilities, **options)  # type: ignore[arg-type]
    a = replace(w.abilities, flags=w.abilities.flags | set(flags), **fields)  # type: ignore[arg-type]
    return replace(w, abilities=a)


def target(leader: Part | None = None, **kw: object) -> Target:
    options: dict[str, object] = {"toughness": 4, "save": "3+", "wounds": 1, "models": 2}
    options.update(kw)
    return replace(target_from_text(**options), leader=leader)  # type: ignore[arg-type]


def assert_matches_chain(spec: AttackSpec) -> None:
    damage, destroyed, leader = outcomes(spec)
    odds = compute(spec)
    assert abs(sum(damage.values()) - 1) < 1e-12
    checks = [("damage", damage, odds.damage), ("destroyed", destroyed, odds.destroyed)]
    if spec.target.leader is not None:
        assert odds.leader is not None and odds.unsaved is None
        checks.append(("leader", leader, odds.leader))
    for name, want, got in checks:
        for k in range(max(max(want), len(got.pmf)) + 1):
            assert got.p(k) == pytest.approx(want.get(k, 0.0), abs=1e-12), (name, k)


LEADER = Part(save=4, wounds=3, models=1, invuln=4, fnp=5)
CASES: dict[str, tuple[tuple[Weapon, ...], Target]] = {
    "leader: own save, invulnerable, feel no pain, allocated last": (
        (weapon(damage="D3", attacks="3"),),
        target(LEADER, wounds=2),
    ),
    "precision goes to the leader first": (
        (weapon("precision", damage="2"), weapon("", damage="D3")),
        target(LEADER, wounds=2),
    ),
    "mortal wounds spill from bodyguard to leader, each part's fnp": (
        (weapon("devastating wounds (mortal), torrent", damage="D3", skill="auto"),),
        target(replace(LEADER, fnp=None, fnp_mortal=4), fnp="6+", wounds=1),
    ),
    "precision with mortal wounds and devastating wounds waiting": (
        (
            weapon("precision, devastating wounds, sustained hits 1", damage="2"),
            weapon("devastating wounds (mortal)", damage="D3"),
        ),
        target(Part(save=3, wounds=2, models=1, invuln=5), wounds=1, models=2),
    ),
    "critical hits: 1 mortal wound, lethal hits": (
        (weapon("lethal hits", critical_hit_mortal=1, damage="2"),),
        target(LEADER, wounds=2),
    ),
    "critical hits deal their damage as mortal wounds, sustained hits still roll": (
        (weapon("sustained hits 1", ("critical hits: damage as mortal wounds",), damage="D3"),),
        target(None, wounds=2, models=3, fnp="5+"),
    ),
    "critical wounds: +1 ap and +1 damage": (
        (weapon("", critical_wound_ap=1, critical_wound_damage=1, damage="D3", attacks="3"),),
        target(LEADER, wounds=3, save="2+"),
    ),
    "mortal wounds last, before waiting devastating wounds": (
        (
            weapon("devastating wounds (mortal)", ("mortal wounds last",), critical_hit_mortal=2),
            weapon("devastating wounds", damage="2"),
            weapon("", damage="D3"),
        ),
        target(LEADER, wounds=2, fnp="6+"),
    ),
    "mortal wounds last, plain target, feel no pain vs mortal wounds": (
        (
            weapon("lethal hits", ("mortal wounds last",), critical_hit_mortal=1, fnp_mortal=5),
            weapon("torrent", damage="2", skill="auto"),
        ),
        target(None, wounds=2, models=2),
    ),
    "devastating wounds with +1 damage on critical wounds wait for a later weapon": (
        (weapon("devastating wounds", critical_wound_damage=1), weapon("", damage="2")),
        target(None, wounds=3, models=2),
    ),
    "damaged leader and bodyguard": (
        (weapon("precision", damage="D3", attacks="3"),),
        target(replace(LEADER, wounds=4, wounds_left=2), wounds=2, wounds_left=1),
    ),
    "save re-rolls, worsen ap, halve damage, +d3 attacks into a bodyguard and leader": (
        (
            weapon(
                "reroll saves: 1s, reroll invulnerable saves: failed, worsen ap 1, halve damage, "
                "+d3 attacks",
                damage="D6",
                attacks="1",
            ),
        ),
        target(LEADER, wounds=2),
    ),
    "ignore ap, +1 damage, minimum damage 3, reroll damage, precision": (
        (weapon("ignore ap, +1 damage, minimum damage 3, reroll damage, precision", damage="D3"),),
        target(replace(LEADER, wounds=5), wounds=3, models=1),
    ),
    "ignore invulnerable saves, reroll damage: 1s, reroll attacks, fish": (
        (
            weapon(
                "ignore invulnerable saves, reroll damage: 1s, reroll attacks, "
                "reroll hits: fish, reroll wounds: fish, lethal hits",
                attacks="D3",
                damage="D3",
            ),
        ),
        target(LEADER, wounds=2, invuln="4+"),
    ),
    "feel no pain vs mortal wounds on one weapon only, mortal wounds last on both": (
        (
            weapon(
                "devastating wounds (mortal), feel no pain 4+ vs mortal wounds, mortal wounds last"
            ),
            weapon("critical hits: damage as mortal wounds, mortal wounds last", damage="2"),
        ),
        target(LEADER, wounds=1, models=3),
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_matches_the_brute_force_chain_of_the_order_of_events(name: str) -> None:
    weapons, tgt = CASES[name]
    assert_matches_chain(AttackSpec(TENTH, weapons, tgt))


PHRASES = [
    "", "precision", "devastating wounds", "devastating wounds (mortal)", "lethal hits",
    "sustained hits 1", "critical hits: 1 mortal wound", "critical hits: damage as mortal wounds",
    "critical wounds: +1 ap", "critical wounds: +1 damage", "mortal wounds last",
    "reroll saves: 1s", "halve damage", "+1 damage", "feel no pain 5+ vs mortal wounds",
]  # fmt: skip


@settings(max_examples=30, deadline=None)
@given(
    abilities=st.lists(st.sampled_from(PHRASES), max_size=3, unique=True),
    damage=st.sampled_from(["1", "2", "D3"]),
    wounds=st.integers(1, 3),
    models=st.integers(1, 4),
    leader_wounds=st.integers(1, 5),
    attacks=st.integers(1, 4),
)
def test_any_attack_into_a_bodyguard_and_leader_is_consistent(
    abilities: list[str], damage: str, wounds: int, models: int, leader_wounds: int, attacks: int
) -> None:
    """Each distribution sums to 1, stays within the unit, and one more attack never makes any
    amount of damage less likely to be reached (damage only ever goes up)."""
    if {"devastating wounds", "devastating wounds (mortal)"} <= set(abilities):
        abilities.remove("devastating wounds")
    tgt = target(replace(LEADER, wounds=leader_wounds), wounds=wounds, models=models, fnp="6+")
    less, more = (
        compute(AttackSpec(TENTH, (weapon(", ".join(abilities), damage=damage, attacks=str(n)),),
                           tgt))
        for n in (attacks, attacks + 1)
    )  # fmt: skip
    for d in (more.hits, more.wounds, more.damage, more.destroyed, more.leader):
        assert d is not None and abs(sum(d.pmf) - 1) < 1e-9
    assert more.damage.most <= tgt.body.health + leader_wounds
    assert more.destroyed.most <= models + 1
    for k in range(len(more.damage.pmf)):
        assert more.damage.at_least(k) >= less.damage.at_least(k) - 1e-12, k


def _same(a: Distribution, b: Distribution) -> None:
    for k in range(max(len(a.pmf), len(b.pmf))):
        assert a.p(k) == pytest.approx(b.p(k), abs=1e-12), k


@settings(max_examples=25, deadline=None)
@given(
    abilities=st.sampled_from(
        ["", "devastating wounds (mortal)", "lethal hits", "sustained hits 1"]
    ),
    damage=st.sampled_from(["1", "2", "D3"]),
    wounds=st.integers(1, 3),
    models=st.integers(1, 4),
    attacks=st.sampled_from(["1", "3", "D6"]),
)
def test_a_leader_with_the_bodyguards_profile_is_one_more_model(
    abilities: str, damage: str, wounds: int, models: int, attacks: str
) -> None:
    """Without Precision, a Leader exactly like its Bodyguard models is allocated attacks after
    them as one more model would be: the damage and models destroyed are those of models + 1."""
    w = weapon(abilities, damage=damage, attacks=attacks, fnp_mortal=None)
    body = target(None, wounds=wounds, models=models, fnp="6+")
    attached = replace(body, leader=Part(save=3, wounds=wounds, models=1, fnp=6))
    one_more = replace(body, models=models + 1)
    joined, plain = (
        compute(AttackSpec(TENTH, (w,), attached)),
        compute(AttackSpec(TENTH, (w,), one_more)),
    )
    _same(joined.damage, plain.damage)
    _same(joined.destroyed, plain.destroyed)
    assert joined.leader is not None and sum(joined.leader.pmf) == pytest.approx(1)

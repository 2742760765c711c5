"""Properties of the dice resolver on random profiles and dice, a Leader attached or not.

Replaying the damage events must give back the health each part ends on, and every event must
have been allowed where and when it happened (10th Core, Leader and Precision; seed 000: excess
damage from one attack is lost; seed 002: mortal wounds spill over one at a time)."""

from __future__ import annotations

import random
from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.rules.attack import AttackResult, DamageKind, resolve
from bot.rules.dice import Dice
from bot.rules.profiles import AttackSpec, Weapon, weapon_from_text
from bot.rules.rulesets import TENTH
from bot.rules.targets import Part, Target

PHRASES = [
    "sustained hits 1",
    "lethal hits",
    "precision",
    "twin-linked",
]
DEVASTATING = ["", "devastating wounds", "devastating wounds (mortal)"]
EFFECTS: list[dict[str, object]] = [
    {"critical_hit_mortal": 1},
    {"critical_wound_ap": 1},
    {"critical_wound_damage": 1},
    {"flags": frozenset({"critical hits: damage as mortal wounds"})},
    {"flags": frozenset({"mortal wounds last"})},
    {},
]

parts = st.builds(
    Part,
    save=st.sampled_from([None, 2, 3, 5]),
    wounds=st.integers(1, 4),
    models=st.integers(1, 3),
    invuln=st.sampled_from([None, 4]),
    fnp=st.sampled_from([None, 5]),
    fnp_mortal=st.sampled_from([None, 4]),
)


@st.composite
def weapons(draw: st.DrawFn) -> Weapon:
    weapon = weapon_from_text(
        TENTH,
        attacks=draw(st.sampled_from(["1", "3", "D3"])),
        skill="3+",
        strength=4,
        ap=draw(st.sampled_from([0, -1])),
        damage=draw(st.sampled_from(["1", "2", "D3"])),
        abilities=", ".join(
            [
                *draw(st.lists(st.sampled_from(PHRASES), max_size=3, unique=True)),
                draw(st.sampled_from(DEVASTATING)),
            ]
        ),
        attackers=draw(st.integers(1, 3)),
    )
    effect = dict(draw(st.sampled_from(EFFECTS)))
    a = weapon.abilities
    extra = effect.get("flags", frozenset())
    assert isinstance(extra, frozenset)
    effect["flags"] = a.flags | extra
    return replace(weapon, abilities=replace(a, **effect))  # type: ignore[arg-type]


def _check_events(result: AttackResult) -> list[int]:
    """Replay the events, checking each was allowed; the health of each part at the end."""
    target = result.target
    profiles = target.parts
    left = [p.health for p in profiles]
    for event in result.events:
        assert any(h > 0 for h in left), "nothing is applied to a destroyed unit"
        profile, before = profiles[event.part], left[event.part]
        assert before > 0 and event.model == profile.models - profile.alive(before) + 1
        if event.kind.is_mortal:
            # mortal wounds: Bodyguard first, never Precision; a spill only into the Leader
            assert event.part == 0 or left[0] == 0
            assert not event.spilled or event.part == 1
        else:
            precision = result.weapons[event.weapon].weapon.abilities.has("precision")
            first = 1 if precision and len(left) > 1 else 0
            assert event.part == first or left[first] == 0
            assert event.lost <= profile.wounds_on(before), "excess damage is lost"
        assert len(event.feel_no_pain) <= (event.amount if event.fnp else 0)
        left[event.part] -= event.lost
        assert event.health_after == left[event.part]
        assert event.destroyed == profile.alive(before) - profile.alive(left[event.part])
    return left


@settings(max_examples=150, deadline=None)
@given(
    body=parts,
    leader=st.one_of(st.none(), parts),
    arms=st.lists(weapons(), min_size=1, max_size=3),
    seed=st.integers(0, 2**32),
)
def test_replaying_the_events_gives_each_parts_health(
    body: Part, leader: Part | None, arms: list[Weapon], seed: int
) -> None:
    target = Target(
        4, body.save, body.wounds, body.models, body.invuln, body.fnp,
        fnp_mortal=body.fnp_mortal, leader=leader,
    )  # fmt: skip
    result = resolve(AttackSpec(TENTH, tuple(arms), target), Dice(random.Random(seed)))
    left = _check_events(result)
    assert left[0] == result.health_after
    assert (left[1] if leader else None) == result.leader_after
    assert result.damage_dealt == sum(e.lost for e in result.events)
    for part, profile in enumerate(target.parts):
        assert sum(result.allocation(part).values()) == profile.health - left[part]
    assert result.models_destroyed == sum(
        p.models - p.alive(h) for p, h in zip(target.parts, left, strict=True)
    )
    for w in result.weapons:
        normal = sum(e.kind is DamageKind.NORMAL for e in w.damage)
        assert w.unsaved >= normal and w.unsaved <= w.wounds
        assert all(s.part == 0 for s in w.saves) or leader is not None

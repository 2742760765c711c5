"""Whole units: the exact odds equal the resolver's own distribution, every die enumerated.

As `test_odds_enumerated.py`, for a Bodyguard with its Leader, Precision, every critical effect,
`mortal wounds last` and the modifiers: the resolver is run for every sequence of faces it can
consume and its distributions of hits, wounds, unsaved wounds (a plain target), damage dealt,
models destroyed and Leader models destroyed are compared with `compute`, fraction by fraction.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.rules.attack import AttackResult
from bot.rules.odds import compute
from bot.rules.profiles import AttackSpec, Part, Target, Weapon
from bot.rules.rulesets import TENTH
from tests.rules.test_odds_enumerated import assert_equal, enumerate_resolver
from tests.rules.test_odds_leader import target, weapon

METRICS = ("hits", "wounds", "unsaved", "damage", "destroyed", "leader")


def measures(r: AttackResult) -> tuple[int, ...]:
    t = r.target
    body = t.body.health - r.health_after
    lost = t.models - t.body.alive(r.health_after)
    leader = 0
    if t.leader is not None:
        after = r.leader_after if r.leader_after is not None else t.leader.health
        body += t.leader.health - after
        leader = t.leader.models - t.leader.alive(after)
    return (r.hits, r.wounds, r.unsaved, body, lost + leader, leader)


def check(spec: AttackSpec, most: int = 30_000) -> None:
    exact, sequences = enumerate_resolver(spec, measures)
    assert sequences <= most, f"{sequences} face sequences: keep the profile small"
    odds = compute(spec)
    for metric, distribution in zip(METRICS, exact, strict=True):
        got = getattr(odds, metric)
        if got is None:  # unsaved against a Leader; the Leader of a plain target
            assert metric in ("unsaved", "leader")
            continue
        assert_equal(metric, distribution, got)


LEADER = Part(save=2, wounds=2, models=1, invuln=4)
SMALL = target(LEADER, models=1)
CASES: dict[str, tuple[tuple[Weapon, ...], Target]] = {
    "leader allocated last, own save and invulnerable": ((weapon(attacks="2"),), SMALL),
    "the leader's feel no pain": (
        (weapon("torrent", attacks="2", damage="2"),),
        target(replace(LEADER, fnp=5), models=1, save="-"),
    ),
    "precision into the leader first": ((weapon("precision", attacks="2"),), SMALL),
    "critical hits: 1 mortal wound spills to the leader": (
        (weapon("critical hits: 1 mortal wound", attacks="2"),),
        SMALL,
    ),
    "critical hits: damage as mortal wounds, sustained hits 1": (
        (weapon("critical hits: damage as mortal wounds, sustained hits 1", damage="2"),),
        target(None, wounds=2, models=2),
    ),
    "critical wounds: +1 ap, +1 damage": (
        (weapon("critical wounds: +1 ap, critical wounds: +1 damage", attacks="1", damage="D3"),),
        target(None, wounds=3, models=1),
    ),
    "mortal wounds last, then a second weapon": (
        (
            weapon("critical hits: 1 mortal wound, mortal wounds last", attacks="1"),
            weapon("torrent", attacks="1", damage="2"),
        ),
        target(None, wounds=2, models=2, save="-"),
    ),
    "devastating wounds with +1 critical damage wait for a later weapon, precision": (
        (
            weapon("devastating wounds, critical wounds: +1 damage, precision", attacks="1"),
            weapon("torrent", attacks="1"),
        ),
        SMALL,
    ),
    "devastating wounds (mortal) takes -1 damage, feel no pain vs mortal wounds": (
        (
            weapon(
                "devastating wounds (mortal), -1 damage, feel no pain 5+ vs mortal wounds",
                damage="D3",
                attacks="1",
            ),
        ),
        target(None, wounds=1, models=3),
    ),
    "save re-rolls: failed armour, 1s invulnerable": (
        (weapon("reroll armour saves: failed, reroll invulnerable saves: 1s", attacks="1"),),
        replace(SMALL, invuln=5),
    ),
    "worsen ap, ignore invulnerable saves, halve damage, minimum damage": (
        (
            weapon(
                "worsen ap 1, ignore invulnerable saves, halve damage, minimum damage 2",
                attacks="1",
                damage="D6",
            ),
        ),
        target(LEADER, wounds=3, models=1, invuln="4+"),
    ),
    "reroll damage, +1 damage, ignore ap": (
        (weapon("reroll damage, +1 damage, ignore ap", attacks="1", damage="D3"),),
        target(None, wounds=3, models=2),
    ),
    "+1 attacks, reroll attacks: 1s": (
        (weapon("+1 attacks, reroll attacks: 1s, torrent", attacks="D3", strength=8),),
        target(None, wounds=1, models=3, save="-"),
    ),
    "+d3 attacks": (
        (weapon("+d3 attacks, torrent", attacks="1", strength=8),),
        target(None, wounds=1, models=2, save="-"),
    ),
    "reroll attacks": (
        (weapon("reroll attacks, torrent", attacks="D3", strength=8),),
        target(None, wounds=1, models=2, save="-"),
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_resolver_and_the_exact_odds_agree(name: str) -> None:
    weapons, tgt = CASES[name]
    check(AttackSpec(TENTH, weapons, tgt))

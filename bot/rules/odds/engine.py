"""Exact odds of an `AttackSpec`: per-attack tables, attack counts, health-state DP.

Damage is applied in the resolver's order (`bot/rules/attack/resolve.py`): weapon by weapon, attack
by attack, a Lethal Hits auto-wound before the attack's other hits; Devastating Wounds (current
wording) wait on a pending-count axis until every other attack is resolved, then each weapon's
queue is applied in weapon order. Within such a weapon every event, normal or waiting, is the same
damage operator N, so only the joint count of (normal events, waiting events) matters: the health
after the weapon is sum over (a, m) of P(a, m) * N^a(state), filed under m waiting. When nothing
comes between a weapon's attacks and its queue (the last weapon, no other queue), the queue is
simply N applied once more per Devastating Wound, as if at once.
"""

from __future__ import annotations

import numpy as np

from bot.rules.errors import TooManyDice
from bot.rules.odds.counts import event_counts, total
from bot.rules.odds.health import DENSE_LIMIT, Array, Op, Space, dense, flush, settle
from bot.rules.odds.result import Distribution, Odds
from bot.rules.odds.tables import WeaponTable, weapon_table
from bot.rules.profiles import AttackSpec

MAX_CELLS = 4_000_000
TOO_MANY_WAITING = "Those devastating wounds are too many to work out exactly; use fewer attacks."


def compute(spec: AttackSpec) -> Odds:
    """Exact distributions of hits, wounds, unsaved wounds, damage dealt and models destroyed."""
    target = spec.target
    space = Space(target.models, target.wounds)
    tables = [weapon_table(spec, w) for w in spec.weapons]
    state = space.start(target.health)
    waiting: list[Op] = []
    for i, table in enumerate(tables):
        normal = space.normal(table.damage)
        devastating: Op | None = None
        if table.devastating_kind == "current" and table.devastating > 0:
            if waiting or i + 1 < len(tables):
                state = _defer(state, table, normal)
                waiting.append(normal)
                continue
            devastating = normal  # the last queue, straight after its own attacks: same damage
        elif table.devastating_kind == "mortal":
            devastating = space.mortal(table.mortal)
        state = _mix(state, table, _attack_op(table, normal, devastating))
    for normal in waiting:
        state = settle(state, normal)
    health = np.clip(state, 0.0, None)
    damage = np.zeros(target.health + 1)
    destroyed = np.zeros(target.models + 1)
    for h, p in enumerate(health[: target.health + 1]):
        damage[target.health - h] += p
        destroyed[target.models - target.alive(h)] += p
    return Odds(
        hits=_total(tables, "hits"),
        wounds=_total(tables, "wounds"),
        unsaved=_total(tables, "unsaved"),
        damage=_distribution(damage),
        destroyed=_distribution(destroyed),
    )


def _defer(state: Array, table: WeaponTable, normal: Op) -> Array:
    """After a weapon with Devastating Wounds: health by its wounds waiting (a new last axis)."""
    if state.size * ((table.count.size - 1) * table.most_events + 1) > MAX_CELLS:
        raise TooManyDice(TOO_MANY_WAITING)
    joint = flush(event_counts(table))
    powers = np.empty((*state.shape, joint.shape[0]))  # N^a(state) for every count a of events
    powers[..., 0] = state
    for a in range(1, joint.shape[0]):
        powers[..., a] = normal(powers[..., a - 1])
    out: Array = flush(powers) @ joint
    return out


def _attack_op(table: WeaponTable, normal: Op, devastating: Op | None) -> Op:
    """One attack: sum over bundles of P(bundle) * B^hits(L^lethal(X))."""
    keep_lethal = 1.0 - table.lethal_unsaved
    none = 1.0 - table.normal - (table.devastating if devastating is not None else 0.0)

    def hit(X: Array) -> Array:
        out = none * X + table.normal * normal(X)
        if devastating is not None and table.devastating > 0:
            out += table.devastating * devastating(X)
        return out

    def attack(X: Array) -> Array:
        out = np.zeros_like(X)
        for lethal in (0, 1):
            rolls = sorted(j for (le, j), p in table.bundles.items() if le == lethal and p > 0)
            if not rolls:
                continue
            cur = X if lethal == 0 else keep_lethal * X + table.lethal_unsaved * normal(X)
            for j in range(rolls[-1] + 1):
                out += table.bundles.get((lethal, j), 0.0) * cur
                if j < rolls[-1]:
                    cur = hit(cur)
        return out

    return attack


def _mix(state: Array, table: WeaponTable, attack: Op) -> Array:
    """Sum over n of P(n attacks) * attack^n(state)."""
    if state.shape[0] <= DENSE_LIMIT:
        attack = dense(attack(np.eye(state.shape[0])))
    acc = np.zeros_like(state)
    cur = state
    last = int(np.flatnonzero(table.count)[-1])
    for n in range(last + 1):
        if table.count[n] > 0:
            acc += table.count[n] * cur
        if n < last:
            cur = attack(cur)
    return acc


def _total(tables: list[WeaponTable], field: str) -> Distribution:
    """Sum over weapons of a compound count (see `counts.total`)."""
    out = np.ones(1)
    for t in tables:
        out = np.convolve(out, total(t, getattr(t, field)))
    return _distribution(out)


def _distribution(pmf: Array) -> Distribution:
    pmf = np.where(pmf > 1e-15, pmf, 0.0)
    nonzero = np.flatnonzero(pmf > 0)
    end = int(nonzero[-1]) + 1 if nonzero.size else 1
    return Distribution(tuple(float(x) for x in pmf[:end]))

"""Exact odds of an `AttackSpec`: per-attack tables, attack counts, health-state DP.

Damage is applied in the order of `bot.rules.sequence.Steps` (the resolver's): weapon by weapon,
attack by attack; within an attack its Lethal Hits auto-wound, its hits that roll to wound in turn,
then the mortal wounds its critical hit inflicts. Each attack is one operator on the distribution
over the target's states (`health.Space`); a weapon's n attacks are sum over n of P(n) * A^n.

Waiting wounds (`queues`): `mortal wounds last` and current Devastating Wounds are counted on extra
axes and settled at the end. A fast path: against a plain target, when every event of a weapon with
Devastating Wounds is the same damage operator N (its critical Damage is its Damage, its critical
hits inflict no mortal wounds), only the joint count of (normal events, waiting events) matters: the
health after the weapon is sum over (a, m) of P(a, m) * N^a(state), filed under m waiting; and when
nothing waits and nothing comes after that weapon, its Devastating Wounds are simply N once more, as
if at once.
"""

from __future__ import annotations

import numpy as np

from bot.rules.odds import plan
from bot.rules.odds.counts import event_counts, total
from bot.rules.odds.events import Mortal, Ops
from bot.rules.odds.health import Array, Op, Shift, Space, dense, flush
from bot.rules.odds.queues import MAX_CELLS as MAX_CELLS
from bot.rules.odds.queues import TOO_MANY_WAITING as TOO_MANY_WAITING
from bot.rules.odds.queues import Queue, Queues, push, room
from bot.rules.odds.result import Distribution, Odds
from bot.rules.odds.tables import WeaponTable, weapon_table
from bot.rules.profiles import AttackSpec


def compute(spec: AttackSpec) -> Odds:
    """Exact distributions of hits, wounds, unsaved wounds, damage dealt and models destroyed."""
    target = spec.target
    tables = [weapon_table(spec, w) for w in spec.weapons]
    space = Space(target, grid=any(t.steps.precision for t in tables))
    run = Queues(space.initial())
    for i, table in enumerate(tables):
        _weapon(space, run, table, last=i + 1 == len(tables))
    health = np.clip(run.settle(), 0.0, None)
    damage, destroyed, leaders = space.lost(health)
    plain = target.leader is None
    return Odds(
        hits=_total(tables, "hits"),
        wounds=_total(tables, "wounds"),
        unsaved=_total(tables, "unsaved") if plain else None,
        damage=_distribution(damage),
        destroyed=_distribution(destroyed),
        leader=None if plain else _distribution(leaders),
    )


def _weapon(space: Space, run: Queues, table: WeaponTable, last: bool) -> None:
    ops = Ops(space, table)
    steps = table.steps
    crit: Shift | Op | None = None
    can_crit = table.wound[2] > 0
    if steps.devastating == "current" and can_crit:
        if plan.joint(steps):
            if not last or run.axes:
                _defer(run, table, ops)
                return
            crit = ops.devastating()
        else:
            cap = plan.devastating_cap(steps, space.total)
            queue = Queue("devastating", ops.devastating().op(), capped=cap is not None)
            run.open(queue, plan.queue_length(int(table.count.size - 1) * table.most_rolls, cap))
            crit = _Push(run, queue, np.array([0.0, 1.0]))
    elif steps.devastating == "mortal" and can_crit:
        crit = _mortal(run, ops, ops.dev_mortal(), table, table.most_rolls)
    elif steps.devastating is None:
        crit = ops.wound(True)
    hit_mortal = ops.crit_hit()
    after: Op | None = None
    if hit_mortal is not None and any(c for (_, _, c), p in table.bundles.items() if p):
        after = _as_op(_mortal(run, ops, hit_mortal, table, 1))
    normal = ops.wound(False)  # a wound that is not critical, and a Lethal Hits auto-wound
    attack = _attack(table, _hit(table, normal, crit), normal.op(), after)
    if space.dense() and not _pushes(crit, after):
        attack = dense(attack(np.eye(space.size)))
    run.state = _mix(run.state, table, attack)


def _pushes(*ops: object) -> bool:
    return any(getattr(op, "pushes", False) for op in ops)


class _Push:
    """An event that only adds to a queue (marked so the attack is not made a matrix)."""

    pushes = True

    def __init__(self, run: Queues, queue: Queue, pmf: Array) -> None:
        self.run, self.queue, self.pmf = run, queue, pmf

    def __call__(self, X: Array) -> Array:
        return push(X, self.run.axis(self.queue), self.pmf, self.queue.capped)


def _mortal(run: Queues, ops: Ops, m: Mortal, table: WeaponTable, per_attack: int) -> Shift | Op:
    """Mortal wounds now, or (`mortal wounds last`) counted on the weapon's mortal queue."""
    if not table.steps.mortal_last:
        return ops.mortal(m)
    counted = m.counted()
    cap = ops.space.total if m.uniform else None
    added = (len(counted) - 1) * per_attack * int(table.count.size - 1)
    queue = run.mortal(m.chances, ops.one_queued(m), cap, added)
    return _Push(run, queue, counted)


def _as_op(op: Shift | Op) -> Op:
    return op.op() if isinstance(op, Shift) else op


def _hit(table: WeaponTable, normal: Shift, crit: Shift | Op | None) -> Op:
    """One hit rolling to wound: fails, wounds (`normal`) or wounds critically (`crit`)."""
    fail, success, critical = table.wound
    merged = Shift(normal.size)
    merged.add(0, np.full(normal.size, fail + (critical if crit is None else 0.0)))
    merged.plus(normal, success)
    if isinstance(crit, Shift):
        merged.plus(crit, critical)
        return merged.op()
    plain = merged.op()
    if crit is None or critical == 0:
        return plain
    other = crit

    def hit(X: Array) -> Array:
        return plain(X) + critical * other(X)

    return hit


def _attack(table: WeaponTable, hit: Op, lethal: Op, after: Op | None) -> Op:
    """One attack: sum over bundles of P(bundle) * [after] hit^rolls(lethal^l(X)); `after` (the
    critical hit's mortal wounds) follows every critical bundle."""
    live = {b: p for b, p in table.bundles.items() if p > 0}

    def attack(X: Array) -> Array:
        out = np.zeros_like(X)
        crits = np.zeros_like(X) if after is not None else out
        for le in (0, 1):
            chain = [b for b in live if b[0] == le]
            if not chain:
                continue
            cur = X if le == 0 else lethal(X)
            top = max(b[1] for b in chain)
            for j in range(top + 1):
                for c, into in ((False, out), (True, crits)):
                    p = live.get((le, j, c), 0.0)
                    if p:
                        into += p * cur
                if j < top:
                    cur = hit(cur)
        if after is not None:
            out += after(crits)
        return out

    return attack


def _defer(run: Queues, table: WeaponTable, ops: Ops) -> None:
    """After a weapon with Devastating Wounds: health by its wounds waiting (a new last axis)."""
    state = run.state
    room(state.size * ((table.count.size - 1) * table.most_events + 1))
    unsaved = 1.0 - float(ops.recv[0].save.chance())
    joint = flush(event_counts(table, table.wound[1] * unsaved, unsaved))
    normal = ops.devastating().op()
    if ops.space.dense():
        normal = dense(ops.devastating().matrix())
    powers = np.empty((*state.shape, joint.shape[0]))  # N^a(state) for every count a of events
    powers[..., 0] = state
    for a in range(1, joint.shape[0]):
        powers[..., a] = normal(powers[..., a - 1])
    run.state = flush(powers) @ joint
    run.axes.append(Queue("devastating", normal))


def _mix(state: Array, table: WeaponTable, attack: Op) -> Array:
    """Sum over n of P(n attacks) * attack^n(state)."""
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

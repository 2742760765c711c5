"""A brute-force Markov chain of the order of events (`bot.rules.sequence.Steps`), for the tests.

It walks every attack of every weapon, one die outcome at a time, over full states (Bodyguard
health, Leader health, Devastating Wounds waiting per weapon, mortal wounds waiting per weapon),
with none of the engine's shortcuts (no operators, no joint counts, no merged queues): a normal
damage event goes to the Bodyguard while it has models (a Precision weapon's to the Leader), meets
that part's save, deals min(wounds through feel-no-pain, wounds on the model); a mortal event rolls
its amount once and allocates it one wound at a time, Bodyguard first, each with the receiving
part's feel-no-pain. `mortal wounds last` queues wait until every weapon's other damage is done,
then current Devastating Wounds are applied, both in weapon order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from dataclasses import replace
from functools import partial

from bot.rules.damage import DamageStep
from bot.rules.odds.tables import weapon_table
from bot.rules.profiles import AttackSpec
from bot.rules.sequence import Receiving, SaveStep, Steps, Verdict, exact_pmf

State = tuple[int, int, tuple[int, ...], tuple[int, ...]]  # b, lh, dev waiting, mortal waiting
Chain = dict[State, float]


def _pmf(step: DamageStep, fnp: bool) -> dict[int, float]:
    table = (step if fnp else replace(step, fnp=None)).table()
    return {k: float(p) for k, p in table.items()}


class Walk:
    def __init__(self, spec: AttackSpec) -> None:
        self.target = spec.target
        self.parts = spec.target.parts

    def _part(self, b: int, lh: int, precision: bool) -> int | None:
        order = (1, 0) if precision else (0, 1)
        health = (b, lh)
        return next((p for p in order if p < len(self.parts) and health[p] > 0), None)

    def _lose(self, state: State, part: int, x: int) -> State:
        b, lh, dev, mq = state
        return (b - x, lh, dev, mq) if part == 0 else (b, lh - x, dev, mq)

    def damage(self, chain: Chain, steps: Steps, pick: str, save: bool, precision: bool) -> Chain:
        """One damage event (a wound, or a waiting Devastating Wound with no save)."""
        out: Chain = defaultdict(float)
        for state, p in chain.items():
            part = self._part(state[0], state[1], precision)
            if part is None:
                out[state] += p
                continue
            recv: Receiving = steps.receiving[part]
            rule: SaveStep = getattr(recv, "critical_save" if pick == "critical" else "save")
            saved = float(rule.chance()) if save else 0.0
            out[state] += p * saved
            on = self.parts[part].wounds_on(state[0] if part == 0 else state[1])
            step = recv.critical_damage if pick == "critical" else recv.damage
            for x, q in _pmf(step, True).items():
                out[self._lose(state, part, min(x, on))] += p * (1 - saved) * q
        return out

    def settle_devastating(self, chain: Chain, steps: Steps) -> Chain:
        """One waiting Devastating Wound: the critical Damage, no save."""
        return self.damage(chain, steps, "critical", False, steps.precision)

    def one_mortal(self, chain: Chain, steps: Steps, field: str) -> Chain:
        out: Chain = defaultdict(float)
        for state, p in chain.items():
            part = self._part(state[0], state[1], False)
            if part is None:
                out[state] += p
                continue
            fnp = getattr(steps.receiving[part], field).fnp
            ignored = 0.0 if fnp is None else (7 - fnp) / 6
            out[state] += p * ignored
            out[self._lose(state, part, 1)] += p * (1 - ignored)
        return out

    def mortal(self, chain: Chain, steps: Steps, field: str, w: int) -> Chain:
        """A mortal event: now, or onto the weapon's mortal queue (`mortal wounds last`)."""
        step = getattr(steps.body, field)
        out: Chain = defaultdict(float)
        for a, q in _pmf(step, False).items():
            if steps.mortal_last:
                for (b, lh, dev, mq), p in chain.items():
                    more = tuple(m + a * (i == w) for i, m in enumerate(mq))
                    out[b, lh, dev, more] += p * q
                continue
            cur = chain
            for _ in range(a):
                cur = self.one_mortal(cur, steps, field)
            for s, p in cur.items():
                out[s] += p * q
        return out

    def roll_to_wound(self, chain: Chain, steps: Steps, w: int) -> Chain:
        table = steps.wound.table()
        branches: list[tuple[float, Chain]] = [(float(table[Verdict.FAIL]), chain)]
        branches.append(
            (float(table[Verdict.SUCCESS]), self.damage(chain, steps, "", True, steps.precision))
        )
        crit = float(table[Verdict.CRITICAL])
        if steps.devastating == "current":
            waits: Chain = {
                (b, lh, tuple(d + (i == w) for i, d in enumerate(dev)), mq): p
                for (b, lh, dev, mq), p in chain.items()
            }
            branches.append((crit, waits))
        elif steps.devastating == "mortal":
            branches.append((crit, self.mortal(chain, steps, "mortal", w)))
        else:
            branches.append((crit, self.damage(chain, steps, "critical", True, steps.precision)))
        return mix(branches)

    def attack(self, chain: Chain, steps: Steps, w: int) -> Chain:
        if steps.hit is None:
            return self.roll_to_wound(chain, steps, w)
        table = steps.hit.table()
        branches = [(float(table[Verdict.FAIL]), chain)]
        branches.append((float(table[Verdict.SUCCESS]), self.roll_to_wound(chain, steps, w)))
        extra = exact_pmf(steps.sustained) if steps.sustained is not None else {0: 1}
        for x, px in extra.items():
            cur = chain
            if steps.lethal and not steps.hit_mortal:
                cur = self.damage(cur, steps, "", True, steps.precision)
            rolls = x + (0 if steps.lethal or steps.hit_mortal else 1)
            for _ in range(rolls):
                cur = self.roll_to_wound(cur, steps, w)
            if steps.hit_mortal:
                cur = self.mortal(cur, steps, "hit_mortal", w)
            if steps.extra_mortal:
                cur = self.mortal(cur, steps, "extra_mortal", w)
            branches.append((float(table[Verdict.CRITICAL]) * float(px), cur))
        return mix(branches)


def mix(branches: list[tuple[float, Chain]]) -> Chain:
    out: Chain = defaultdict(float)
    for weight, chain in branches:
        if weight:
            for state, p in chain.items():
                out[state] += weight * p
    return out


def walk(spec: AttackSpec) -> Chain:
    """The final states' chances (queues settled: health only, waiting all zero)."""
    walker = Walk(spec)
    target = spec.target
    n = len(spec.weapons)
    leader = target.leader.health if target.leader else 0
    chain: Chain = {(target.body.health, leader, (0,) * n, (0,) * n): 1.0}
    steps_all = [weapon_table(spec, wp).steps for wp in spec.weapons]
    for w, weapon in enumerate(spec.weapons):
        count = weapon_table(spec, weapon).count
        after = [(float(count[0]), chain)]
        for k in range(1, count.size):
            chain = walker.attack(chain, steps_all[w], w)
            after.append((float(count[k]), chain))
        chain = mix(after)
    for w, steps in enumerate(steps_all):  # mortal wounds last, in weapon order
        chain = _settle(chain, 3, w, partial(walker.one_mortal, steps=steps, field="mortal"))
    for w, steps in enumerate(steps_all):  # then current Devastating Wounds, in weapon order
        chain = _settle(chain, 2, w, partial(walker.settle_devastating, steps=steps))
    return chain


def _settle(chain: Chain, slot: int, w: int, one: Callable[[Chain], Chain]) -> Chain:
    """Apply weapon w's waiting wounds counted in `slot` (2: Devastating, 3: mortal)."""
    out: Chain = defaultdict(float)
    for (b, lh, dev, mq), p in chain.items():
        queue = dev if slot == 2 else mq
        cleared = tuple(0 if i == w else m for i, m in enumerate(queue))
        cur: Chain = {(b, lh, cleared, mq) if slot == 2 else (b, lh, dev, cleared): p}
        for _ in range(queue[w]):
            cur = one(cur)
        for s, q in cur.items():
            out[s] += q
    return out


def outcomes(spec: AttackSpec) -> tuple[dict[int, float], dict[int, float], dict[int, float]]:
    """Damage dealt, models destroyed, Leader models destroyed."""
    target = spec.target
    parts = target.parts
    total = sum(p.health for p in parts)
    damage: dict[int, float] = defaultdict(float)
    destroyed: dict[int, float] = defaultdict(float)
    leader: dict[int, float] = defaultdict(float)
    for (b, lh, _, _), p in walk(spec).items():
        damage[total - b - (lh if len(parts) > 1 else 0)] += p
        gone = [parts[0].models - parts[0].alive(b)]
        if len(parts) > 1:
            gone.append(parts[1].models - parts[1].alive(lh))
        destroyed[sum(gone)] += p
        leader[gone[-1] if len(parts) > 1 else 0] += p
    return damage, destroyed, leader

"""One weapon's events as operators on the target's states (`health.Space`).

A wound that is not critical (or a Lethal Hits auto-wound) is `Space.wound` with each part's save
and damage; a critical wound the same with the critical save and damage; mortal wounds (the launch
wording of Devastating Wounds, a critical hit's mortal wounds) an amount rolled once then allocated
one wound at a time, Bodyguard first, each with the receiving part's feel-no-pain against mortal
wounds. When both parts roll the same feel-no-pain the wounds that get through are a binomial
thinning of the amount and simply walk down the line of states (`Space.spill`).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import comb

import numpy as np

from bot.rules.damage import DamageStep
from bot.rules.odds.health import Array, Op, Shift, Space, dense, horner
from bot.rules.odds.tables import WeaponTable, amounts, through
from bot.rules.sequence import Receiving


def gets_through(step: DamageStep) -> float:
    """The chance one mortal wound gets past the feel-no-pain of `step`."""
    return 1.0 if step.fnp is None else (step.fnp - 1) / 6


def thin(raw: Array, chance: float) -> Array:
    """How many of a rolled amount get through, each with `chance`."""
    out = np.zeros(len(raw))
    for a, p in enumerate(raw):
        if p:
            k = np.arange(a + 1)
            out[: a + 1] += (
                p * np.array([comb(a, j) for j in k]) * chance**k * (1 - chance) ** (a - k)
            )
    return out


@dataclass(frozen=True, slots=True)
class Mortal:
    """Mortal wounds of one kind of event: their raw amount and each part's feel-no-pain."""

    raw: Array
    chances: tuple[float, ...]  # per part: a mortal wound gets through

    @property
    def uniform(self) -> bool:
        return len(set(self.chances)) == 1

    def counted(self) -> Array:
        """The pmf a queue counts: wounds through (one feel-no-pain), else the raw amount."""
        return thin(self.raw, self.chances[0]) if self.uniform else self.raw


def mortal_of(steps: list[DamageStep], raw: Array | None = None) -> Mortal:
    """`steps`: the event's mortal-wound step per part (the amount is rolled once, by the
    first part's step; every part's step has the same Damage)."""
    return Mortal(amounts(steps[0]) if raw is None else raw, tuple(gets_through(s) for s in steps))


def crit_hit_mortal(recv: tuple[Receiving, ...], hit_mortal: bool, extra: int) -> Mortal | None:
    """A critical hit's mortal wounds: its Damage (`hit_mortal`) then `extra` more, one amount."""
    if not hit_mortal and not extra:
        return None
    raw = np.ones(1)
    if hit_mortal:
        raw = np.convolve(raw, amounts(recv[0].hit_mortal))
    if extra:
        raw = np.convolve(raw, amounts(recv[0].extra_mortal))
    return mortal_of([r.extra_mortal if extra else r.hit_mortal for r in recv], raw)


class Ops:
    """The operators of one weapon against one target."""

    def __init__(self, space: Space, table: WeaponTable) -> None:
        self.space = space
        self.table = table
        steps = table.steps
        self.recv = steps.receiving
        self.precision = steps.precision

    def wound(self, critical: bool) -> Shift:
        saves = [(r.critical_save if critical else r.save).chance() for r in self.recv]
        damage = [r.critical_damage if critical else r.damage for r in self.recv]
        return self.space.wound(
            [float(s) for s in saves], [through(d) for d in damage], self.precision
        )

    def devastating(self) -> Shift:
        """A waiting Devastating Wound: the critical Damage, no save."""
        through_ = [through(r.critical_damage) for r in self.recv]
        return self.space.wound([0.0] * len(self.recv), through_, self.precision)

    def mortal(self, m: Mortal) -> Shift | Op:
        """Mortal wounds applied at once: a Shift down the line, else one wound at a time."""
        space = self.space
        if m.uniform and not space.grid:
            return space.spill(thin(m.raw, m.chances[0]))
        if m.uniform:
            op = horner(space.one_mortal([1.0] * len(m.chances)).op(), thin(m.raw, m.chances[0]))
        else:
            op = horner(space.one_mortal(list(m.chances)).op(), m.raw)
        return dense(op(np.eye(space.size))) if space.dense() else op

    def one_queued(self, m: Mortal) -> Op:
        """One counted mortal wound of a queue (a wound through, or a raw one)."""
        chances = [1.0] * len(m.chances) if m.uniform else list(m.chances)
        return self.space.one_mortal(chances).op()

    def dev_mortal(self) -> Mortal:
        return mortal_of([r.mortal for r in self.recv])

    def crit_hit(self) -> Mortal | None:
        steps = self.table.steps
        return crit_hit_mortal(self.recv, steps.hit_mortal, steps.extra_mortal)

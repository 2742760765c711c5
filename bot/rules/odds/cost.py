"""How long the exact odds of an attack would take, estimated from its sizes before computing.

The estimate follows `engine.compute` step by step and counts what each step does: numpy calls
(a fixed overhead each), array cells touched by elementwise passes, matrix-product multiply-adds
and complex multiplies on the FFT grids (see `counts`). The weights turn those counts into seconds
on one core; they were fitted to the measured times of 37 varied cases (0.4 ms to 1.6 s, one
BLAS thread, a 2-core AMD EPYC): the estimate is within 0.6x to 1.35x of the measured time, and up
to 3x above it for a large target with Devastating Wounds waiting (whose arrays outgrow the cache
and vary most from run to run), which is the side a refusal should err on.

Sizes: a weapon makes up to L attacks, each with up to E damage events (Sustained Hits, Lethal
Hits) from up to R hits rolling to wound; the target has S = models x wounds + 1 health states, and
every weapon whose Devastating Wounds wait multiplies the state by its count of waiting wounds.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules.errors import TooManyDice
from bot.rules.odds.counts import fast_size as _fast
from bot.rules.odds.engine import MAX_CELLS, TOO_MANY_WAITING
from bot.rules.odds.health import DENSE_LIMIT
from bot.rules.profiles import AttackSpec, attacks_per_model
from bot.rules.sequence import steps_of

# Seconds per unit of each count, on one core (fitted: see the module docstring). PER_BIG is set
# above its fit so that the slowest large-array cases measured are not underestimated.
START = 3e-4
PER_CALL = 6e-7
PER_CELL = 1.5e-10
PER_BIG = 5e-10
BIG = 2**15  # cells (256 KiB of floats, with its temporaries): a larger array streams from memory
PER_FLOP = 4e-11
PER_COMPLEX = 5.5e-10
BUDGET = 1.0  # seconds of estimated work; more is refused before anything is computed


@dataclass(slots=True)
class Work:
    """What a computation does, counted."""

    calls: float = 0.0  # numpy calls
    cells: float = 0.0  # array cells touched by elementwise passes on arrays that fit in cache
    big: float = 0.0  # ... on arrays that do not (over BIG cells: slower per cell)
    flops: float = 0.0  # multiply-adds in matrix products
    complex: float = 0.0  # complex multiply-adds on FFT grids
    waiting: float = 0.0  # the largest array of Devastating Wounds waiting (`engine.MAX_CELLS`)

    def add(self, cells: float, array: float) -> None:
        """`cells` touched in passes over an array of `array` cells."""
        if array > BIG:
            self.big += cells
        else:
            self.cells += cells

    @property
    def seconds(self) -> float:
        return (
            START
            + PER_CALL * self.calls
            + PER_CELL * self.cells
            + PER_BIG * self.big
            + PER_FLOP * self.flops
            + PER_COMPLEX * self.complex
        )


def _waiting(w: Work, normal: _Op, grid: tuple[int, int], counts: tuple[int, ...]) -> None:
    """A weapon whose Devastating Wounds wait for the next weapon: its counts on a 2-D grid."""
    size, width = grid
    attacks, events, rolls, horner = counts
    many, kinds = attacks * events + 1, attacks * rolls + 1
    w.waiting = max(w.waiting, size * width * many)
    grid2 = _fast(many) * (_fast(kinds) // 2 + 1)
    bundles = 2 * (rolls + 1)  # (lethal, rolls) pairs, each raised to its powers
    # A grid over 4 MiB streams from memory: about twice the time per multiply (measured).
    slow = 2 if grid2 > 2**18 else 1
    w.complex += slow * (horner + bundles * (2 * events.bit_length() + 3)) * grid2
    w.complex += 2 * grid2 * grid2.bit_length()  # the transform itself
    w.calls += 2 * horner + 8 * bundles
    w.add(4 * many * kinds, many * kinds)  # flush, slicing
    _apply(w, normal, size, width, many)  # N^a(state) for every count a
    w.flops += size * width * many * kinds
    w.add(size * width * many, size * width * many)  # flush of the powers


def work(spec: AttackSpec) -> Work:
    """Count what `engine.compute(spec)` would do, without doing it."""
    target = spec.target
    size = target.models * target.wounds + 1
    w = Work()
    width = 1  # cells per health state: the waiting Devastating Wounds' axes
    waiting: list[int] = []  # each waiting weapon's count of waiting wounds + 1
    for i, (weapon, steps) in enumerate(zip(spec.weapons, steps_of(spec), strict=True)):
        attacks = spec.max_attacks(weapon)
        # Horner runs over the attack counts that can happen, then raises to the fewest.
        fewest = weapon.firing * attacks_per_model(
            weapon.attacks.minimum, weapon, spec.rules, target.models
        )
        horner = attacks - fewest + 1 + 2 * fewest.bit_length()
        extra = steps.sustained.maximum if steps.sustained is not None else 0
        events = 1 + extra if steps.hit is not None else 1
        rolls = max(1, extra) if steps.lethal and steps.hit is not None else events
        damage = steps.damage.value(steps.damage.expr.maximum) + 1  # 0..most wounds through
        # Three compound counts (hits, wounds, unsaved): Horner over the attacks on an FFT grid.
        grid = _fast(attacks * events + 1)
        w.complex += 3 * horner * (grid // 2 + 1)
        w.calls += 3 * 2 * horner
        normal = _normal(size, target.wounds, damage)
        if steps.devastating == "current" and (waiting or i + 1 < len(spec.weapons)):
            kinds = attacks * rolls + 1
            _waiting(w, normal, (size, width), (attacks, events, rolls, horner))
            width *= kinds
            waiting.append(kinds)
            continue
        mortal = _mortal(size, damage) if steps.devastating == "mortal" else None
        per_attack = rolls * (normal.passes + 3 + (mortal.passes if mortal else 0)) + rolls + 2
        if size <= DENSE_LIMIT:
            # The attack as a matrix: the same passes on an identity, then a product per attack.
            w.add(per_attack * size * size, size * size)
            w.calls += per_attack * 4
            w.flops += (rolls + 1) * size**3 + attacks * size * size * width
            w.calls += 3 * attacks
            w.add(2 * attacks * size * width, size * width)
        else:
            w.add(attacks * per_attack * size * width, size * width)
            w.calls += attacks * (rolls * (normal.calls + 3 + (mortal.calls if mortal else 0)) + 4)
    for kinds in waiting:  # settle: the damage applied once per waiting wound, axis by axis
        width //= kinds
        _apply(w, _normal(size, target.wounds, 2), size, width, kinds)
    return w


@dataclass(frozen=True, slots=True)
class _Op:
    passes: int  # elementwise passes over the array per application (sparse form)
    calls: int
    dense: bool


def _normal(size: int, wounds: int, damage: int) -> _Op:
    masks = min(damage, wounds)
    return _Op(passes=3 * masks + 6, calls=2 * masks + 6, dense=size <= DENSE_LIMIT)


def _mortal(size: int, damage: int) -> _Op:
    shifts = min(damage, size)
    return _Op(passes=2 * shifts + 3, calls=2 * shifts + 5, dense=size <= DENSE_LIMIT)


def _apply(w: Work, op: _Op, size: int, width: int, times: int) -> None:
    """`times` applications of `op` to an array of `size` x `width` cells."""
    if op.dense:
        w.flops += times * size * size * width
        w.calls += times * 3
    else:
        w.add(times * op.passes * size * width, size * width)
        w.calls += times * op.calls


def seconds(spec: AttackSpec) -> float:
    """The estimated time of `engine.compute(spec)` on one core of the calibrating machine."""
    return work(spec).seconds


def check(spec: AttackSpec, budget: float = BUDGET) -> None:
    """Refuse, with one sentence saying what to make smaller, odds that would take too long."""
    counted = work(spec)
    if counted.waiting > MAX_CELLS:
        raise TooManyDice(TOO_MANY_WAITING)  # what `engine.compute` would say, after some work
    times = counted.seconds / budget
    if times <= 1:
        return
    about = f"about {times:.0f}x" if times >= 2 else "a little over"
    smaller = "fewer attacks or fewer target models" if spec.target.models > 1 else "fewer attacks"
    raise TooManyDice(
        f"That attack is too large to work out exactly ({about} the budget): use {smaller}."
    )

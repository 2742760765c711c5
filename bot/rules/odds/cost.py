"""How long the exact odds of an attack would take, estimated from its sizes before computing.

The estimate follows `engine.compute` step by step (`plan` says which way each weapon takes) and
counts what each step does: numpy calls (a fixed overhead each), array cells touched by elementwise
passes, matrix-product multiply-adds and complex multiplies on the FFT grids (see `counts`). The
weights turn those counts into seconds on one core; they were fitted to the measured times of 37
varied cases against plain targets (0.4 ms to 1.6 s, one BLAS thread, a 2-core AMD EPYC): the
estimate is within 0.6x to 1.35x of the measured time, and up to 3x above it for a large target
with Devastating Wounds waiting (whose arrays outgrow the cache and vary most from run to run),
which is the side a refusal should err on. Whole units (issue #17) were measured on the same
machine with the same weights: Bodyguard + Leader in a line or a Precision grid (up to 4,700
states), mortal wounds one at a time, waiting wounds on their own axes (up to 65,000 cells): within
0.75x to 1.1x, and up to 3x above for raw waiting mortal wounds (parts with different feel-no-pain).

Sizes: a weapon makes up to L attacks, each with up to E damage events (Sustained Hits, Lethal
Hits) from up to R hits rolling to wound; the target has S health states (models x wounds + 1, the
Leader's wounds added along a line, or multiplied as a grid with Precision), and every queue of
waiting wounds multiplies the state by its length.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.damage import DamageStep
from bot.rules.errors import TooManyDice
from bot.rules.odds import plan
from bot.rules.odds.counts import fast_size as _fast
from bot.rules.odds.engine import MAX_CELLS, TOO_MANY_WAITING
from bot.rules.odds.health import DENSE_LIMIT
from bot.rules.profiles import AttackSpec, Weapon, attacks_per_model
from bot.rules.sequence import Steps, steps_of

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


@dataclass(slots=True)
class _Shape:
    """The state the engine carries: `size` health states (`health.Space`) by `width` cells of
    waiting wounds; `waiting` holds each queue's (length, passes of its wound)."""

    size: int
    total: int
    wounds: int  # the largest W of a part
    parts: int
    width: int = 1
    waiting: list[tuple[int, int]] = field(default_factory=list)
    mortal_key: object = None


def _shape(spec: AttackSpec) -> _Shape:
    target = spec.target
    hb = target.body.health
    hl = target.leader.health if target.leader is not None else 0
    grid = hl > 0 and any(s.precision for s in steps_of(spec))
    size = (hb + 1) * (hl + 1) if grid else hb + hl + 1
    return _Shape(size, hb + hl, max(p.wounds for p in target.parts), len(target.parts))


def work(spec: AttackSpec) -> Work:
    """Count what `engine.compute(spec)` would do, without doing it."""
    shape = _shape(spec)
    w = Work()
    steps_all = steps_of(spec)
    for i, (weapon, steps) in enumerate(zip(spec.weapons, steps_all, strict=True)):
        _weapon(w, spec, weapon, steps, shape, last=i + 1 == len(steps_all))
    for kinds, passes in shape.waiting:  # settle: one wound per waiting wound, axis by axis
        shape.width //= kinds
        w.add(kinds * passes * shape.size * shape.width, shape.size * shape.width)
        w.calls += kinds * passes
    return w


def _most(step: DamageStep) -> int:
    """The most wounds one event can deal, plus one."""
    return max(step.table()) + 1


def _weapon(
    w: Work, spec: AttackSpec, weapon: Weapon, steps: Steps, shape: _Shape, last: bool
) -> None:
    size = shape.size
    attacks = spec.max_attacks(weapon)
    # Horner runs over the attack counts that can happen, then raises to the fewest.
    fewest = weapon.firing * attacks_per_model(
        weapon.fewest_attacks, weapon, spec.rules, spec.target.models
    )
    horner = attacks - fewest + 1 + 2 * fewest.bit_length()
    extra = steps.sustained.maximum if steps.sustained is not None else 0
    events = 1 + extra if steps.hit is not None else 1
    rolls = max(1, extra) if steps.lethal and steps.hit is not None else events
    damage = max(_most(r.damage) for r in steps.receiving)
    # Three compound counts (hits, wounds, unsaved): Horner over the attacks on an FFT grid.
    grid = _fast(attacks * events + 1)
    w.complex += 3 * horner * (grid // 2 + 1)
    w.calls += 3 * 2 * horner
    parts = shape.parts if _grid(shape, size) else 1  # along a line the parts share offsets
    normal = _normal(size, shape.wounds * parts, damage * parts)
    queues = 1
    if steps.devastating == "current":
        if plan.joint(steps):
            if shape.waiting or not last:
                _waiting(w, normal, (size, shape.width), (attacks, events, rolls, horner))
                kinds = attacks * rolls + 1
                shape.width *= kinds
                shape.waiting.append((kinds, normal.passes))
                return
        else:
            cap = plan.devastating_cap(steps, shape.total)
            queues *= plan.queue_length(attacks * rolls, cap)
            shape.waiting.append((queues, normal.passes))
    mortal = _mortals(steps, size, shape)
    if plan.mortal_waits(steps):
        queues *= _mortal_queue(steps, shape, attacks * mortal.added(rolls))
    shape.width *= queues
    _attacks(w, shape, (attacks, rolls), normal, mortal, queued=queues > 1)


def _attacks(
    w: Work, shape: _Shape, counts: tuple[int, int], normal: _Op, mortal: _Mortals, queued: bool
) -> None:
    """A weapon's attacks applied to the state, one after another."""
    size, (attacks, rolls) = shape.size, counts
    per_attack = rolls * (normal.passes + 3 + mortal.passes) + mortal.after + rolls + 2
    if queued:  # waiting wounds of its own: every attack applied to the whole state
        w.waiting = max(w.waiting, size * shape.width)
        w.add(attacks * (per_attack + 6) * size * shape.width, size * shape.width)
        w.calls += attacks * (rolls * (normal.calls + 3 + mortal.calls) + mortal.calls + 12)
    elif size <= DENSE_LIMIT:
        # The attack as a matrix: the same passes on an identity, then a product per attack.
        w.add((per_attack + mortal.build) * size * size, size * size)
        w.calls += per_attack * 4 + mortal.build
        w.flops += (rolls + 1) * size**3 + attacks * size * size * shape.width
        w.calls += 3 * attacks
        w.add(2 * attacks * size * shape.width, size * shape.width)
    else:
        w.add(attacks * per_attack * size * shape.width, size * shape.width)
        w.calls += attacks * (rolls * (normal.calls + 3 + mortal.calls) + 4)


@dataclass(frozen=True, slots=True)
class _Mortals:
    """Passes of a weapon's mortal wounds: per roll to wound, after a critical hit, to build."""

    passes: int = 0
    after: int = 0
    calls: int = 0
    build: int = 0
    dev: int = 0  # the most mortal wounds a critical wound inflicts (Devastating Wounds)
    crit: int = 0  # ... a critical hit inflicts

    def added(self, rolls: int) -> int:
        """The most mortal wounds one attack adds to a queue."""
        return rolls * self.dev + self.crit


def _mortals(steps: Steps, size: int, shape: _Shape) -> _Mortals:
    body = steps.body
    dev = _most(body.mortal) if steps.devastating == "mortal" else 0
    crit = (
        (_most(body.hit_mortal) if steps.hit_mortal else 1)
        + (_most(body.extra_mortal) if steps.extra_mortal else 1)
        - 2
    )
    most = max(dev, crit + 1 if crit else 0)  # entries of the amount's pmf
    if most == 0:
        return _Mortals()
    one_by_one = not plan.uniform_mortal(steps) or _grid(shape, size)
    if plan.mortal_waits(steps):  # pushed onto the queue: a shifted slice per amount
        return _Mortals(
            3 * most if dev else 0, 3 * most if crit else 0, 6 * most, 0, max(dev - 1, 0), crit
        )
    passes = 5 * most if one_by_one else 2 * most + 3
    build = passes if one_by_one else 0  # one wound at a time, on an identity
    return _Mortals(passes if dev else 0, passes if crit else 0, 2 * passes, build)


def _grid(shape: _Shape, size: int) -> bool:
    return shape.parts > 1 and size != shape.total + 1


def _mortal_queue(steps: Steps, shape: _Shape, added: int) -> int:
    """The length a weapon's waiting mortal wounds add to the state (a shared axis grows)."""
    key = tuple(r.mortal.fnp for r in steps.receiving)
    if plan.uniform_mortal(steps):
        if shape.mortal_key == key:
            return 1
        shape.mortal_key = key
        shape.waiting.append((shape.total + 1, 4))
        return shape.total + 1
    shape.mortal_key = key
    shape.waiting.append((added + 1, 4))
    return added + 1


@dataclass(frozen=True, slots=True)
class _Op:
    passes: int  # elementwise passes over the array per application (sparse form)
    calls: int
    dense: bool


def _normal(size: int, wounds: int, damage: int) -> _Op:
    masks = min(damage, wounds)
    return _Op(passes=3 * masks + 6, calls=2 * masks + 6, dense=size <= DENSE_LIMIT)


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

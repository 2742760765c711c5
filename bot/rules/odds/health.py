"""The target's health as one index, and the operators that damage it.

A plain target's state is its health left = (models alive - 1) x W + wounds on the wounded model.
A Bodyguard unit with its Leader has two healths (b, l). Without Precision the Leader is untouched
while the Bodyguard lives, so the states lie in a line (`Space.line`): index b + L0 while the
Bodyguard lives (L0 the Leader's starting health), then l; one lost wound is one step down the line
whichever part loses it. With Precision both parts can be hurt at once: the states are the grid
(b, l), index b x (L0 + 1) + l.

A distribution over states is a numpy array whose axis 0 is the state; further axes count wounds
still waiting to be applied (queues). An event moves each state i down by some offset d with some
chance: a `Shift` holds, for each offset, the chance vector over states. Normal damage takes
min(damage, wounds on the wounded model) (seed 000: excess lost); mortal wounds are allocated one at
a time and spill over (seed 002), Bodyguard first, each with the receiving part's feel-no-pain.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from bot.rules.targets import Part, Target

Array = npt.NDArray[np.float64]
Op = Callable[[Array], Array]
DENSE_LIMIT = 400  # up to this many health states an operator is cheaper as a dense matrix
NEGLIGIBLE = 1e-150  # chances below this cannot show in any result (reported down to 1e-15)


def _column(x: Array, ndim: int) -> Array:
    return x.reshape((-1,) + (1,) * (ndim - 1))


class Shift:
    """out[i - d] += w_d[i] * X[i] for each offset d: an event that moves states down."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.terms: dict[int, Array] = {}

    def add(self, offset: int, weights: Array) -> None:
        if offset < self.size and weights.any():
            old = self.terms.get(offset)
            self.terms[offset] = weights if old is None else old + weights

    def plus(self, other: Shift, scale: float) -> None:
        for offset, w in other.terms.items():
            self.add(offset, scale * w)

    def compiled(self) -> list[tuple[int, int, int, Array]]:
        """(offset, first, end, weights[first:end]) of the non-zero stretch of each term."""
        out = []
        for d, w in sorted(self.terms.items()):
            nz = np.flatnonzero(w)
            lo, hi = max(int(nz[0]), d), int(nz[-1]) + 1
            if lo < hi:
                out.append((d, lo, hi, w[lo:hi]))
        return out

    def op(self) -> Op:
        terms = self.compiled()

        def apply(X: Array) -> Array:
            out = np.zeros_like(X)
            for d, lo, hi, w in terms:
                out[lo - d : hi - d] += _column(w, X.ndim) * X[lo:hi]
            return out

        return apply

    def matrix(self) -> Array:
        m = np.zeros((self.size, self.size))
        for d, lo, hi, w in self.compiled():
            idx = np.arange(lo, hi)
            m[idx - d, idx] += w
        return m


class Space:
    """The target's states: their count, each part's health in each, and moves down."""

    def __init__(self, target: Target, grid: bool) -> None:
        self.parts: tuple[Part, ...] = target.parts
        hb = target.body.health
        hl = target.leader.health if target.leader is not None else 0
        self.grid = grid and target.leader is not None
        self.total = hb + hl
        if self.grid:
            self.size = (hb + 1) * (hl + 1)
            i = np.arange(self.size)
            self.health = (i // (hl + 1), i % (hl + 1))
            self.stride = (hl + 1, 1)
        else:
            self.size = hb + hl + 1
            i = np.arange(self.size)
            self.health = (np.maximum(i - hl, 0), np.minimum(i, hl))
            self.stride = (1, 1)
        self.start = self.size - 1
        self.on_model = [
            np.where(h > 0, (h - 1) % p.wounds + 1, 0)
            for h, p in zip(self.health, self.parts, strict=False)
        ]

    def dense(self) -> bool:
        return self.size <= DENSE_LIMIT

    def initial(self) -> Array:
        v = np.zeros(self.size)
        v[self.start] = 1.0
        return v

    def receivers(self, precision: bool) -> list[Array]:
        """Per part, where it receives the next attack: the Bodyguard first, then the Leader
        (a Precision attack: the Leader first)."""
        body = self.health[0] > 0
        if len(self.parts) == 1:
            return [body.astype(float)]
        leader = self.health[1] > 0
        if precision:
            return [(body & ~leader).astype(float), leader.astype(float)]
        return [body.astype(float), (leader & ~body).astype(float)]

    def dead(self) -> Array:
        out: Array = (self.health[0] + self.health[1] == 0).astype(float)
        return out

    def wound(self, saved: Sequence[float], through: Sequence[Array], precision: bool) -> Shift:
        """A wound allocated as the rules say: per part, saved with chance `saved[p]`, else
        `through[p][x]` is the chance x wounds get past feel-no-pain (excess on the model lost)."""
        out = Shift(self.size)
        out.add(0, self.dead())
        for p, mask in enumerate(self.receivers(precision)):
            on, s, t = self.on_model[p], saved[p], through[p]
            out.add(0, mask * s)
            tail = 1.0 - np.concatenate(([0.0], np.cumsum(t)))  # tail[x] = P(through >= x)
            for x in range(min(len(t) - 1, self.parts[p].wounds) + 1):
                w = np.where(on > x, t[x], 0.0) + np.where(on == x, max(tail[x], 0.0), 0.0)
                out.add(x * self.stride[p], mask * (1.0 - s) * w)
        return out

    def one_mortal(self, through: Sequence[float]) -> Shift:
        """One mortal wound, Bodyguard first: it is lost with chance `through[p]` (feel-no-pain)."""
        out = Shift(self.size)
        out.add(0, self.dead())
        for p, mask in enumerate(self.receivers(False)):
            out.add(0, mask * (1.0 - through[p]))
            out.add(self.stride[p], mask * through[p])
        return out

    def spill(self, through: Array) -> Shift:
        """Mortal wounds down the line, `through[x]` the chance x get through (one feel-no-pain
        for the whole unit): x states down, at least to 0."""
        out = Shift(self.size)
        i = np.arange(self.size)
        tail = 1.0 - np.concatenate(([0.0], np.cumsum(through)))
        for x in range(min(len(through), self.size)):
            w = np.where(i > x, through[x], 0.0) + np.where(i == x, max(tail[x], 0.0), 0.0)
            out.add(x, w)
        return out

    def lost(self, state: Array) -> tuple[Array, Array, Array]:
        """From the final distribution over states: damage, models destroyed, Leader models
        destroyed (pmfs)."""
        damage = np.zeros(self.total + 1)
        np.add.at(damage, self.total - self.health[0] - self.health[1], state)
        gone = [p.models - -(-h // p.wounds) for h, p in zip(self.health, self.parts, strict=False)]
        leader = gone[1] if len(gone) > 1 else np.zeros(self.size, dtype=int)
        destroyed = np.zeros(sum(p.models for p in self.parts) + 1)
        np.add.at(destroyed, gone[0] + leader, state)
        leaders = np.zeros(self.parts[-1].models + 1)
        np.add.at(leaders, leader, state)
        return damage, destroyed, leaders


def dense(matrix: Array) -> Op:
    """An operator along axis 0 given by its matrix."""

    def apply(X: Array) -> Array:
        if X.ndim == 1:
            return matrix @ X
        return (matrix @ X.reshape(X.shape[0], -1)).reshape(X.shape)

    return apply


def horner(one: Op, pmf: Array) -> Op:
    """sum over a of pmf[a] * one^a: an amount rolled once, then applied one at a time."""
    last = int(np.flatnonzero(pmf)[-1])

    def apply(X: Array) -> Array:
        out: Array = pmf[last] * X
        for a in range(last - 1, -1, -1):
            out = one(out)
            if pmf[a]:
                out += pmf[a] * X
        return out

    return apply


def settle(X: Array, damage: Op, axis: int = 1) -> Array:
    """Apply the waiting events counted on `axis`: sum over m of damage^m (X[..., m, ...])."""
    Y: Array = X.take(X.shape[axis] - 1, axis=axis)
    for m in range(X.shape[axis] - 2, -1, -1):
        Y = damage(Y) + X.take(m, axis=axis)
    return Y


def flush(X: Array) -> Array:
    """Negligible chances set to 0, so products of chances never underflow to subnormal floats.

    Subnormal arithmetic is some hundred times slower on x86, and a long stream of attacks makes
    chances like 6^-400 that would otherwise end up there.
    """
    out: Array = np.where(np.abs(X) < NEGLIGIBLE, 0.0, X)
    return out

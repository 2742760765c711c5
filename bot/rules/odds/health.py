"""The target as one number, health left = (models alive - 1) x W + wounds on the wounded model.

A distribution over health states 0..models x W is a numpy array whose axis 0 is the health; any
further axes count Devastating Wounds still waiting to be applied (current wording). Normal damage
takes min(damage, wounds on the wounded model) (seed 000: excess lost); mortal wounds take the full
amount and spill over (seed 002).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]
Op = Callable[[Array], Array]
DENSE_LIMIT = 400  # up to this many health states an operator is cheaper as a dense matrix
NEGLIGIBLE = 1e-150  # chances below this cannot show in any result (reported down to 1e-15)


class Space:
    """Health states of `models` models of `wounds` wounds each."""

    def __init__(self, models: int, wounds: int) -> None:
        self.models = models
        self.wounds = wounds
        self.size = models * wounds + 1
        h = np.arange(1, self.size)
        self.on_model = (h - 1) % wounds + 1  # wounds on the wounded model, for health 1..H

    def start(self, health: int) -> Array:
        v = np.zeros(self.size)
        v[health] = 1.0
        return v

    def _column(self, x: Array, ndim: int) -> Array:
        return x.reshape((-1,) + (1,) * (ndim - 1))

    def normal(self, through: Array) -> Op:
        """One normal damage event: `through[x]` is the chance x wounds get past feel-no-pain."""
        W = self.wounds
        cdf = np.cumsum(through)
        # chance the event kills the wounded model: at least `on_model` wounds get through
        kill = 1.0 - np.where(
            self.on_model - 1 < len(cdf), cdf[np.minimum(self.on_model - 1, len(cdf) - 1)], 1.0
        )
        masks = [
            (self.on_model > x).astype(float) * through[x] for x in range(min(len(through), W))
        ]

        def apply(X: Array) -> Array:
            out = np.zeros_like(X)
            out[0] = X[0]
            rest = X[1:]
            for x, m in enumerate(masks):
                if x < len(through) and through[x] != 0.0:
                    out[1 : self.size - x] += (self._column(m, X.ndim) * rest)[x:]
            killed = self._column(kill, X.ndim) * rest
            out[0 : self.size - 1 : W] += killed.reshape((self.models, W, *X.shape[1:])).sum(axis=1)
            return out

        return self._dense(apply)

    def mortal(self, through: Array) -> Op:
        """Mortal wounds from one attack: each wound that gets through is lost, spilling over."""
        size = self.size
        padded = np.zeros(max(len(through), size + 1))
        padded[: len(through)] = through
        beyond = 1.0 - np.cumsum(padded)[:size]  # chance more than h wounds get through

        def apply(X: Array) -> Array:
            out = np.zeros_like(X)
            for x in range(min(len(through), size)):
                if through[x] != 0.0:
                    out[: size - x] += through[x] * X[x:]
            out[0] += (self._column(np.clip(beyond, 0.0, 1.0), X.ndim) * X).sum(axis=0)
            return out

        return self._dense(apply)

    def _dense(self, apply: Op) -> Op:
        if self.size > DENSE_LIMIT:
            return apply
        return dense(apply(np.eye(self.size)))


def dense(matrix: Array) -> Op:
    """An operator along axis 0 given by its matrix."""

    def apply(X: Array) -> Array:
        if X.ndim == 1:
            return matrix @ X
        return (matrix @ X.reshape(X.shape[0], -1)).reshape(X.shape)

    return apply


def settle(X: Array, damage: Op) -> Array:
    """Apply the waiting events counted on axis 1: sum over m of damage^m (X[:, m])."""
    Y: Array = X.take(X.shape[1] - 1, axis=1)
    for m in range(X.shape[1] - 2, -1, -1):
        Y = damage(Y) + X.take(m, axis=1)
    return Y


def flush(X: Array) -> Array:
    """Negligible chances set to 0, so products of chances never underflow to subnormal floats.

    Subnormal arithmetic is some hundred times slower on x86, and a long stream of attacks makes
    chances like 6^-400 that would otherwise end up there.
    """
    out: Array = np.where(np.abs(X) < NEGLIGIBLE, 0.0, X)
    return out

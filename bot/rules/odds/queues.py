"""Wounds that wait: extra axes of the state array counting them, settled at the end.

Two kinds wait (`sequence.Steps`): a weapon's mortal wounds with `mortal wounds last` (applied after
every weapon's other damage, in weapon order) and current-wording Devastating Wounds (applied after
everything else, in weapon order). Each queue is an axis of the state array: entry m holds the
chance of the health states with m wounds waiting. A mortal queue counts the wounds that get through
feel-no-pain when both parts roll the same one (then m is capped at the unit's total health: more
cannot be lost), else the raw wounds, each settled with the receiving part's feel-no-pain.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from bot.rules.errors import TooManyDice
from bot.rules.odds.health import Array, Op, settle

MAX_CELLS = 4_000_000
TOO_MANY_WAITING = "Those devastating wounds are too many to work out exactly; use fewer attacks."


def room(cells: int) -> None:
    """Refuse, before allocating, a state array of waiting wounds too large to hold."""
    if cells > MAX_CELLS:
        raise TooManyDice(TOO_MANY_WAITING)


@dataclass(eq=False)
class Queue:
    kind: str  # "mortal" or "devastating"
    one: Op  # one waiting wound applied
    key: object = None  # mortal queues of consecutive weapons with the same key share an axis
    capped: bool = False  # the last entry holds "this many or more"


class Queues:
    """The state array and its waiting axes, in the order they were made."""

    def __init__(self, state: Array) -> None:
        self.state = state
        self.axes: list[Queue] = []

    def axis(self, queue: Queue) -> int:
        return 1 + self.axes.index(queue)

    def open(self, queue: Queue, length: int) -> None:
        """A new axis (nothing waiting yet)."""
        room(self.state.size * length)
        grown = np.zeros((*self.state.shape, length))
        grown[..., 0] = self.state
        self.state = grown
        self.axes.append(queue)

    def grow(self, queue: Queue, length: int) -> None:
        """Room for `length` entries on the queue's axis (a capped axis never grows)."""
        axis = self.axis(queue)
        more = length - self.state.shape[axis]
        if more > 0 and not queue.capped:
            room(self.state.size // self.state.shape[axis] * length)
            pad = [(0, 0)] * self.state.ndim
            pad[axis] = (0, more)
            self.state = np.pad(self.state, pad)

    def mortal(self, key: object, one: Op, cap: int | None, added: int) -> Queue:
        """The mortal queue a weapon adds up to `added` wounds to: the last mortal queue if it
        has the same key (nothing between them settles before both), else a new one; a capped
        queue holds 0..cap."""
        last = [q for q in self.axes if q.kind == "mortal"]
        if last and last[-1].key == key:
            self.grow(last[-1], self.state.shape[self.axis(last[-1])] + added)
            return last[-1]
        queue = Queue("mortal", one, key, cap is not None)
        self.open(queue, (added if cap is None else cap) + 1)
        return queue

    def settle(self) -> Array:
        """Every mortal queue in weapon order, then every Devastating Wounds queue."""
        for kind in ("mortal", "devastating"):
            for queue in [q for q in self.axes if q.kind == kind]:
                self.state = settle(self.state, queue.one, self.axis(queue))
                self.axes.remove(queue)
        return self.state


def push(X: Array, axis: int, pmf: Array, capped: bool) -> Array:
    """Add a count with distribution `pmf` to the waiting wounds on `axis` (on a capped axis,
    counts past its end are filed in its last entry)."""
    out = np.zeros_like(X)
    n = X.shape[axis]
    index: list[slice] = [slice(None)] * X.ndim

    def cut(start: int, end: int) -> tuple[slice, ...]:
        index[axis] = slice(start, end)
        return tuple(index)

    for k in np.flatnonzero(pmf).tolist():
        p = float(pmf[k])
        if k == 0:
            out += p * X
            continue
        if k < n:
            out[cut(k, n)] += p * X[cut(0, n - k)]
        if capped:
            out[cut(n - 1, n)] += p * X[cut(max(n - k, 0), n)].sum(axis=axis, keepdims=True)
    return out

"""A group of dice of one kind in an expression (`2D6`, `D33`), and the dice one group rolled."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

from bot.rules.dice import DieKind, DieRoll


@dataclass(frozen=True, slots=True)
class DiceGroup:
    """`count` dice of one kind, summed; a D33 group rolls two D3 per count (tens, units)."""

    count: int
    kind: DieKind
    d33: bool = False

    @property
    def dice(self) -> int:
        return self.count * (2 if self.d33 else 1)

    def label(self) -> str:
        name = "D33" if self.d33 else self.kind.name
        return name if self.count == 1 else f"{self.count}{name}"

    def value(self, rolls: tuple[DieRoll, ...]) -> int:
        if not self.d33:
            return sum(r.value for r in rolls)
        return sum(10 * rolls[i].value + rolls[i + 1].value for i in range(0, len(rolls), 2))

    def one_pmf(self, ones_rerolled: bool = False) -> NDArray[np.float64]:
        """Probabilities of one die (or one D33) by value, index = value; with `ones_rerolled`
        each die that shows a 1 is rolled again once (seed 004: on a D3 the halved value decides):
        1 then has chance P(1)², any other value v P(v)·(1 + P(1))."""
        if not ones_rerolled:
            out = np.zeros((33 if self.d33 else self.kind.faces) + 1)
            if self.d33:
                for t in range(1, 4):
                    out[[10 * t + u for u in range(1, 4)]] = 1 / 9
            else:
                out[1:] = 1 / self.kind.faces
            return out
        faces = 3 if self.d33 else self.kind.faces
        die = np.full(faces + 1, 1 / faces)
        die[0] = 0.0
        die += die[1] * die
        die[1] = (1 / faces) ** 2
        if not self.d33:
            return die
        pair = np.zeros(34)  # tens then units, each D3 re-rolled on a 1
        for t in range(1, 4):
            pair[[10 * t + u for u in range(1, 4)]] = die[t] * die[1:4]
        return pair


@dataclass(frozen=True, slots=True)
class GroupRoll:
    """The dice one group rolled, and its value: the dice at `dropped` (a keep or a drop, such as
    `3D6 dl1`) are shown but not counted."""

    group: DiceGroup
    negative: bool
    dice: tuple[DieRoll, ...]
    dropped: frozenset[int] = frozenset()

    @property
    def value(self) -> int:
        if not self.dropped:
            return self.group.value(self.dice)
        return self.group.value(tuple(d for i, d in enumerate(self.dice) if i not in self.dropped))

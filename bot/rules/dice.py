"""The random source and single dice, as the seeds define them.

Seed 004 (Eternum, "Dice"): a D3 is a D6 halved, rounding up. "Re-rolls": a die is never re-rolled
more than once, re-rolls happen before modifiers, and on a D3 a re-roll of 1s re-rolls the D6 faces
1 and 2 (the halved value decides). "Unmodified" means after re-rolls, before modifiers.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, replace


class Dice:
    """An injectable random source: `random.SystemRandom` in production, scripted in tests."""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.SystemRandom()

    def roll(self, sides: int) -> int:
        """One physical die with `sides` faces, 1..sides."""
        return self._rng.randint(1, sides)


class ScriptedDice(Dice):
    """Returns stated faces in order, for tests ("faces 6,6,2 then 4,1,5")."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(random.Random(0))
        self._faces = list(faces)
        self._next = 0

    @property
    def remaining(self) -> int:
        """How many scripted faces have not been used yet."""
        return len(self._faces) - self._next

    def roll(self, sides: int) -> int:
        if self._next >= len(self._faces):
            raise LookupError(f"scripted dice ran out after {len(self._faces)} faces")
        face = self._faces[self._next]
        if not 1 <= face <= sides:
            raise LookupError(f"scripted face {face} is not on a die with {sides} sides")
        self._next += 1
        return face


@dataclass(frozen=True, slots=True)
class DieKind:
    """A kind of die: D6, D3 (a halved D6) or dN."""

    name: str
    physical_sides: int
    halved: bool = False

    @property
    def faces(self) -> int:
        """How many values the die can show (a D3 shows 1-3)."""
        return (self.physical_sides + 1) // 2 if self.halved else self.physical_sides

    def value_of(self, raw: int) -> int:
        """The value a physical face gives (D3: half, rounded up)."""
        return (raw + 1) // 2 if self.halved else raw


D6 = DieKind("D6", 6)
D3 = DieKind("D3", 6, halved=True)


def die_kind(sides: int) -> DieKind:
    """The kind for a `dN`: D6 and D3 are special, anything else is a plain N-sided die."""
    if sides == 3:
        return D3
    if sides == 6:
        return D6
    return DieKind(f"D{sides}", sides)


@dataclass(frozen=True, slots=True)
class DieRoll:
    """One die as rolled: its value, the physical face, and the value before a re-roll if any."""

    kind: DieKind
    value: int
    raw: int
    first: int | None = None

    @property
    def rerolled(self) -> bool:
        return self.first is not None


def roll_die(kind: DieKind, dice: Dice) -> DieRoll:
    """Roll one die of `kind`."""
    raw = dice.roll(kind.physical_sides)
    return DieRoll(kind, kind.value_of(raw), raw)


def reroll_die(die: DieRoll, dice: Dice) -> DieRoll:
    """Re-roll a die once; a die that was already re-rolled keeps its result (seed 004)."""
    if die.rerolled:
        return die
    again = roll_die(die.kind, dice)
    return replace(again, first=die.value)


class TwoD6:
    """Mixin for a roll of two D6 added together (psychic, deny, battle-shock, charge)."""

    __slots__ = ()
    dice: tuple[DieRoll, DieRoll]

    @property
    def total(self) -> int:
        return self.dice[0].value + self.dice[1].value


def roll_two_d6(dice: Dice) -> tuple[DieRoll, DieRoll]:
    """Two D6, in the order they were rolled."""
    return roll_die(D6, dice), roll_die(D6, dice)

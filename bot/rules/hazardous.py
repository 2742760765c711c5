"""Hazardous (10th edition): the tests a unit takes after it shoots or fights with such weapons.

The seeds are silent; the 10th Core Rules (June 2023 launch) are followed: "After a unit shoots or
fights, one Hazardous test for each Hazardous weapon used (roll one D6): on a 1, a model equipped
with it is destroyed, or, if it is a CHARACTER, MONSTER or VEHICLE, it suffers 3 mortal wounds
instead." A Hazardous weapon used by N models is N weapons used, so N tests.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.rules.dice import D6, Dice, roll_die
from bot.rules.profiles import Weapon

HAZARDOUS = "hazardous"
FAILS_ON = 1
MORTAL_WOUNDS = 3  # per failed test, for a CHARACTER, MONSTER or VEHICLE bearer
SUFFER_MORTAL_WOUNDS = ("CHARACTER", "MONSTER", "VEHICLE")


@dataclass(frozen=True, slots=True)
class Hazard:
    """The Hazardous tests rolled after one attack: one D6 each, in weapon order."""

    faces: tuple[int, ...]

    @property
    def failed(self) -> int:
        return sum(1 for f in self.faces if f == FAILS_ON)


def count_tests(weapons: Sequence[Weapon]) -> int:
    """One test per Hazardous weapon used: each model that used one (a Grenade: one model)."""
    return sum(w.firing for w in weapons if w.abilities.has(HAZARDOUS))


def roll_tests(weapons: Sequence[Weapon], dice: Dice) -> Hazard | None:
    """The Hazardous tests for the weapons of an attack; None when none of them is Hazardous."""
    owed = count_tests(weapons)
    if owed == 0:
        return None
    return Hazard(tuple(roll_die(D6, dice).value for _ in range(owed)))


def suffers_mortal_wounds(keywords: Iterable[str]) -> bool:
    """A CHARACTER, MONSTER or VEHICLE bearer suffers 3 mortal wounds instead of being destroyed."""
    upper = {k.upper() for k in keywords}
    return any(k in upper for k in SUFFER_MORTAL_WOUNDS)

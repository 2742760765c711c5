"""The saving throw: which save the defender uses and the chance it is passed.

Seed 000 ("Making Attacks"): the save is modified by AP; an unmodified 1 always fails. Seed 002: the
invulnerable save ignores AP, and one save is used, the better one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from bot.rules.dice import D6, Dice, DieRoll, roll_die
from bot.rules.profiles import Weapon
from bot.rules.rulesets import Ruleset
from bot.rules.targets import Part, Target


class SaveKind(StrEnum):
    ARMOUR = "armour"
    INVULNERABLE = "invulnerable"
    NONE = "none"


@dataclass(frozen=True, slots=True)
class SaveStep:
    """The save the defender uses: the better of armour (with AP and cover) and invulnerable."""

    kind: SaveKind
    needed: int = 7  # the unmodified face needed; 7 means it cannot be passed
    cover: bool = False

    def roll(self, dice: Dice) -> DieRoll:
        """The saving throw's die (re-rolled when the defender's rules let it be)."""
        return roll_die(D6, dice)

    def passes(self, face: int) -> bool:
        return face != 1 and face >= self.needed  # seed 000: an unmodified 1 always fails

    def chance(self) -> Fraction:
        """The chance this save is passed."""
        return Fraction(max(0, 7 - self.needed), 6)


def save_step(rules: Ruleset, weapon: Weapon, target: Part | Target) -> SaveStep:
    """Seed 002: the invulnerable save ignores AP; one save is used, the better one."""
    a = weapon.abilities
    # 10th Core, Indirect Fire: "the target has the Benefit of Cover against that attack";
    # Ignores Cover still wins.
    sheltered = a.has("cover") or a.has("indirect fire")
    cover = sheltered and not a.has("ignores cover") and target.save is not None
    if (
        cover
        and rules.cover_ignored_by_3up_against_ap0
        and weapon.ap == 0
        and target.save is not None
    ):
        cover = target.save > 3
    armour = 7 if target.save is None else max(2, target.save - weapon.ap - int(cover))
    invuln = 7 if target.invuln is None else target.invuln
    if min(armour, invuln) > 6:
        return SaveStep(SaveKind.NONE)
    if invuln < armour:
        return SaveStep(SaveKind.INVULNERABLE, invuln)
    return SaveStep(SaveKind.ARMOUR, armour, cover)

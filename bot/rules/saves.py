"""The saving throw: which save the defender uses and the chance it is passed.

Seed 000 ("Making Attacks"): the save is modified by AP; an unmodified 1 always fails. Seed 002: the
invulnerable save ignores AP, and one save is used, the better one. Seed 004 ("Re-rolls"): "You can
never re-roll a dice more than once, and re-rolls happen before modifiers".
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from bot.rules.abilities import broader
from bot.rules.dice import D6, Dice, DieRoll, reroll_die, roll_die
from bot.rules.pools import Reroll
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
    reroll: Reroll | None = None  # the defender re-rolls 1s or a failed save (never twice)

    def roll(self, dice: Dice) -> DieRoll:
        """The saving throw's die, re-rolled once when the defender's rules let it be."""
        die = roll_die(D6, dice)
        return reroll_die(die, dice) if self.wants_reroll(die.value) else die

    def wants_reroll(self, face: int) -> bool:
        if self.reroll is Reroll.ONES:
            return face == 1
        return self.reroll is Reroll.FAILED and not self.passes(face)

    def passes(self, face: int) -> bool:
        return face != 1 and face >= self.needed  # seed 000: an unmodified 1 always fails

    def chance(self) -> Fraction:
        """The chance this save is passed, its re-roll included."""
        once = Fraction(max(0, 7 - self.needed), 6)
        if self.reroll is Reroll.ONES:
            return once + Fraction(1, 6) * once
        if self.reroll is Reroll.FAILED:
            return once + (1 - once) * once
        return once


def save_step(
    rules: Ruleset, weapon: Weapon, target: Part | Target, critical_ap: int = 0
) -> SaveStep:
    """Seed 002: the invulnerable save ignores AP; one save is used, the better one.

    The attack's AP: `ignore ap` replaces it with 0 first (seed 004: "If a rule instructs you to
    replace one characteristic with a specified value, change the relevant characteristic to the
    new value before applying any modifiers that apply from other rules"); then the modifiers,
    summed: a critical wound improves it by `critical_ap` (`critical wounds: +1 ap`) and
    `worsen ap N` worsens it (Armour of Contempt: "worsen the Armour Penetration characteristic
    of that attack by 1"), never better than 0. With save re-rolls the defender takes the save
    likelier to be passed; on a tie, the armour save.
    """
    a = weapon.abilities
    typed = 0 if a.has("ignore ap") else weapon.ap
    ap = min(0, max(-6, typed - critical_ap) + a.worsen_ap)
    # 10th Core, Indirect Fire: "the target has the Benefit of Cover against that attack";
    # Ignores Cover still wins.
    sheltered = a.has("cover") or a.has("indirect fire")
    cover = sheltered and not a.has("ignores cover") and target.save is not None
    if cover and rules.cover_ignored_by_3up_against_ap0 and ap == 0 and target.save is not None:
        cover = target.save > 3  # "attacks with an AP of 0": the AP after every modifier
    armour = 7 if target.save is None else max(2, target.save - ap - int(cover))
    invuln = 7 if target.invuln is None or a.has("ignore invulnerable saves") else target.invuln
    if min(armour, invuln) > 6:
        return SaveStep(SaveKind.NONE)
    steps = (
        SaveStep(SaveKind.ARMOUR, armour, cover, broader(a.reroll_saves, a.reroll_armour_saves)),
        SaveStep(
            SaveKind.INVULNERABLE,
            invuln,
            reroll=broader(a.reroll_saves, a.reroll_invulnerable_saves),
        ),
    )
    return max((s for s in steps if s.needed <= 6), key=SaveStep.chance)  # ties: the first

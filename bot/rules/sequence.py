"""The attack sequence die by die: the one rules code both the dice resolver and the odds read.

Each step can `roll` (with a `Dice`) and give its exact `table` (every face, every re-roll), so the
roller and the exact odds can never disagree. Seed 000 ("Making Attacks"): hit roll, wound roll from
the S-vs-T table, saving throw with AP, damage; unmodified 1 always fails, unmodified 6 always hits
and wounds, hit and wound modifiers capped to -1..+1. Seed 002: the better of armour and
invulnerable save, overwatch hits only on unmodified 6s. Seed 004: re-rolls before modifiers,
never twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum, StrEnum
from fractions import Fraction
from functools import lru_cache
from math import comb

from bot.rules.dice import D6, Dice, DieRoll, reroll_die, roll_die
from bot.rules.notation import DiceExpr
from bot.rules.pools import Reroll
from bot.rules.profiles import AttackSpec, Target, Weapon
from bot.rules.rulesets import Ruleset

SIXTH = Fraction(1, 6)


class Verdict(IntEnum):
    """A hit or wound roll: failed, succeeded, or critical (an unmodified 6 or better)."""

    FAIL = 0
    SUCCESS = 1
    CRITICAL = 2


@dataclass(frozen=True, slots=True)
class RollStep:
    """A hit or wound roll: a D6 needing `needed` after a capped modifier."""

    needed: int
    modifier: int
    critical: int = 6  # 10th: an unmodified roll of this or more is critical and always succeeds
    reroll: Reroll | None = None
    sixes_only: bool = False  # seed 002, Overwatch: only unmodified 6s hit

    def judge(self, face: int) -> Verdict:
        if face == 1 or (self.sixes_only and face < 6):
            return Verdict.FAIL
        if face >= self.critical:
            return Verdict.CRITICAL
        return Verdict.SUCCESS if face + self.modifier >= self.needed else Verdict.FAIL

    def wants_reroll(self, face: int) -> bool:
        """`1s`, `failed`, or `all`: any result that is not critical ("fishing for sixes")."""
        if self.reroll is Reroll.ONES:
            return face == 1
        if self.reroll is Reroll.FAILED:
            return self.judge(face) is Verdict.FAIL
        return self.reroll is Reroll.ALL and self.judge(face) is not Verdict.CRITICAL

    def reroll_if_wanted(self, die: DieRoll, dice: Dice) -> DieRoll:
        return reroll_die(die, dice) if self.wants_reroll(die.value) else die

    def table(self) -> dict[Verdict, Fraction]:
        """The exact chance of each verdict, re-rolls included."""
        out = dict.fromkeys(Verdict, Fraction(0))
        for first in range(1, 7):
            if self.wants_reroll(first):
                for again in range(1, 7):
                    out[self.judge(again)] += SIXTH * SIXTH
            else:
                out[self.judge(first)] += SIXTH
        return out


def exact_pmf(expr: DiceExpr) -> dict[int, Fraction]:
    """The expression's distribution as fractions (dice chances have small denominators)."""
    return {v: Fraction(p).limit_denominator(1 << 40) for v, p in expr.pmf.items()}


def wound_needed(strength: int, toughness: int) -> int:
    """Seed 000, Wound Roll table."""
    if strength >= 2 * toughness:
        return 2
    if strength > toughness:
        return 3
    if strength == toughness:
        return 4
    return 6 if 2 * strength <= toughness else 5


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

    def passes(self, face: int) -> bool:
        return face != 1 and face >= self.needed  # seed 000: an unmodified 1 always fails

    def chance(self) -> Fraction:
        """The chance this save is passed."""
        return Fraction(max(0, 7 - self.needed), 6)


def save_step(rules: Ruleset, weapon: Weapon, target: Target) -> SaveStep:
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


@dataclass(frozen=True, slots=True)
class DamageStep:
    """Damage per unsaved attack (or mortal wounds per attack), then feel-no-pain per wound."""

    expr: DiceExpr
    bonus: int = 0  # 10th Melta X within half range
    reduction: int = 0  # "-1 damage" (never below 1; seed 002: not on mortal wounds)
    fnp: int | None = None

    def value(self, rolled: int) -> int:
        return max(1, rolled + self.bonus - self.reduction)

    def ignores(self, face: int) -> bool:
        return self.fnp is not None and face >= self.fnp

    def table(self) -> dict[int, Fraction]:
        """Wounds that get through feel-no-pain, per event (before the overkill cap)."""
        out: dict[int, Fraction] = {}
        if self.fnp is None:
            for rolled, p in exact_pmf(self.expr).items():
                out[self.value(rolled)] = out.get(self.value(rolled), Fraction(0)) + p
            return out
        keep = Fraction(self.fnp - 1, 6)
        for rolled, p in exact_pmf(self.expr).items():
            n = self.value(rolled)
            for k in range(n + 1):
                q = p * comb(n, k) * keep**k * (1 - keep) ** (n - k)
                if q:
                    out[k] = out.get(k, Fraction(0)) + q
        return out


@dataclass(frozen=True, slots=True)
class Steps:
    """Everything one weapon needs to resolve against one target."""

    hit: RollStep | None  # None: automatic hits (no roll, never critical)
    wound: RollStep
    save: SaveStep
    damage: DamageStep
    mortal: DamageStep  # Devastating Wounds (mortal): mortal wounds equal to the Damage
    sustained: DiceExpr | None
    lethal: bool
    devastating: str | None


def build_steps(rules: Ruleset, weapon: Weapon, target: Target) -> Steps:
    """Turn the profile into the roll each stage needs."""
    a = weapon.abilities
    hit = None
    if not weapon.automatic:
        assert weapon.skill is not None
        hit = RollStep(
            needed=weapon.skill,
            modifier=rules.hit_modifier(a.flags, a.hit_modifier),
            critical=a.critical_hits,
            reroll=a.reroll_hits,
            sixes_only=a.has("overwatch"),
        )
    anti = [x for keyword, x in a.anti if keyword in target.keywords]
    wound = RollStep(
        needed=wound_needed(weapon.strength, target.toughness),
        modifier=rules.wound_modifier(a.flags, a.wound_modifier),
        critical=min([a.critical_wounds, *anti]),
        reroll=a.wound_reroll,
    )
    melta = a.melta if a.has("half range") else 0
    return Steps(
        hit=hit,
        wound=wound,
        save=save_step(rules, weapon, target),
        damage=DamageStep(weapon.damage, melta, int(a.has("-1 damage")), target.fnp),
        mortal=DamageStep(weapon.damage, melta, 0, target.fnp),
        sustained=a.sustained,
        lethal=a.has("lethal hits"),
        devastating=a.devastating,
    )


@lru_cache(maxsize=1024)
def steps_of(spec: AttackSpec) -> tuple[Steps, ...]:
    """Each weapon's rolls against the target (built once per spec)."""
    return tuple(build_steps(spec.rules, w, spec.target) for w in spec.weapons)


def first_roll(dice: Dice) -> DieRoll:
    return roll_die(D6, dice)

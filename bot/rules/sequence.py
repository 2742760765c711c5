"""The attack sequence die by die: the one rules code both the dice resolver and the odds read.

Each step can `roll` (with a `Dice`) and give its exact `table` (every face, every re-roll), so the
roller and the exact odds can never disagree. Seed 000 ("Making Attacks"): hit roll, wound roll from
the S-vs-T table, saving throw with AP, damage; unmodified 1 always fails, unmodified 6 always hits
and wounds, hit and wound modifiers capped to -1..+1. Seed 002: the better of armour and
invulnerable save, overwatch hits only on unmodified 6s. Seed 004: re-rolls before modifiers,
never twice.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum
from fractions import Fraction
from functools import lru_cache

from bot.rules.abilities import Abilities
from bot.rules.chances import exact_pmf as exact_pmf
from bot.rules.damage import DamageStep as DamageStep
from bot.rules.defended import defended
from bot.rules.dice import D6, Dice, DieRoll, reroll_die, roll_die
from bot.rules.notation import DiceExpr, parse
from bot.rules.pools import Reroll
from bot.rules.profiles import AttackSpec, Weapon
from bot.rules.rulesets import Ruleset
from bot.rules.saves import SaveKind as SaveKind
from bot.rules.saves import SaveStep as SaveStep
from bot.rules.saves import save_step as save_step
from bot.rules.targets import Part, Target

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
        """`1s`, `failed`, or `all`: any result that is not critical ("fishing for sixes";
        `build_steps` asks for it only when a critical result matters)."""
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


def wound_needed(strength: int, toughness: int) -> int:
    """Seed 000, Wound Roll table."""
    if strength >= 2 * toughness:
        return 2
    if strength > toughness:
        return 3
    if strength == toughness:
        return 4
    return 6 if 2 * strength <= toughness else 5


@dataclass(frozen=True, slots=True)
class Receiving:
    """What a wound allocated to one part of the target meets: that part's save and the damage
    after its feel-no-pain. A critical wound may meet a worse save and deal more damage (10th
    detachment rules: "improve the AP by 1", "+1 Damage"); without such a rule the critical
    steps are the normal ones."""

    save: SaveStep  # a wound that is not critical, and a Lethal Hits auto-wound
    critical_save: SaveStep  # a critical wound that is saved as usual
    damage: DamageStep  # an unsaved wound that is not critical (and current Devastating Wounds)
    critical_damage: DamageStep  # an unsaved critical wound
    mortal: DamageStep  # Devastating Wounds (mortal): mortal wounds equal to the Damage
    hit_mortal: DamageStep  # critical hits deal their Damage as mortal wounds
    extra_mortal: DamageStep  # the mortal wounds a critical hit inflicts in addition


@dataclass(frozen=True, slots=True)
class Steps:
    """Everything one weapon needs to resolve against one target.

    An attack's events, in the order both the resolver and the odds apply them: its Lethal Hits
    auto-wound, then its hits that roll to wound in order (the critical hit, then its Sustained
    Hits), then the mortal wounds its critical hit inflicts (`hit_mortal`, `extra_mortal`).
    Current Devastating Wounds wait until every other attack is resolved; with `mortal_last`
    every mortal wound waits until all other damage is resolved (before those Devastating
    Wounds). Damage goes to the Bodyguard first and the Leader last; a Precision weapon's
    damage goes to the Leader first; mortal wounds are always allocated Bodyguard first.
    """

    hit: RollStep | None  # None: automatic hits (no roll, never critical)
    wound: RollStep
    sustained: DiceExpr | None
    lethal: bool
    devastating: str | None
    body: Receiving
    leader: Receiving | None = None  # the attached Leader's, if the target has one
    precision: bool = False  # damage is allocated to the Leader first
    hit_mortal: bool = False  # a critical hit deals its Damage as mortal wounds; no wound roll
    extra_mortal: int = 0  # mortal wounds a critical hit inflicts in addition (0: none)
    mortal_last: bool = False  # mortal wounds wait until all other damage is resolved

    @property
    def save(self) -> SaveStep:
        """The Bodyguard's (a plain target's) save."""
        return self.body.save

    @property
    def damage(self) -> DamageStep:
        return self.body.damage

    @property
    def mortal(self) -> DamageStep:
        return self.body.mortal

    @property
    def receiving(self) -> tuple[Receiving, ...]:
        """The Bodyguard's, then the Leader's: the order of `Target.parts`."""
        return (self.body,) if self.leader is None else (self.body, self.leader)


def receiving(rules: Ruleset, weapon: Weapon, part: Part) -> Receiving:
    """What a wound allocated to `part` meets, from the weapon's abilities.

    A critical wound's AP is improved, and the defender's rules change it (`saves.save_step`).
    Devastating Wounds (mortal) and `critical hits: damage as mortal wounds` inflict mortal wounds
    equal to the attack's Damage as modified (10th Rules Commentary: the Damage characteristic is
    modified first, `-1 damage` and `halve damage` included, then becomes mortal wounds); the
    first is a critical wound and takes `critical wounds: +N damage`, the second is a critical
    hit and does not. The mortal wounds a critical hit inflicts in addition are no attack's
    Damage: no Damage modifier changes them. Every mortal wound meets the part's feel-no-pain
    against mortal wounds too (`Part.mortal_fnp`). The part's own rules against attacks
    (`Part.defences`) join the weapon's abilities (`defended`).
    """
    if part.defences:
        weapon = replace(weapon, abilities=defended(weapon.abilities, part.defences, rules))
    a = weapon.abilities
    if a.fnp_mortal is not None:
        better = min(a.fnp_mortal, part.fnp_mortal or 7)
        part = replace(part, fnp_mortal=better)
    melta = a.melta if a.has("half range") else 0
    save = save_step(rules, weapon, part)
    damage = DamageStep(
        weapon.damage,
        bonus=melta + a.damage_bonus,
        reduction=int(a.has("-1 damage")),
        fnp=part.fnp,
        halve=a.has("halve damage"),
        minimum=a.minimum_damage,
        reroll=a.reroll_damage,
    )
    critical = replace(damage, bonus=damage.bonus + a.critical_wound_damage)
    mortal_fnp = part.mortal_fnp()
    return Receiving(
        save=save,
        critical_save=save_step(rules, weapon, part, a.critical_wound_ap),
        damage=damage,
        critical_damage=critical,
        mortal=replace(critical, fnp=mortal_fnp),
        hit_mortal=replace(damage, fnp=mortal_fnp),
        extra_mortal=DamageStep(parse(str(max(1, a.critical_hit_mortal))), fnp=mortal_fnp),
    )


def _fishing(reroll: Reroll | None, fish: bool, critical_matters: bool) -> Reroll | None:
    """`all` re-rolls every non-critical result only when a critical result does more than a
    success (the 10th Core wording "re-roll the Hit roll" lets a player keep a success);
    otherwise it re-rolls the failed ones. `fish` always re-rolls every non-critical result."""
    if reroll is Reroll.ALL and not fish and not critical_matters:
        return Reroll.FAILED
    return reroll


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
            reroll=_fishing(a.reroll_hits, a.has("reroll hits: fish"), _hit_critical_matters(a)),
            sixes_only=a.has("overwatch"),
        )
    anti = [x for keyword, x in a.anti if keyword in target.keywords]
    wound = RollStep(
        needed=wound_needed(weapon.strength, target.toughness),
        modifier=rules.wound_modifier(a.flags, a.wound_modifier),
        critical=min([a.critical_wounds, *anti]),
        reroll=_fishing(a.wound_reroll, a.has("reroll wounds: fish"), _wound_critical_matters(a)),
    )
    leader = target.leader
    return Steps(
        hit=hit,
        wound=wound,
        sustained=a.sustained,
        lethal=a.has("lethal hits"),
        devastating=a.devastating,
        body=receiving(rules, weapon, target.body),
        leader=None if leader is None else receiving(rules, weapon, leader),
        precision=leader is not None and a.has("precision"),
        hit_mortal=a.has("critical hits: damage as mortal wounds"),
        extra_mortal=a.critical_hit_mortal,
        mortal_last=a.has("mortal wounds last"),
    )


def _hit_critical_matters(a: Abilities) -> bool:
    """A critical hit does more than a hit: Sustained Hits, Lethal Hits, a mortal-wound effect."""
    return (
        a.sustained is not None
        or a.has("lethal hits")
        or a.critical_hit_mortal > 0
        or a.has("critical hits: damage as mortal wounds")
    )


def _wound_critical_matters(a: Abilities) -> bool:
    """A critical wound does more than a wound: Devastating Wounds or a critical-wound effect.
    Anti-KEYWORD alone only makes more results critical; a critical wound with no effect is a
    success, so it does not make fishing worth it."""
    return a.devastating is not None or a.critical_wound_ap > 0 or a.critical_wound_damage > 0


@lru_cache(maxsize=1024)
def steps_of(spec: AttackSpec) -> tuple[Steps, ...]:
    """Each weapon's rolls against the target (built once per spec)."""
    return tuple(build_steps(spec.rules, w, spec.target) for w in spec.weapons)


def first_roll(dice: Dice) -> DieRoll:
    return roll_die(D6, dice)

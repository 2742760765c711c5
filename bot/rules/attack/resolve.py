"""Resolve weapons against one target with real dice, keeping every die.

Dice are rolled stage by stage as at the table (all hit rolls, then re-rolls, then wound rolls...),
and damage is applied attack by attack in order: each attack's hits in turn, a Lethal Hits
auto-wound first, then its Sustained Hits. Devastating Wounds (current wording) are applied after
every other attack of every weapon, in weapon order. `bot/rules/odds` follows the same order.
Seed 000: a model that has lost wounds takes the next attack; excess damage from one attack is lost.
Seed 002: mortal wounds are applied one at a time and spill over; feel-no-pain is rolled per wound.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules.attack.results import (
    AttackResult,
    DamageEvent,
    DamageKind,
    HitRoll,
    SaveRoll,
    WeaponResult,
    WoundRoll,
)
from bot.rules.dice import Dice, DieRoll
from bot.rules.notation import ExpressionRoll
from bot.rules.profiles import AttackSpec, Target, Weapon, attacks_per_model
from bot.rules.sequence import DamageStep, SaveKind, Steps, Verdict, first_roll, steps_of


@dataclass
class _Health:
    """The target as one number: (models alive - 1) x W + wounds left on the wounded model."""

    target: Target
    left: int

    def apply(
        self, kind: DamageKind, step: DamageStep, dice: Dice, where: tuple[int, int]
    ) -> DamageEvent | None:
        if self.left <= 0:
            return None  # the unit is destroyed: nothing left to roll damage against
        start = self.left
        model = self.target.models - self.target.alive(start) + 1
        cap = start if kind is DamageKind.MORTAL else self.target.wounds_on(start)
        roll = None if step.expr.is_fixed else step.expr.roll(dice)
        amount = step.value(step.expr.minimum if roll is None else roll.total)
        saves: list[DieRoll] = []
        lost = 0
        for _ in range(amount):
            if lost == cap:
                break  # seed 000: excess damage is lost; mortal wounds stop when the unit is gone
            if step.fnp is not None:
                saves.append(first_roll(dice))
                if step.ignores(saves[-1].value):
                    continue
            lost += 1
        self.left = start - lost
        destroyed = self.target.alive(start) - self.target.alive(self.left)
        return DamageEvent(
            where[0], where[1], kind, roll, amount, tuple(saves), lost, model, destroyed, self.left
        )


def resolve(spec: AttackSpec, dice: Dice) -> AttackResult:
    """Roll every weapon in order against the target, then any deferred Devastating Wounds."""
    health = _Health(spec.target, spec.target.health)
    deferred: list[tuple[int, int, DamageStep]] = []
    weapons = []
    for index, (weapon, steps) in enumerate(zip(spec.weapons, steps_of(spec), strict=True)):
        weapons.append(_weapon(spec, index, weapon, steps, dice, health, deferred))
    late = [health.apply(DamageKind.DEVASTATING, step, dice, (w, a)) for w, a, step in deferred]
    return AttackResult(
        spec.target, tuple(weapons), tuple(e for e in late if e is not None), health.left
    )


def _attack_count(
    spec: AttackSpec, weapon: Weapon, dice: Dice
) -> tuple[tuple[ExpressionRoll, ...], int]:
    """Seed 004: a random Attacks characteristic is rolled for each model."""
    models = spec.target.models
    fixed = attacks_per_model(weapon.attacks.minimum, weapon, spec.rules, models)
    if fixed == attacks_per_model(weapon.attacks.maximum, weapon, spec.rules, models):
        return (), fixed * weapon.firing  # fixed, or Blast makes the maximum (seed 002)
    rolls = tuple(weapon.attacks.roll(dice) for _ in range(weapon.firing))
    return rolls, sum(attacks_per_model(r.total, weapon, spec.rules, models) for r in rolls)


def _hits(steps: Steps, attacks: int, dice: Dice) -> list[HitRoll]:
    if steps.hit is None:
        return [HitRoll(a, None, Verdict.SUCCESS) for a in range(attacks)]
    rule = steps.hit
    first = [first_roll(dice) for _ in range(attacks)]
    final = [rule.reroll_if_wanted(d, dice) for d in first]
    out = []
    for a, die in enumerate(final):
        verdict = rule.judge(die.value)
        sustained: ExpressionRoll | None = None
        extra = 0
        if verdict is Verdict.CRITICAL and steps.sustained is not None:
            sustained = steps.sustained.roll(dice)
            extra = sustained.total
        lethal = verdict is Verdict.CRITICAL and steps.lethal
        out.append(HitRoll(a, die, verdict, sustained, extra, lethal))
    return out


def _wounds(steps: Steps, hits: list[HitRoll], dice: Dice) -> list[WoundRoll]:
    """One wound roll per hit that reaches it (Lethal Hits wound automatically: no die)."""
    strikes: list[tuple[int, bool]] = []  # (attack, wounds automatically)
    for h in hits:
        if h.verdict is not Verdict.FAIL:
            strikes.extend([(h.attack, True)] if h.lethal else [])
            strikes.extend([(h.attack, False)] * (h.hits - int(h.lethal)))
    first = [None if auto else first_roll(dice) for _, auto in strikes]
    final = [None if d is None else steps.wound.reroll_if_wanted(d, dice) for d in first]
    return [
        WoundRoll(a, d, Verdict.SUCCESS if d is None else steps.wound.judge(d.value))
        for (a, _), d in zip(strikes, final, strict=True)
    ]


def _saves(
    steps: Steps, wounds: list[WoundRoll], dice: Dice
) -> tuple[list[SaveRoll], list[tuple[int, DamageKind]]]:
    """The saving throws, and what each wound that got through deals (Devastating Wounds skip
    the save)."""
    saves: list[SaveRoll] = []
    outcomes: list[tuple[int, DamageKind]] = []
    for w in wounds:
        if w.verdict is Verdict.FAIL:
            continue
        if w.verdict is Verdict.CRITICAL and steps.devastating is not None:
            mortal = steps.devastating == "mortal"
            outcomes.append((w.attack, DamageKind.MORTAL if mortal else DamageKind.DEVASTATING))
            continue
        save = _save(steps, w.attack, dice)
        saves.append(save)
        if not save.saved:
            outcomes.append((w.attack, DamageKind.NORMAL))
    return saves, outcomes


def _weapon(
    spec: AttackSpec,
    index: int,
    weapon: Weapon,
    steps: Steps,
    dice: Dice,
    health: _Health,
    deferred: list[tuple[int, int, DamageStep]],
) -> WeaponResult:
    rolls, attacks = _attack_count(spec, weapon, dice)
    hits = _hits(steps, attacks, dice)
    wounds = _wounds(steps, hits, dice)
    saves, outcomes = _saves(steps, wounds, dice)
    events = []
    for attack, kind in outcomes:
        if kind is DamageKind.DEVASTATING:
            deferred.append((index, attack, steps.damage))
            continue
        step = steps.mortal if kind is DamageKind.MORTAL else steps.damage
        event = health.apply(kind, step, dice, (index, attack))
        if event is not None:
            events.append(event)
    return WeaponResult(
        weapon,
        rolls,
        attacks,
        tuple(hits),
        tuple(wounds),
        tuple(saves),
        len(outcomes),
        tuple(events),
    )


def _save(steps: Steps, attack: int, dice: Dice) -> SaveRoll:
    rule = steps.save
    if rule.kind is SaveKind.NONE:
        return SaveRoll(attack, rule.kind, None, rule.needed, False, False)
    die = first_roll(dice)
    return SaveRoll(attack, rule.kind, die, rule.needed, rule.cover, rule.passes(die.value))

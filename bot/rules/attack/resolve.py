"""Resolve weapons against one target with real dice, keeping every die.

Dice are rolled stage by stage as at the table (every Attacks roll, all hit rolls, then re-rolls,
then wound rolls...); then each wound is allocated in order and its saving throw rolled against the
part it is allocated to, then its damage. The order of events (`sequence.Steps`, which
`bot/rules/odds` follows too): weapon by weapon, attack by attack; within an attack its Lethal Hits
auto-wound, then its hits that roll to wound (the hit, then its Sustained Hits), then the mortal
wounds its critical hit inflicts. With `mortal wounds last` a weapon's mortal wounds wait until
every weapon's other damage is done; current Devastating Wounds wait until everything else is
done; both then follow in weapon order. Allocation and health: `allocation.Health`.

A wound allocated after the whole unit is destroyed still rolls its save (against the part
allocated last), so `unsaved` counts wounds not stopped by a save whether or not the unit was still
there; no damage is rolled for it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules import attack_count
from bot.rules.attack.allocation import Health, Where
from bot.rules.attack.results import (
    AttackResult,
    DamageEvent,
    DamageKind,
    HitRoll,
    SaveRoll,
    WeaponResult,
    WoundRoll,
)
from bot.rules.attack_count import ModelAttacks
from bot.rules.damage import DamageStep
from bot.rules.dice import Dice
from bot.rules.profiles import AttackSpec, Weapon, attacks_per_model
from bot.rules.sequence import Receiving, SaveKind, SaveStep, Steps, Verdict, first_roll, steps_of

_Mortal = tuple[Where, DamageKind, tuple[DamageStep, ...]]


@dataclass
class _Table:
    """The target as the attacks leave it, and the damage that waits for the rest."""

    dice: Dice
    health: Health
    late: list[_Mortal] = field(default_factory=list)  # `mortal wounds last`
    devastating: list[tuple[Where, Steps]] = field(default_factory=list)

    def mortal(self, steps: Steps, kind: DamageKind, where: Where) -> list[DamageEvent]:
        """Mortal wounds now, or (`mortal wounds last`) queued for after the other damage."""
        amounts = tuple(_mortal_step(r, kind) for r in steps.receiving)
        if steps.mortal_last:
            self.late.append((Where(where.weapon, where.attack, True), kind, amounts))
            return []
        return self.health.mortal(kind, amounts, self.dice, where)

    def last(self) -> tuple[list[DamageEvent], list[DamageEvent]]:
        """The queued mortal wounds in weapon order, then current Devastating Wounds (10th Core:
        no save, the Damage of the part it is allocated to, excess lost)."""
        late = [e for w, k, s in self.late for e in self.health.mortal(k, s, self.dice, w)]
        devastating = []
        for where, steps in self.devastating:
            part = self.health.allocated(steps.precision)
            step = steps.receiving[part].critical_damage
            event = self.health.damage(part, DamageKind.DEVASTATING, step, self.dice, where)
            if event is not None:
                devastating.append(event)
        return late, devastating


def _mortal_step(receiving: Receiving, kind: DamageKind) -> DamageStep:
    if kind is DamageKind.HIT_MORTAL:
        return receiving.hit_mortal
    return receiving.extra_mortal if kind is DamageKind.EXTRA_MORTAL else receiving.mortal


def resolve(spec: AttackSpec, dice: Dice) -> AttackResult:
    """Roll every weapon in order against the target, then the damage that waited."""
    table = _Table(dice, Health.of(spec.target))
    weapons = []
    for index, (weapon, steps) in enumerate(zip(spec.weapons, steps_of(spec), strict=True)):
        weapons.append(_weapon(spec, index, weapon, steps, table))
    late, devastating = table.last()
    left = table.health.left
    return AttackResult(
        spec.target,
        tuple(weapons),
        tuple(devastating),
        left[0],
        left[1] if len(left) > 1 else None,
        tuple(late),
    )


def _attack_count(
    spec: AttackSpec, weapon: Weapon, dice: Dice
) -> tuple[tuple[ModelAttacks, ...], int]:
    """Seed 004: a random Attacks characteristic is rolled for each model."""
    models = spec.target.models
    fixed = attacks_per_model(weapon.fewest_attacks, weapon, spec.rules, models)
    most = attacks_per_model(weapon.most_attacks, weapon, spec.rules, models)
    if not attack_count.is_random(weapon) or fixed == most:
        return (), fixed * weapon.firing  # fixed, or Blast makes the maximum (seed 002)
    rolls = tuple(attack_count.roll(weapon, dice) for _ in range(weapon.firing))
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
        critical = verdict is Verdict.CRITICAL
        sustained = steps.sustained.roll(dice) if critical and steps.sustained else None
        as_mortal = critical and steps.hit_mortal  # no wound roll, so no Lethal Hits either
        lethal = critical and steps.lethal and not as_mortal
        extra = 0 if sustained is None else sustained.total
        out.append(HitRoll(a, die, verdict, sustained, extra, lethal, as_mortal))
    return out


def _wounds(steps: Steps, hits: list[HitRoll], dice: Dice) -> list[WoundRoll]:
    """One wound roll per hit that reaches it (Lethal Hits wound automatically: no die; a
    critical hit dealing its Damage as mortal wounds makes no wound roll, its extra hits do)."""
    strikes: list[tuple[int, bool]] = []  # (attack, wounds automatically)
    for h in hits:
        if h.verdict is not Verdict.FAIL:
            strikes.extend([(h.attack, True)] if h.lethal else [])
            skipped = int(h.lethal or h.as_mortal)
            strikes.extend([(h.attack, False)] * (h.hits - skipped))
    first = [None if auto else first_roll(dice) for _, auto in strikes]
    final = [None if d is None else steps.wound.reroll_if_wanted(d, dice) for d in first]
    return [
        WoundRoll(a, d, Verdict.SUCCESS if d is None else steps.wound.judge(d.value))
        for (a, _), d in zip(strikes, final, strict=True)
    ]


@dataclass
class _Weapon:
    """One weapon's wounds applied in order: the saves rolled and the damage done."""

    index: int
    steps: Steps
    table: _Table
    saves: list[SaveRoll] = field(default_factory=list)
    events: list[DamageEvent] = field(default_factory=list)
    unsaved: int = 0

    def attack(self, hit: HitRoll, wounds: list[WoundRoll]) -> None:
        """One attack: its wounds in order, then the mortal wounds its critical hit inflicts."""
        where = Where(self.index, hit.attack)
        for wound in wounds:
            self.wound(wound, where)
        if hit.verdict is not Verdict.CRITICAL:
            return
        if hit.as_mortal:
            self.events.extend(self.table.mortal(self.steps, DamageKind.HIT_MORTAL, where))
        if self.steps.extra_mortal:
            self.events.extend(self.table.mortal(self.steps, DamageKind.EXTRA_MORTAL, where))

    def wound(self, wound: WoundRoll, where: Where) -> None:
        steps, table = self.steps, self.table
        if wound.verdict is Verdict.FAIL:
            return
        critical = wound.verdict is Verdict.CRITICAL
        if critical and steps.devastating is not None:
            self.unsaved += 1  # Devastating Wounds: no saving throw
            if steps.devastating == "mortal":
                self.events.extend(table.mortal(steps, DamageKind.MORTAL, where))
            else:
                table.devastating.append((where, steps))
            return
        part = table.health.allocated(steps.precision)
        receiving = steps.receiving[part]
        rule = receiving.critical_save if critical else receiving.save
        save = _save(rule, where, part, critical and rule != receiving.save, table)
        self.saves.append(save)
        if save.saved:
            return
        self.unsaved += 1
        damage = receiving.critical_damage if critical else receiving.damage
        event = table.health.damage(part, DamageKind.NORMAL, damage, table.dice, where)
        if event is not None:
            self.events.append(event)


def _save(rule: SaveStep, where: Where, part: int, critical: bool, table: _Table) -> SaveRoll:
    """The saving throw of a wound allocated to `part` (`critical`: a worse save for a
    critical wound)."""
    if rule.kind is SaveKind.NONE:
        return SaveRoll(where.attack, rule.kind, None, rule.needed, False, False, part, critical)
    die = rule.roll(table.dice)
    saved = rule.passes(die.value)
    return SaveRoll(where.attack, rule.kind, die, rule.needed, rule.cover, saved, part, critical)


def _weapon(
    spec: AttackSpec, index: int, weapon: Weapon, steps: Steps, table: _Table
) -> WeaponResult:
    rolls, attacks = _attack_count(spec, weapon, table.dice)
    hits = _hits(steps, attacks, table.dice)
    wounds = _wounds(steps, hits, table.dice)
    done = _Weapon(index, steps, table)
    at = 0
    for hit in hits:
        end = at
        while end < len(wounds) and wounds[end].attack == hit.attack:
            end += 1
        done.attack(hit, wounds[at:end])
        at = end
    return WeaponResult(
        weapon,
        rolls,
        attacks,
        tuple(hits),
        tuple(wounds),
        tuple(done.saves),
        done.unsaved,
        tuple(done.events),
    )

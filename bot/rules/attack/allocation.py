"""The target's health part by part (the Bodyguard, then an attached Leader), and how one damage
event or one batch of mortal wounds is allocated to it.

Seed 000: a model that has lost wounds takes the next attack; excess damage from one attack is
lost. Seed 002: mortal wounds are applied one at a time and spill over; feel-no-pain is rolled per
wound. 10th Core, Leader: attacks cannot be allocated to the Leader while the unit has Bodyguard
models, so normal damage goes to the Bodyguard first; 10th Core, Precision: such an attack may be
allocated to the Leader first. 10th Core, Mortal Wounds: allocated as normal damage is (Bodyguard
first), one at a time, each spilling to the next model; a Precision weapon's mortal wounds are
not Precision attacks, so they go Bodyguard first too.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules.attack.results import DamageEvent, DamageKind
from bot.rules.damage import DamageRoll, DamageStep
from bot.rules.dice import Dice, DieRoll
from bot.rules.sequence import first_roll
from bot.rules.targets import Part, Target


@dataclass(frozen=True, slots=True)
class Where:
    """Which attack an event comes from, and whether it waited for the rest (`mortal wounds
    last`)."""

    weapon: int
    attack: int
    queued: bool = False


@dataclass
class Health:
    """Each part's health: (models alive - 1) x W + wounds left on the wounded model."""

    parts: tuple[Part, ...]
    left: list[int]

    @classmethod
    def of(cls, target: Target) -> Health:
        parts = target.parts
        return cls(parts, [p.health for p in parts])

    def alive(self) -> bool:
        return any(h > 0 for h in self.left)

    def allocated(self, precision: bool) -> int:
        """The part the next attack is allocated to: the Bodyguard while it has models, then the
        Leader (Precision: the Leader first). With the unit destroyed, the part allocated last,
        so a wound's save is still rolled (and counted) against a real profile."""
        order = range(len(self.parts) - 1, -1, -1) if precision else range(len(self.parts))
        alive = [p for p in order if self.left[p] > 0]
        return alive[0] if alive else list(order)[-1]

    def damage(
        self, part: int, kind: DamageKind, step: DamageStep, dice: Dice, where: Where
    ) -> DamageEvent | None:
        """One event of normal damage (or a current Devastating Wound) on `part`: rolled, then
        feel-no-pain per wound; the excess over the model's wounds is lost."""
        if self.left[part] <= 0:
            return None  # the unit is destroyed: nothing left to roll damage against
        rolled = step.roll(dice)
        cap = self.parts[part].wounds_on(self.left[part])
        return self._take(part, kind, step, rolled.amount, cap, dice, where, rolled)[0]

    def mortal(
        self, kind: DamageKind, steps: tuple[DamageStep, ...], dice: Dice, where: Where
    ) -> list[DamageEvent]:
        """Mortal wounds rolled once, then allocated one at a time, Bodyguard first, spilling
        from model to model and into the Leader; each part rolls its own feel-no-pain. A spill
        into the Leader is a second event (`spilled`) with the wounds still to allocate."""
        events: list[DamageEvent] = []
        alive = [p for p in range(len(self.parts)) if self.left[p] > 0]
        if not alive:
            return events
        rolled = steps[alive[0]].roll(dice)
        remaining = rolled.amount
        for part in alive:
            first = rolled if not events else None
            event, allocated = self._take(
                part, kind, steps[part], remaining, self.left[part], dice, where, first
            )
            events.append(event)
            remaining -= allocated
            if remaining <= 0 or self.left[part] > 0:
                break
        return events

    def _take(
        self,
        part: int,
        kind: DamageKind,
        step: DamageStep,
        amount: int,
        cap: int,
        dice: Dice,
        where: Where,
        rolled: DamageRoll | None,
    ) -> tuple[DamageEvent, int]:
        """Allocate `amount` wounds to `part`, at most `cap` of them lost; also says how many
        wounds were allocated (feel-no-pain dice included) before the cap was reached."""
        profile = self.parts[part]
        start = self.left[part]
        saves: list[DieRoll] = []
        lost = 0
        allocated = 0
        for _ in range(amount):
            if lost == cap:
                break  # seed 000: excess damage is lost; mortal wounds move on to the next part
            allocated += 1
            if step.fnp is not None:
                saves.append(first_roll(dice))
                if step.ignores(saves[-1].value):
                    continue
            lost += 1
        self.left[part] = start - lost
        event = DamageEvent(
            where.weapon, where.attack, kind,
            roll=None if rolled is None else rolled.first,
            amount=amount,
            feel_no_pain=tuple(saves),
            lost=lost,
            model=profile.models - profile.alive(start) + 1,
            destroyed=profile.alive(start) - profile.alive(self.left[part]),
            health_after=self.left[part],
            part=part,
            again=None if rolled is None else rolled.again,
            fnp=step.fnp,
            queued=where.queued,
            spilled=rolled is None,
        )  # fmt: skip
        return event, allocated

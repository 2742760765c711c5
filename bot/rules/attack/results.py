"""What an attack rolled, stage by stage, and what it did to the target (frozen, every die kept)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.rules.attack_count import ModelAttacks
from bot.rules.dice import DieRoll
from bot.rules.notation import ExpressionRoll
from bot.rules.profiles import Target, Weapon
from bot.rules.sequence import SaveKind, Verdict


@dataclass(frozen=True, slots=True)
class HitRoll:
    """One attack's hit roll: `die` is None for an automatic hit; criticals may add hits."""

    attack: int
    die: DieRoll | None
    verdict: Verdict
    sustained: ExpressionRoll | None = None  # the roll for a random Sustained Hits X
    extra_hits: int = 0
    lethal: bool = False  # Lethal Hits: this critical hit wounds automatically
    as_mortal: bool = False  # this critical hit deals its Damage as mortal wounds (no wound roll)

    @property
    def hits(self) -> int:
        return 0 if self.verdict is Verdict.FAIL else 1 + self.extra_hits


@dataclass(frozen=True, slots=True)
class WoundRoll:
    """One hit's wound roll; `die` is None when Lethal Hits wounded automatically."""

    attack: int
    die: DieRoll | None
    verdict: Verdict


@dataclass(frozen=True, slots=True)
class SaveRoll:
    """One saving throw (or none possible): which save, the face needed, cover, the result."""

    attack: int
    kind: SaveKind
    die: DieRoll | None
    needed: int
    cover: bool
    saved: bool
    part: int = 0  # the part the wound was allocated to (0: Bodyguard, 1: Leader)
    critical: bool = False  # a critical wound's save (it may be worse: `critical wounds: +1 ap`)


class DamageKind(StrEnum):
    NORMAL = "damage"
    DEVASTATING = "devastating wound"  # no save, excess lost, resolved after the other attacks
    MORTAL = "mortal wounds"  # Devastating Wounds (mortal): spill over from model to model
    HIT_MORTAL = "critical hit as mortal wounds"  # the critical hit's Damage, as mortal wounds
    EXTRA_MORTAL = "mortal wounds from a critical hit"  # in addition to the hit

    @property
    def is_mortal(self) -> bool:
        return self in (DamageKind.MORTAL, DamageKind.HIT_MORTAL, DamageKind.EXTRA_MORTAL)


@dataclass(frozen=True, slots=True)
class DamageEvent:
    """Damage from one attack: the roll, feel-no-pain dice, and the wounds actually lost.

    Mortal wounds that spill from the Bodyguard into the Leader are two events: the second
    (`spilled`, no roll) carries the wounds still to allocate."""

    weapon: int
    attack: int
    kind: DamageKind
    roll: ExpressionRoll | None  # None when the Damage is a fixed number (or `spilled`)
    amount: int
    feel_no_pain: tuple[DieRoll, ...]
    lost: int
    model: int  # 1-based: the model the damage was allocated to first
    destroyed: int  # models destroyed by this event
    health_after: int  # of the part it was allocated to
    part: int = 0  # 0: the Bodyguard (a plain target's models), 1: the attached Leader
    again: ExpressionRoll | None = None  # the Damage dice rolled again, when re-rolled
    fnp: int | None = None  # the feel-no-pain rolled against these wounds
    queued: bool = False  # mortal wounds that waited for all other damage (`mortal wounds last`)
    spilled: bool = False  # the rest of the previous event's mortal wounds, into the Leader


@dataclass(frozen=True, slots=True)
class WeaponResult:
    """Every stage of one weapon's attacks."""

    weapon: Weapon
    attack_rolls: tuple[ModelAttacks, ...]  # one per attacking model when Attacks is random
    attacks: int
    hit_rolls: tuple[HitRoll, ...]
    wound_rolls: tuple[WoundRoll, ...]
    saves: tuple[SaveRoll, ...]
    unsaved: int  # failed saves plus wounds no save could be taken against
    damage: tuple[DamageEvent, ...]  # normal damage and mortal wounds, in order

    @property
    def hits(self) -> int:
        return sum(h.hits for h in self.hit_rolls)

    @property
    def wounds(self) -> int:
        return sum(w.verdict is not Verdict.FAIL for w in self.wound_rolls)


@dataclass(frozen=True, slots=True)
class AttackResult:
    """Several weapons against one target, in order, and the outcome.

    `models_left` and `wounds_left` are the Bodyguard's (a plain target's); `damage_dealt` and
    `models_destroyed` count the whole unit, the Leader included."""

    target: Target
    weapons: tuple[WeaponResult, ...]
    devastating: tuple[DamageEvent, ...]  # current Devastating Wounds, resolved after the rest
    health_after: int  # the Bodyguard's (a plain target's)
    leader_after: int | None = None  # the attached Leader's health after, if there is one
    late: tuple[DamageEvent, ...] = ()  # `mortal wounds last`: after the other damage

    @property
    def hits(self) -> int:
        return sum(w.hits for w in self.weapons)

    @property
    def wounds(self) -> int:
        return sum(w.wounds for w in self.weapons)

    @property
    def unsaved(self) -> int:
        return sum(w.unsaved for w in self.weapons)

    @property
    def damage_dealt(self) -> int:
        """Wounds the whole unit actually lost (after overkill loss and feel-no-pain)."""
        leader = self.target.leader
        lost = (
            0 if leader is None or self.leader_after is None else leader.health - self.leader_after
        )
        return self.target.health - self.health_after + lost

    @property
    def leader_destroyed(self) -> int:
        """Leader models destroyed (0 without a Leader)."""
        leader = self.target.leader
        if leader is None or self.leader_after is None:
            return 0
        return leader.models - leader.alive(self.leader_after)

    @property
    def models_destroyed(self) -> int:
        """Models destroyed, the Leader's included."""
        body = self.target.models - self.target.alive(self.health_after)
        return body + self.leader_destroyed

    @property
    def models_left(self) -> int:
        return self.target.alive(self.health_after)

    @property
    def wounds_left(self) -> int:
        """Wounds left on the damaged model (the full W if none is damaged, 0 if all destroyed)."""
        return self.target.wounds_on(self.health_after)

    @property
    def events(self) -> tuple[DamageEvent, ...]:
        """Every damage event in the order applied."""
        return (*(e for w in self.weapons for e in w.damage), *self.late, *self.devastating)

    def allocation(self, part: int = 0) -> dict[int, int]:
        """Wounds lost per model of one part (1-based, in the order its models took damage)."""
        profile = self.target.parts[part]
        out: dict[int, int] = {}
        health = profile.health
        for event in self.events:
            if event.part != part:
                continue
            for _ in range(event.lost):
                model = profile.models - profile.alive(health) + 1
                out[model] = out.get(model, 0) + 1
                health -= 1
        return out

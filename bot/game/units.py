"""Unit profiles as players type them, and a unit on the table: models, wounds, turn flags."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, field_validator

from bot.rules.editions import MoveKind

NAME_LENGTH = 60  # new names are also cleaned by bot.rules.names.clean_name to this bound
Name = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=NAME_LENGTH)
]
Stat = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=20)]


class Weapon(BaseModel):
    """A weapon profile; dice-valued characteristics (A, S, D) stay text such as `D6+1`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Name
    range: Stat = "Melee"
    attacks: Stat = "1"
    skill: int | None = Field(default=3, ge=2, le=7)  # 3 means 3+; None hits automatically
    strength: Stat = "4"
    ap: int = Field(default=0, ge=-6, le=0)
    damage: Stat = "1"
    abilities: str = Field(default="", max_length=300)
    count: int | None = Field(default=None, ge=1, le=100)  # how many the unit has; None: 1 each
    other: tuple[str, ...] = Field(default=(), max_length=10)  # keywords shown, not applied


class UnitProfile(BaseModel):
    """A datasheet as Vox tracks it; `models` is the Starting Strength."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Name
    models: int = Field(default=1, ge=1, le=100)
    wounds: int = Field(default=1, ge=1, le=50)
    toughness: int = Field(default=4, ge=1, le=20)
    save: int = Field(default=7, ge=2, le=7)  # 3 means 3+; 7 means no save
    invuln: int | None = Field(default=None, ge=2, le=6)
    fnp: int | None = Field(default=None, ge=2, le=6)
    fnp_mortal: int | None = Field(default=None, ge=2, le=6)  # against mortal wounds only
    # Ability phrases every attack against the unit takes (`-1 damage, worsen ap 1`), as an
    # imported list's rules give them (`bot.armies.defence_rules`)
    defence_abilities: str = Field(default="", max_length=300)
    leadership: int = Field(default=7, ge=1, le=12)
    oc: int = Field(default=1, ge=0, le=20)
    move: int = Field(default=6, ge=0, le=60)
    keywords: tuple[str, ...] = Field(default=(), max_length=30)
    weapons: tuple[Weapon, ...] = Field(default=(), max_length=30)

    @field_validator("keywords")
    @classmethod
    def _upper(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        """Seed 004: keywords are written in KEYWORD BOLD; compare them upper-cased."""
        return tuple(dict.fromkeys(k.strip().upper() for k in value if k.strip()))

    def has(self, keyword: str) -> bool:
        return keyword.upper() in self.keywords


@dataclass(frozen=True, slots=True)
class Unit:
    """A unit on the table. `wounds_left` is on the damaged model (full W when none is)."""

    owner: int
    profile: UnitProfile
    alive: int
    wounds_left: int
    move: MoveKind | None = None  # how it moved this turn
    advance_roll: int | None = None
    charged: bool = False
    lost_this_turn: int = 0
    battle_shocked: bool = False  # 10th: OC 0 until its controller's next Command phase
    engaged: frozenset[str] = frozenset()  # name keys of the enemy units it is in combat with
    charge_declared: bool = False  # this turn (one charge per unit per phase)
    charge_rerolled: bool = False  # its failed charge was re-rolled this turn
    in_reserve: bool = False  # Eternum: placed into Reserves and not arrived yet
    spent: frozenset[str] = frozenset()  # name keys of its One Shot weapons fired this battle

    @classmethod
    def fresh(cls, owner: int, profile: UnitProfile) -> Unit:
        return cls(owner, profile, profile.models, profile.wounds)

    @property
    def name(self) -> str:
        return self.profile.name

    @property
    def destroyed(self) -> bool:
        return self.alive == 0

    @property
    def in_combat(self) -> bool:
        """Within Engagement Range of an enemy unit (as the players recorded it)."""
        return bool(self.engaged)

    @property
    def advanced(self) -> bool:
        return self.move == "advance"

    @property
    def fell_back(self) -> bool:
        return self.move == "fall_back"

    @property
    def below_half(self) -> bool:
        """Seed 004: fewer than half its Starting Strength; 10th Core: a lone model below half W."""
        if self.destroyed:
            return False
        if self.profile.models == 1:
            return self.wounds_left * 2 < self.profile.wounds
        return self.alive * 2 < self.profile.models

    def new_turn(self) -> Unit:
        """Turn flags reset when the turn they were set in ends."""
        return replace(
            self, move=None, advance_roll=None, charged=False, lost_this_turn=0,
            charge_declared=False, charge_rerolled=False,
        )  # fmt: skip

    def rallied(self) -> Unit:
        """No longer battle-shocked: its controller's Command phase has begun."""
        return replace(self, battle_shocked=False) if self.battle_shocked else self

    @property
    def oc(self) -> int:
        """Objective Control; 0 while battle-shocked (10th Core)."""
        return 0 if self.battle_shocked else self.profile.oc

    def with_profile(self, profile: UnitProfile) -> Unit:
        """Keep damage when a profile is edited: an intact unit stays intact at the new size."""
        old = self.profile
        alive = profile.models if self.alive == old.models else min(self.alive, profile.models)
        if self.destroyed:
            wounds = 0
        elif self.wounds_left == old.wounds:
            wounds = profile.wounds
        else:
            wounds = min(self.wounds_left, profile.wounds)
        return replace(self, profile=profile, alive=alive, wounds_left=wounds)


def after_damage(unit: Unit, amounts: tuple[int, ...], *, mortal: bool) -> tuple[int, int]:
    """Models alive and wounds left after each damage in turn.

    Seed 000: excess damage from one attack is lost; mortal wounds spill over to the next model.
    """
    alive, left, full = unit.alive, unit.wounds_left, unit.profile.wounds
    for amount in amounts:
        remaining = amount
        while remaining > 0 and alive > 0:
            taken = min(remaining, left)
            left -= taken
            remaining = remaining - taken if mortal else 0
            if left == 0:
                alive -= 1
                left = full if alive else 0
    return alive, left


def after_healing(unit: Unit, wounds: int, models: int) -> tuple[int, int]:
    """Wounds back on the damaged model (up to W), then models returned (up to the start)."""
    full = unit.profile.wounds
    alive = min(unit.profile.models, unit.alive + models)
    if unit.destroyed and alive > 0:
        return alive, full
    left = min(full, unit.wounds_left + wounds) if alive else 0
    return alive, left

"""The events of units on the table: added, edited, weapons (and One Shot ones spent), moves,
charges, engagement, Reserves, damage and healing. Re-exported by `bot.game.events`, whose
`Event` union holds them."""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bot.eventlog import BaseEvent
from bot.game.units import UnitProfile, Weapon
from bot.rules.editions import MoveKind


class UnitAdded(BaseEvent):
    """`card`: fielded from the owner's campaign roster (the unit bears the card's name)."""

    kind: Literal["unit_added"] = "unit_added"
    owner: int
    profile: UnitProfile
    card: bool = False


class UnitEdited(BaseEvent):
    kind: Literal["unit_edited"] = "unit_edited"
    unit: str
    before: UnitProfile
    after: UnitProfile


class UnitRemoved(BaseEvent):
    kind: Literal["unit_removed"] = "unit_removed"
    unit: str


class WeaponAdded(BaseEvent):
    """A new weapon; with `replaced`, the new profile of the unit's weapon of that name."""

    kind: Literal["weapon_added"] = "weapon_added"
    unit: str
    weapon: Weapon
    replaced: Weapon | None = None


class WeaponRemoved(BaseEvent):
    kind: Literal["weapon_removed"] = "weapon_removed"
    unit: str
    weapon: Weapon


class WeaponSpent(BaseEvent):
    """A One Shot weapon fired (10th Core: "The bearer can only shoot with this weapon once per
    battle"): spent for the rest of the battle."""

    kind: Literal["weapon_spent"] = "weapon_spent"
    unit: str
    weapon: str


class UnitMoved(BaseEvent):
    """A move this turn; `roll` is the Advance D6 or the 2D6 charge total, `dice` its faces."""

    kind: Literal["unit_moved"] = "unit_moved"
    unit: str
    how: MoveKind
    roll: int | None = None
    dice: tuple[int, ...] = ()


class DamageApplied(BaseEvent):
    """Damage and its result, before and after, so undo and summaries are exact."""

    kind: Literal["damage_applied"] = "damage_applied"
    unit: str
    damage: int
    mortal: bool = False
    source: str = ""
    attacker: str | None = None  # the tracked unit that did it, if one did (a campaign kill)
    models_before: int
    wounds_before: int
    models_after: int
    wounds_after: int

    @property
    def models_destroyed(self) -> int:
        return self.models_before - self.models_after


class Healed(BaseEvent):
    kind: Literal["healed"] = "healed"
    unit: str
    models_before: int
    wounds_before: int
    models_after: int
    wounds_after: int


class ChargeDeclared(BaseEvent):
    """A declared charge (2D6, one per unit per phase): `distance` is the inches to the enemy as
    typed, `needed` the roll that reaches Engagement Range (the distance less the edition's
    Engagement Range), `dice` its faces. `reroll` marks the one re-roll of that unit's failed
    charge this phase (a Command Re-roll's CP is spent by the event before it)."""

    kind: Literal["charge_declared"] = "charge_declared"
    unit: str
    targets: tuple[str, ...] = Field(default=(), max_length=4)
    distance: int
    needed: int
    dice: tuple[int, ...]
    total: int
    succeeded: bool
    reroll: bool = False


class EngagementChanged(BaseEvent):
    """Units put into (or taken out of) Engagement Range of each other by the players (a pile-in,
    a consolidation, a Heroic Intervention); a successful charge does this by itself, and Falling
    Back or being destroyed ends a unit's engagements. `enemies` empty with `engaged` False: all."""

    kind: Literal["engagement_changed"] = "engagement_changed"
    unit: str
    enemies: tuple[str, ...] = Field(default=(), max_length=10)
    engaged: bool = True


class UnitReserved(BaseEvent):
    """Eternum set-up (seed 004): "you can instead elect to place them into Reserves"."""

    kind: Literal["unit_reserved"] = "unit_reserved"
    unit: str


class ReserveRolled(BaseEvent):
    """Eternum (seed 004): a Reserve Roll for one unit (3+ arrives, a natural 1 never does), or
    (`die` None) its automatic arrival at the start of its controller's fourth turn."""

    kind: Literal["reserve_rolled"] = "reserve_rolled"
    unit: str
    die: int | None = None
    needed: int = 3
    arrived: bool

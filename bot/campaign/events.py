"""The events of a Crusade campaign: frozen, JSON-able records; the state is a fold over them.

`follows=True` marks an event that belongs to the action of the one before it (appended together,
undone together), as in `bot.game.events`.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bot import eventlog
from bot.campaign.models import Battle, Card
from bot.campaign.rules import CampaignEdition
from bot.eventlog import BaseEvent
from bot.game.units import Name, UnitProfile

OutOfActionChoice = Literal["devastating_blow", "battle_scar"]


class CampaignCreated(BaseEvent):
    kind: Literal["campaign_created"] = "campaign_created"
    name: Name
    edition: CampaignEdition
    guild: int
    creator: int


class PlayerJoined(BaseEvent):
    """`rp` and `supply_limit` are set only by an import (None: the edition's starting values)."""

    kind: Literal["player_joined"] = "player_joined"
    player: int
    label: str = Field(default="", max_length=40)
    rp: int | None = Field(default=None, ge=0)
    supply_limit: int | None = Field(default=None, ge=0)


class CardAdded(BaseEvent):
    kind: Literal["card_added"] = "card_added"
    card: Card


class CardEdited(BaseEvent):
    """A rename keeps the card's place in the roster."""

    kind: Literal["card_edited"] = "card_edited"
    before: Card
    after: Card


class CardRemoved(BaseEvent):
    kind: Literal["card_removed"] = "card_removed"
    name: str
    reason: str = Field(default="", max_length=200)


class ProfileUpdate(BaseModel):
    """A card's new profile and points from unit `army_unit` of the player's army `army`."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    card: str
    profile: UnitProfile
    points: int = Field(ge=0, le=10000)
    army: str = Field(min_length=1, max_length=100)
    army_unit: str = Field(min_length=1, max_length=110)


class ProfilesUpdated(BaseEvent):
    """Cards given their army unit's profile (linked, or the army re-imported): their XP,
    honours, scars and record stay as they were."""

    kind: Literal["profiles_updated"] = "profiles_updated"
    updates: tuple[ProfileUpdate, ...] = Field(min_length=1, max_length=200)


class RequisitionChanged(BaseEvent):
    """RP gained (`amount` > 0) or spent (< 0) outside the post-battle sequence."""

    kind: Literal["requisition_changed"] = "requisition_changed"
    player: int
    amount: int
    reason: str = Field(default="", max_length=200)


class SupplyIncreased(BaseEvent):
    """The "Increase Supply Limit" requisition: `cost` RP for `amount` more supply."""

    kind: Literal["supply_increased"] = "supply_increased"
    player: int
    amount: int
    cost: int


class BattleRecorded(BaseEvent):
    """A battle played: opens its post-battle sequence (see `bot.campaign.aftermath`)."""

    kind: Literal["battle_recorded"] = "battle_recorded"
    battle: Battle


class BattleImported(BaseEvent):
    """A past battle from an imported file: history and standings only, no post-battle sequence."""

    kind: Literal["battle_imported"] = "battle_imported"
    battle: Battle


class NoteSet(BaseEvent):
    kind: Literal["note_set"] = "note_set"
    battle: int
    note: str = Field(max_length=500)


class OutOfActionRolled(BaseEvent):
    kind: Literal["out_of_action_rolled"] = "out_of_action_rolled"
    battle: int
    card: str
    roll: int = Field(ge=1, le=6)


class OutOfActionChosen(BaseEvent):
    """A failed Out of Action test's outcome, resolved when chosen so the fold is plain."""

    kind: Literal["out_of_action_chosen"] = "out_of_action_chosen"
    battle: int
    card: str
    choice: OutOfActionChoice
    scar: str | None = None
    honour_lost: str | None = None
    removed: bool = False


class MarkedForGreatness(BaseEvent):
    """`card` None: the player marks no unit this battle."""

    kind: Literal["marked_for_greatness"] = "marked_for_greatness"
    battle: int
    player: int
    card: str | None = None


class Award(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    card: str
    amount: int = Field(ge=0)  # after the XP cap
    reasons: str = Field(default="", max_length=200)


class ExperienceAwarded(BaseEvent):
    """Every card's XP for one battle, in one event (so the step is done even with no cards)."""

    kind: Literal["experience_awarded"] = "experience_awarded"
    battle: int
    awards: tuple[Award, ...] = ()


class HonourGained(BaseEvent):
    kind: Literal["honour_gained"] = "honour_gained"
    battle: int
    card: str
    honour: Name


class RequisitionGranted(BaseEvent):
    kind: Literal["requisition_granted"] = "requisition_granted"
    battle: int
    amounts: dict[int, int]


class AftermathFinished(BaseEvent):
    kind: Literal["aftermath_finished"] = "aftermath_finished"
    battle: int


class EventUndone(BaseEvent):
    """Reverts the action made of `seqs`; the log itself is never rewritten."""

    kind: Literal["event_undone"] = "event_undone"
    seqs: tuple[int, ...]
    kinds: tuple[str, ...] = ()


Event = (
    CampaignCreated
    | PlayerJoined
    | CardAdded
    | CardEdited
    | CardRemoved
    | ProfilesUpdated
    | RequisitionChanged
    | SupplyIncreased
    | BattleRecorded
    | BattleImported
    | NoteSet
    | OutOfActionRolled
    | OutOfActionChosen
    | MarkedForGreatness
    | ExperienceAwarded
    | HonourGained
    | RequisitionGranted
    | AftermathFinished
    | EventUndone
)

EVENT_TYPES: dict[str, type[Event]] = {
    cls.model_fields["kind"].default: cls
    for cls in (
        CampaignCreated, PlayerJoined, CardAdded, CardEdited, CardRemoved, ProfilesUpdated,
        RequisitionChanged, SupplyIncreased, BattleRecorded, BattleImported, NoteSet,
        OutOfActionRolled, OutOfActionChosen, MarkedForGreatness, ExperienceAwarded,
        HonourGained, RequisitionGranted, AftermathFinished, EventUndone,
    )
}  # fmt: skip

# Events undo never reverts on their own: the campaign itself, and undo.
NOT_UNDOABLE = frozenset({"campaign_created", "event_undone"})


def to_json(event: Event) -> str:
    return eventlog.to_json(event)


def from_json(kind: str, payload: str) -> Event:
    return eventlog.from_json(EVENT_TYPES, kind, payload, "campaign event")


Recorded = eventlog.Entry[Event]
chain = eventlog.chain

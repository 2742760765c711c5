"""A player's Crusade roster and requisition: cards added, copied from the channel's game,
edited or removed, and requisition points spent or added."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from bot.campaign import (
    CampaignState,
    Card,
    Event,
    add_card,
    add_rp,
    edit_card,
    increase_supply,
    remove_card,
    spend_rp,
)
from bot.campaign.models import problem
from bot.errors import NotFound
from bot.play.actor import Actor, is_admin
from bot.play.services import Services
from bot.rules.errors import IllegalAction
from bot.rules.quote import quoted

Decide = Callable[[CampaignState, bool], Sequence[Event]]  # the state, and: is the actor admin?


@dataclass(frozen=True, slots=True)
class CardChanged:
    """The campaign after the change, and the card as it now is (None: removed)."""

    state: CampaignState
    card: Card | None


@dataclass(frozen=True, slots=True)
class Requisition:
    """A player's requisition points and supply limit after a change."""

    player: int
    rp: int
    supply_limit: int
    supply_unit: str  # "PL" or "points"


def validated(**fields: Any) -> Card:
    """A validated card; a bad value is one sentence naming it."""
    try:
        return Card.model_validate(fields)
    except ValidationError as exc:
        raise IllegalAction(f"{problem(exc)}; fix that value and try again.") from exc


async def _decided(
    services: Services, actor: Actor, campaign: str, decide: Decide
) -> CampaignState:
    """The campaign after the actor's decision (made knowing whether they administer it)."""
    book = await services.chronicle.find(actor.guild_id, campaign)
    admin = is_admin(actor, book.state)
    after = await services.chronicle.act(book.record.id, actor.user_id, lambda s: decide(s, admin))
    return after.state


async def _change(
    services: Services, actor: Actor, campaign: str, decide: Decide, shown: str | None
) -> CardChanged:
    state = await _decided(services, actor, campaign, decide)
    return CardChanged(state, state.card(shown) if shown else None)


async def enrol(services: Services, actor: Actor, campaign: str, card: Card) -> CardChanged:
    """A new card on the actor's roster."""
    me = actor.user_id
    return await _change(
        services,
        actor,
        campaign,
        lambda s, admin: add_card(s, card, actor=me, admin=admin),
        card.name,
    )


async def copy_unit(
    services: Services, actor: Actor, campaign: str, unit: str, points: int, name: str | None
) -> CardChanged:
    """A card with the profile and weapons of a tracked unit of the channel's game."""
    table = await services.tracker.require(actor.channel_id)
    found = table.state.unit(unit)
    if found is None:
        raise NotFound(f"This channel's game has no unit called {quoted(unit)}; see /unit list.")
    title = (name or found.name).strip()
    profile = found.profile.model_copy(update={"name": title})
    card = validated(name=title, owner=actor.user_id, profile=profile, points=points)
    return await enrol(services, actor, campaign, card)


def edited(state: CampaignState, current: str, **changes: Any) -> Card:
    """The card with the given changes (None: unchanged); a rename renames its profile too."""
    before = state.card(current)
    if before is None:
        raise NotFound(f"{state.name} has no unit called {quoted(current)}; see /campaign roster.")
    given = {k: v for k, v in changes.items() if v is not None}
    if "name" in given:
        given["profile"] = before.profile.model_copy(update={"name": given["name"]})
    return validated(**{**before.model_dump(), **given})


async def revise(
    services: Services, actor: Actor, campaign: str, unit: str, **changes: Any
) -> CardChanged:
    """Card `unit` changed: name, points, notes, legendary_veterans (None: unchanged)."""
    me = actor.user_id

    def decide(s: CampaignState, admin: bool) -> Sequence[Event]:
        return edit_card(s, unit, edited(s, unit, **changes), actor=me, admin=admin)

    return await _change(services, actor, campaign, decide, changes.get("name") or unit)


async def retire(services: Services, actor: Actor, campaign: str, unit: str) -> CardChanged:
    """Card `unit` off its roster (undo brings it back)."""
    me = actor.user_id
    return await _change(
        services,
        actor,
        campaign,
        lambda s, admin: remove_card(s, unit, actor=me, admin=admin),
        None,
    )


async def _requisition(
    services: Services, actor: Actor, campaign: str, player: int, decide: Decide
) -> Requisition:
    state = await _decided(services, actor, campaign, decide)
    ledger = state.players[player]
    return Requisition(player, ledger.rp, ledger.supply_limit, state.rules.supply.unit)


async def spend(
    services: Services, actor: Actor, campaign: str, amount: int, reason: str
) -> Requisition:
    me = actor.user_id
    return await _requisition(
        services, actor, campaign, me,
        lambda s, admin: spend_rp(s, me, amount, reason, actor=me, admin=admin),
    )  # fmt: skip


async def grant(
    services: Services, actor: Actor, campaign: str, player: int, amount: int, reason: str
) -> Requisition:
    """Requisition points added to `player` (a correction, or a mission reward)."""
    me = actor.user_id
    return await _requisition(
        services, actor, campaign, player,
        lambda s, admin: add_rp(s, player, amount, reason, actor=me, admin=admin),
    )  # fmt: skip


async def raise_supply(services: Services, actor: Actor, campaign: str) -> Requisition:
    me = actor.user_id
    return await _requisition(
        services, actor, campaign, me,
        lambda s, admin: increase_supply(s, me, actor=me, admin=admin),
    )  # fmt: skip

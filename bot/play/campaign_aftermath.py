"""The post-battle sequence's choices, made with its components: Out of Action (a Devastating
Blow or a Battle Scar), Marked for Greatness and naming a Battle Honour.

A component names the campaign, the battle and the card's place among the battle's fielded
units; one from a finished sequence is `Stale`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.campaign import (
    CampaignState,
    Event,
    Recorded,
    Step,
    choose_out_of_action,
    mark,
    name_honour,
    pending,
)
from bot.campaign.events import AftermathFinished, OutOfActionChoice
from bot.chronicle import Book
from bot.errors import NotAllowed, Stale
from bot.ledger import Acted
from bot.play.actor import Actor, is_admin
from bot.play.services import Services
from bot.store.campaigns import CampaignRecord

OVER = "That post-battle sequence is over; see /campaign status."
DEVASTATING_BLOW = -1  # the Out of Action choice that is no scar


@dataclass(frozen=True, slots=True)
class Next:
    """What the sequence needs next (`step`; None once it is over) and what the action that led
    here did: `appended`, its events (a person's choice first, then Vox's steps after it), with
    `state` the campaign after them."""

    campaign_id: int
    state: CampaignState
    step: Step | None
    battle: int  # the battle the sequence is of
    appended: tuple[Recorded, ...] = ()


def following(acted: Acted[CampaignRecord, CampaignState, Event]) -> Next:
    """The step a person must take next, or (None) the end, and what the action changed."""
    step = pending(acted.state)
    done = (e.event.battle for e in acted.appended if isinstance(e.event, AftermathFinished))
    battle = step.battle if step is not None else next(done, len(acted.state.battles))
    return Next(acted.record.id, acted.state, step, battle, acted.appended)


async def _open(services: Services, campaign_id: int, battle: int) -> Book:
    """The campaign, if the post-battle sequence of `battle` is still open."""
    book = await services.chronicle.by_id(campaign_id)
    if book is None or book.state.aftermath is None or book.state.aftermath.battle != battle:
        raise Stale(OVER)
    return book


async def out_of_action(
    services: Services, actor: Actor, campaign_id: int, battle: int, card: int, scar: int
) -> Next:
    """The owner's choice for a unit that failed its Out of Action test: `scar` is the index of
    a Battle Scar in the campaign's rules, or `DEVASTATING_BLOW`."""
    book = await _open(services, campaign_id, battle)
    state = book.state
    name = _card(state, battle, card)
    scarred = None if scar == DEVASTATING_BLOW else _scar(state, scar)
    choice: OutOfActionChoice = "devastating_blow" if scarred is None else "battle_scar"
    admin, me = is_admin(actor, state), actor.user_id
    after = await services.chronicle.act(
        campaign_id,
        me,
        lambda s: choose_out_of_action(s, name, choice, scarred, actor=me, admin=admin),
    )
    return following(after)


async def mark_for_greatness(
    services: Services, actor: Actor, campaign_id: int, battle: int, player: int, card: str | None
) -> Next:
    """`player`'s unit Marked for Greatness (None: no unit this time)."""
    book = await _open(services, campaign_id, battle)
    admin, me = is_admin(actor, book.state), actor.user_id
    after = await services.chronicle.act(
        campaign_id, me, lambda s: mark(s, player, card, actor=me, admin=admin)
    )
    return following(after)


async def honoured_card(
    services: Services, actor: Actor, campaign_id: int, battle: int, card: int
) -> str:
    """The card whose Battle Honour the actor may name (its owner, or an admin)."""
    book = await _open(services, campaign_id, battle)
    name = _card(book.state, battle, card)
    found = book.state.card(name)
    if found is None or (actor.user_id != found.owner and not is_admin(actor, book.state)):
        owner = f"<@{found.owner}>" if found else "Its owner"
        raise NotAllowed(f"{owner} names {name}'s Battle Honour.")
    return name


async def honour(
    services: Services, actor: Actor, campaign_id: int, battle: int, card: str, text: str
) -> Next:
    """Card `card`'s Battle Honour, named `text`."""
    book = await _open(services, campaign_id, battle)
    admin, me = is_admin(actor, book.state), actor.user_id
    after = await services.chronicle.act(
        campaign_id, me, lambda s: name_honour(s, card, text, actor=me, admin=admin)
    )
    return following(after)


def _card(state: CampaignState, battle: int, index: int) -> str:
    fielded = state.battles[battle - 1].all_fielded
    if not 0 <= index < len(fielded):
        raise Stale("That unit is not part of this battle; see /campaign status.")
    return fielded[index]


def _scar(state: CampaignState, index: int) -> str:
    scars = state.rules.scars
    if not 0 <= index < len(scars):
        raise Stale("That Battle Scar is unknown; see /campaign status.")
    return scars[index]

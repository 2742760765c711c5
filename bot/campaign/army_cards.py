"""Cards made from a player's army: a card given an army unit's profile, and every card of an
army given the profiles of the army imported again.

A card keeps its name, XP, rank, honours, scars and record: only its profile (weapons and
keywords included), its points and its source change, in one `ProfilesUpdated` event.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from bot.campaign import guards
from bot.campaign.events import Event, ProfilesUpdated, ProfileUpdate
from bot.campaign.models import Card
from bot.campaign.roster import checked_card
from bot.campaign.state import CampaignState
from bot.errors import RulesError
from bot.game.units import UnitProfile
from bot.rules.errors import IllegalAction
from bot.rules.names import name_key


@dataclass(frozen=True, slots=True)
class Source:
    """An army unit as a card takes it: its profile, points, army and the unit's label."""

    profile: UnitProfile
    points: int
    army: str
    army_unit: str


def updated(state: CampaignState, card: Card, source: Source) -> Card:
    """`card` with the source's profile, points and source, checked as a new card would be."""
    profile = source.profile.model_copy(update={"name": card.name})
    after = card.model_copy(
        update={
            "profile": profile,
            "points": source.points,
            "army": source.army,
            "army_unit": source.army_unit,
        }
    )
    return checked_card(state, after)


def _update(card: Card) -> ProfileUpdate:
    assert card.army is not None and card.army_unit is not None
    return ProfileUpdate(
        card=card.name,
        profile=card.profile,
        points=card.points,
        army=card.army,
        army_unit=card.army_unit,
    )


def link_card(
    state: CampaignState, name: str, source: Source, *, actor: int, admin: bool = False
) -> list[Event]:
    """Existing card `name` (its owner's, or an admin's to change) takes an army unit's profile;
    its XP, honours, scars and record stay. It must still fit the caps and the supply limit."""
    before = guards.card(state, name)
    guards.allowed(actor, before.owner, admin=admin, doing=f"change {before.name}")
    after = updated(state, before, source)
    if after == before:
        raise IllegalAction(
            f"{before.name} already has the profile of {source.army_unit}; nothing to change."
        )
    guards.within_caps(state.rules, after)
    total = state.roster_total(before.owner) - before.points + after.points
    guards.within_supply(state, before.owner, total)
    return [ProfilesUpdated(updates=(_update(after),))]


@dataclass(frozen=True, slots=True)
class Refresh:
    """What refreshing one campaign's cards from an army would do."""

    events: list[Event]
    updated: tuple[str, ...]  # the cards given a new profile
    left: tuple[str, ...]  # the cards whose unit is no longer in the army (kept as they were)
    refused: tuple[str, ...]  # cards the new profile does not fit (one sentence each)


def refresh(state: CampaignState, owner: int, army: str, sources: Mapping[str, Source]) -> Refresh:
    """Every card of `owner` made from army `army` whose unit is still in it (`sources`, keyed
    by the `name_key` of each unit's label) gets the unit's profile, in one event. Unchanged
    cards are left alone; a card whose unit is gone, or that the new profile would break (the
    XP cap of a unit that is no longer a CHARACTER), is kept as it was and named. The supply
    limit is not checked: the list changed outside Vox, and the roster shows its new total."""
    changed: list[Card] = []
    left: list[str] = []
    refused: list[str] = []
    for card in state.roster(owner):
        if card.army is None or card.army_unit is None or name_key(card.army) != name_key(army):
            continue
        source = sources.get(name_key(card.army_unit))
        if source is None:
            left.append(card.name)
            continue
        try:
            after = updated(state, card, source)
            guards.within_caps(state.rules, after)
        except RulesError as exc:
            refused.append(str(exc))
            continue
        if after != card:
            changed.append(after)
    events: list[Event] = (
        [ProfilesUpdated(updates=tuple(_update(c) for c in changed))] if changed else []
    )
    return Refresh(events, tuple(c.name for c in changed), tuple(left), tuple(refused))

"""Deciding a campaign's membership and roster: create, join, add, edit and remove cards.

Each function checks a request against the state and returns the events to append, or raises
`IllegalAction` with one sentence.
"""

from __future__ import annotations

from bot.campaign import guards
from bot.campaign.events import (
    CampaignCreated,
    CardAdded,
    CardEdited,
    CardRemoved,
    Event,
    PlayerJoined,
)
from bot.campaign.models import Card
from bot.campaign.rules import CAMPAIGN_EDITIONS
from bot.campaign.state import CampaignState
from bot.game.army import checked_profile
from bot.game.units import NAME_LENGTH
from bot.rules.editions import edition as game_edition
from bot.rules.errors import IllegalAction
from bot.rules.names import clean_name
from bot.rules.rulesets import ruleset

MAX_NAME = 60
MAX_LABEL = 40
MAX_CARDS = 200


def create_campaign(name: str, edition: str, *, guild: int, creator: int) -> CampaignCreated:
    """A new campaign; the creator joins it with `join` (the UI appends both together)."""
    name = clean_name(name, "A campaign name", MAX_NAME)
    key = edition.strip().lower().removesuffix("edition").strip()
    key = f"{key}th" if key.isdigit() else key
    for known in CAMPAIGN_EDITIONS:
        if key == known:
            return CampaignCreated(name=name, edition=known, guild=guild, creator=creator)
    raise IllegalAction(
        f"Crusade campaigns play {', '.join(CAMPAIGN_EDITIONS)}; pick one of those."
    )


def join(state: CampaignState, player: int, label: str = "") -> list[Event]:
    if player in state.players:
        raise IllegalAction(f"You are already in {state.name}; add units with /campaign unit add.")
    label = clean_name(label, "A player label", MAX_LABEL) if label.strip() else ""
    return [PlayerJoined(player=player, label=label)]


def add_card(state: CampaignState, card: Card, *, actor: int, admin: bool = False) -> list[Event]:
    """A new card: its owner is a member, its name is new, it fits caps and the supply limit."""
    guards.member(state, card.owner)
    guards.allowed(actor, card.owner, admin=admin, doing="add cards to this roster")
    card = checked_card(state, card)
    taken = state.card(card.name)
    if taken is not None:
        raise IllegalAction(f'A card called "{taken.name}" already exists; pick another name.')
    if len(state.cards) >= MAX_CARDS:
        raise IllegalAction(f"A campaign holds at most {MAX_CARDS} cards; remove one first.")
    guards.within_caps(state.rules, card)
    guards.within_supply(state, card.owner, state.roster_total(card.owner) + card.points)
    return [CardAdded(card=card)]


def edit_card(
    state: CampaignState, name: str, after: Card, *, actor: int, admin: bool = False
) -> list[Event]:
    """Replace a card (its owner or an admin); a rename must not clash with another card."""
    before = guards.card(state, name)
    guards.allowed(actor, before.owner, admin=admin, doing=f"edit {before.name}")
    if after == before:
        raise IllegalAction(f"That is already {before.name}'s card; change at least one value.")
    guards.not_in_aftermath(state, before)
    guards.member(state, after.owner)
    after = checked_card(state, after)
    clash = state.card(after.name)
    if clash is not None and clash.key != before.key:
        raise IllegalAction(f'A card called "{clash.name}" already exists; pick another name.')
    guards.within_caps(state.rules, after)
    total = state.roster_total(after.owner) + after.points
    if after.owner == before.owner:
        total -= before.points
    guards.within_supply(state, after.owner, total)
    return [CardEdited(before=before, after=after)]


def checked_card(state: CampaignState, card: Card) -> Card:
    """`card` with a clean name (its profile's too), its profile and weapons read by the attack
    rules of the campaign's edition, as a game would read them once the card is fielded."""
    name = clean_name(card.name, "A unit name", NAME_LENGTH)
    rules = ruleset(game_edition(state.edition).attack_ruleset)
    profile = checked_profile(rules, card.profile.model_copy(update={"name": name}))
    if (name, profile) == (card.name, card.profile):
        return card
    return card.model_copy(update={"name": name, "profile": profile})


def remove_card(
    state: CampaignState, name: str, *, actor: int, admin: bool = False, reason: str = ""
) -> list[Event]:
    found = guards.card(state, name)
    guards.allowed(actor, found.owner, admin=admin, doing=f"remove {found.name}")
    guards.not_in_aftermath(state, found)
    return [CardRemoved(name=found.name, reason=reason.strip()[:200])]

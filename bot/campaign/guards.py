"""Checks shared by the campaign decisions; each refusal is one sentence saying what to do."""

from __future__ import annotations

from bot.campaign.models import Card
from bot.campaign.rules import CrusadeRules, honour_cap, xp_cap
from bot.campaign.state import CampaignState, Ledger
from bot.errors import NotAllowed, NotFound
from bot.rules.errors import IllegalAction
from bot.rules.names import name_key


def member(state: CampaignState, player: int) -> Ledger:
    ledger = state.players.get(player)
    if ledger is None:
        raise IllegalAction(f"<@{player}> has not joined {state.name}; join with /campaign join.")
    return ledger


def allowed(actor: int, owner: int, *, admin: bool, doing: str) -> None:
    """Only a card's or ledger's owner (or an admin, decided by the UI) may change it."""
    if actor != owner and not admin:
        raise NotAllowed(f"Only <@{owner}> or a server admin may {doing}; ask them to do it.")


def card(state: CampaignState, name: str) -> Card:
    found = state.card(name)
    if found is None:
        raise NotFound(f'{state.name} has no card called "{name}"; check /campaign roster.')
    return found


def no_aftermath(state: CampaignState) -> None:
    if state.aftermath is not None:
        n = state.aftermath.battle
        raise IllegalAction(f"Finish the post-battle sequence of battle {n} first.")


def not_in_aftermath(state: CampaignState, found: Card) -> None:
    """A card that fought in the open battle keeps its name until its post-battle sequence ends."""
    latest = state.latest
    if state.aftermath is None or latest is None:
        return
    if found.key in {name_key(n) for n in latest.all_fielded}:
        n = state.aftermath.battle
        raise IllegalAction(
            f"{found.name} fought in battle {n}; finish its post-battle sequence first."
        )


def within_caps(rules: CrusadeRules, found: Card) -> None:
    """Crusade caps: XP (non-CHARACTER 30), Battle Honours (3 or 6) and Battle Scars (3)."""
    cap = xp_cap(rules, found)
    if cap is not None and found.xp > cap:
        raise IllegalAction(
            f"{found.name} is not a CHARACTER, so it cannot have more than {cap} XP without "
            "Legendary Veterans; lower its XP or give it Legendary Veterans."
        )
    honours = honour_cap(rules, found)
    if len(found.honours) > honours:
        raise IllegalAction(
            f"{found.name} can have at most {honours} Battle Honours; remove "
            f"{len(found.honours) - honours}."
        )
    if len(found.scars) > rules.max_scars:
        raise IllegalAction(f"A unit can have at most {rules.max_scars} Battle Scars; remove one.")


def within_supply(state: CampaignState, owner: int, total: int) -> None:
    """Crusade "Supply Limit": a roster's total may not exceed its owner's supply limit."""
    ledger = member(state, owner)
    if total > ledger.supply_limit:
        unit = state.rules.supply.unit
        raise IllegalAction(
            f"That brings the roster to {total} {unit}, over the supply limit of "
            f"{ledger.supply_limit} {unit}; remove a card or raise the limit with "
            "/campaign requisition."
        )

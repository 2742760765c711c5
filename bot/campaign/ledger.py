"""Deciding requisition points: spend, add, and the "Increase Supply Limit" requisition.

Crusade "Requisition points": each player starts with 5 RP and has at most 5 (9th edition Core
Book) or 10 (10th edition Core Book); RP never go below 0.
"""

from __future__ import annotations

from bot.campaign import guards
from bot.campaign.events import Event, RequisitionChanged, SupplyIncreased
from bot.campaign.state import CampaignState
from bot.rules.errors import IllegalAction

MAX_CHANGE = 10


def _amount(amount: int) -> None:
    if not 1 <= amount <= MAX_CHANGE:
        raise IllegalAction(f"Change requisition by 1 to {MAX_CHANGE} RP at a time.")


def spend_rp(
    state: CampaignState, player: int, amount: int, reason: str = "", *, actor: int, admin: bool
) -> list[Event]:
    ledger = guards.member(state, player)
    guards.allowed(actor, player, admin=admin, doing="spend these requisition points")
    _amount(amount)
    if amount > ledger.rp:
        raise IllegalAction(f"<@{player}> has {ledger.rp} RP; spend at most {ledger.rp}.")
    return [RequisitionChanged(player=player, amount=-amount, reason=reason.strip()[:200])]


def add_rp(
    state: CampaignState, player: int, amount: int, reason: str = "", *, actor: int, admin: bool
) -> list[Event]:
    ledger = guards.member(state, player)
    guards.allowed(actor, player, admin=admin, doing="add these requisition points")
    _amount(amount)
    cap = state.rules.requisition.max
    if ledger.rp + amount > cap:
        raise IllegalAction(
            f"Requisition points are capped at {cap} RP and <@{player}> has {ledger.rp}; "
            f"add at most {cap - ledger.rp}."
        )
    return [RequisitionChanged(player=player, amount=amount, reason=reason.strip()[:200])]


def increase_supply(
    state: CampaignState, player: int, *, actor: int, admin: bool = False
) -> list[Event]:
    """ "Increase Supply Limit": 1 RP for +5 PL (9th) or +200 points (10th)."""
    ledger = guards.member(state, player)
    guards.allowed(actor, player, admin=admin, doing="raise this supply limit")
    supply = state.rules.supply
    if ledger.rp < supply.increase_cost:
        raise IllegalAction(
            f"Increasing the supply limit costs {supply.increase_cost} RP and <@{player}> has "
            f"{ledger.rp}; earn more by playing battles."
        )
    return [SupplyIncreased(player=player, amount=supply.increase_step, cost=supply.increase_cost)]

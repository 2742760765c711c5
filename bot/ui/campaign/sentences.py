"""The one-line replies of /campaign commands, from what the use case returned."""

from __future__ import annotations

from bot.campaign import CampaignState
from bot.campaign.battles import describe
from bot.play.campaign_roster import Requisition
from bot.play.campaigns import Undone


def requisition_line(r: Requisition) -> str:
    return (
        f"<@{r.player}> has **{r.rp}** RP and a supply limit of "
        f"**{r.supply_limit}** {r.supply_unit}."
    )


def joined_line(state: CampaignState, player: int) -> str:
    ledger = state.players[player]
    return (
        f"<@{player}> joins **{state.name}** with {ledger.rp} RP and a supply limit of "
        f"{ledger.supply_limit} {state.rules.supply.unit}."
    )


def created_line(state: CampaignState) -> str:
    return (
        f"📜 **{state.name}** begins ({state.rules.name}). Others join with "
        f"`/campaign join campaign:{state.name}`; add units with `/campaign unit add`."
    )


def undone_line(undone: Undone, me: int) -> str:
    action = undone.action
    whose = "" if action.actor == me else f" (<@{action.actor}>'s)"
    return f"↩️ Undone in **{undone.state.name}**: #{action.seqs[0]}, {describe(action)}{whose}."


def imported_line(state: CampaignState) -> str:
    return (
        f"📜 Imported **{state.name}**: {len(state.players)} players, {len(state.cards)} units, "
        f"{len(state.battles)} battles."
    )

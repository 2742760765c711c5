"""Crusade campaigns as a pure model: events, state, fold, decisions and the post-battle sequence.

A campaign is an append-only log of `Recorded` events; `fold(log)` gives its `CampaignState`.
Decisions (`roster`, `ledger`, `battles`, `aftermath`) check a request against the state and return
the events to append, or raise `IllegalAction` with one sentence. The Crusade numbers are data
(`data/crusade/*.json`, see `bot.campaign.rules`). No I/O beyond reading that data, no clock.
"""

from bot.campaign.aftermath import (
    Step,
    advance,
    award_experience,
    choose_out_of_action,
    finish,
    grant_requisition,
    mark,
    name_honour,
    pending,
    roll_out_of_action,
)
from bot.campaign.battles import (
    Standing,
    history,
    record_battle,
    set_note,
    standings,
    undo,
    undo_target,
)
from bot.campaign.events import EVENT_TYPES, Event, Recorded, chain, from_json, to_json
from bot.campaign.export import CampaignExport, export, import_events, parse_export
from bot.campaign.ledger import add_rp, increase_supply, spend_rp
from bot.campaign.models import Battle, Card
from bot.campaign.roster import add_card, create_campaign, edit_card, join, remove_card
from bot.campaign.rules import CrusadeRules, crusade_rules, honour_cap, rank, xp_cap
from bot.campaign.state import Aftermath, CampaignState, Ledger, apply, fold

__all__ = [
    "EVENT_TYPES",
    "Aftermath",
    "Battle",
    "CampaignExport",
    "CampaignState",
    "Card",
    "CrusadeRules",
    "Event",
    "Ledger",
    "Recorded",
    "Standing",
    "Step",
    "add_card",
    "add_rp",
    "advance",
    "apply",
    "award_experience",
    "chain",
    "choose_out_of_action",
    "create_campaign",
    "crusade_rules",
    "edit_card",
    "export",
    "finish",
    "fold",
    "from_json",
    "grant_requisition",
    "history",
    "honour_cap",
    "import_events",
    "increase_supply",
    "join",
    "mark",
    "name_honour",
    "parse_export",
    "pending",
    "rank",
    "record_battle",
    "remove_card",
    "roll_out_of_action",
    "set_note",
    "spend_rp",
    "standings",
    "to_json",
    "undo",
    "undo_target",
    "xp_cap",
]

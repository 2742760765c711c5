"""The pure game model: events, state, fold, decisions, prompts and summaries (no I/O, no clock).

A game is an append-only log of `Recorded` events; `fold(log)` gives its `GameState`. Decision
functions (`flow`, `army`, `ledger`) check a request against the state and return the events to
append, or raise `IllegalAction` with one sentence for the user.
"""

from bot.game.army import (
    add_unit,
    add_weapon,
    damage,
    edit_unit,
    heal,
    move_unit,
    profile,
    remove_unit,
    remove_weapon,
    set_health,
    weapon,
)
from bot.game.checks import UnitNote
from bot.game.describe import describe
from bot.game.events import EVENT_TYPES, Event, Recorded, chain, from_json, to_json
from bot.game.flow import (
    choose_first_player,
    end_game,
    next_phase,
    on_vp,
    start_game,
    undo,
    undo_target,
)
from bot.game.ledger import gain_cp, score_vp, spend_cp
from bot.game.prompts import PhasePrompt, phase_prompt
from bot.game.state import GameState, UndoPoint, apply, fold
from bot.game.summary import RoundSummary, round_summary
from bot.game.units import Unit, UnitProfile, Weapon

__all__ = [
    "EVENT_TYPES",
    "Event",
    "GameState",
    "PhasePrompt",
    "Recorded",
    "RoundSummary",
    "UndoPoint",
    "Unit",
    "UnitNote",
    "UnitProfile",
    "Weapon",
    "add_unit",
    "add_weapon",
    "apply",
    "chain",
    "choose_first_player",
    "damage",
    "describe",
    "edit_unit",
    "end_game",
    "fold",
    "from_json",
    "gain_cp",
    "heal",
    "move_unit",
    "next_phase",
    "on_vp",
    "phase_prompt",
    "profile",
    "remove_unit",
    "remove_weapon",
    "round_summary",
    "score_vp",
    "set_health",
    "spend_cp",
    "start_game",
    "to_json",
    "undo",
    "undo_target",
    "weapon",
]

"""The state of one game and how each event changes it: `fold(log)` and `apply(state, entry)`.

Undo needs no history scan: every state keeps its last `UNDO_LIMIT` actions (`UndoPoint`s, newest
first), each with the state before it, so reverting restores that snapshot exactly. Older actions
are forgotten, so a long game holds a bounded number of past states, not one per event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from typing import Any

from bot.game import events as ev
from bot.game.describe import describe
from bot.game.events import NOT_UNDOABLE, Recorded
from bot.game.model import COMMAND_REROLL, UNDO_LIMIT, Attempt, GameState, Status, UndoPoint
from bot.game.unit_fold import UNIT_HANDLERS, replace_unit
from bot.rules.editions import edition

__all__ = ["UNDO_LIMIT", "Attempt", "GameState", "Status", "UndoPoint", "apply", "fold"]


def _started(state: GameState, e: ev.GameStarted) -> GameState:
    ed = edition(e.edition)
    return replace(
        state,
        edition=ed,
        players=e.players,
        rounds=e.rounds,
        options={**ed.options, **e.options},
        status="setup",
        cp=dict.fromkeys(e.players, e.starting_cp),
        vp=dict.fromkeys(e.players, 0),
    )


def _first(state: GameState, e: ev.FirstPlayerChosen) -> GameState:
    return replace(state, first=e.player, active=e.player, round=1, phase_index=0, status="active")


def _phase(state: GameState, e: ev.PhaseAdvanced) -> GameState:
    """10th Core: battle-shock lasts until the start of its controller's next Command phase."""
    assert state.edition is not None
    index = state.edition.phase_keys.index(e.phase)
    units = state.units
    if index == 0:
        units = {k: u.rallied() if u.owner == e.player else u for k, u in units.items()}
    return replace(state, round=e.round, active=e.player, phase_index=index, units=units)


def _turn_ended(state: GameState, e: ev.TurnEnded) -> GameState:
    return replace(state, units={k: u.new_turn() for k, u in state.units.items()}, turn_vp={})


def _cp(state: GameState, player: int, delta: int) -> GameState:
    return replace(state, cp={**state.cp, player: max(0, state.cp.get(player, 0) + delta)})


def _spent(state: GameState, e: ev.CommandPointsSpent) -> GameState:
    """CP spent; on a Command Re-roll, that Stratagem is used for this phase."""
    state = _cp(state, e.player, -e.amount)
    if e.reason.casefold() != COMMAND_REROLL.casefold():
        return state
    return replace(state, command_rerolls=state.command_rerolls | {e.player})


def _vp(state: GameState, e: ev.VictoryPointsScored) -> GameState:
    had = state.vp.get(e.player, 0)
    vp = max(0, had + e.amount)
    turn = {**state.turn_vp, e.player: state.turn_vp.get(e.player, 0) + vp - had}
    return replace(state, vp={**state.vp, e.player: vp}, turn_vp=turn)


def _attempted(state: GameState, e: ev.PowerAttempted) -> GameState:
    tried = Attempt(e.player, e.unit.casefold(), e.power.casefold(), state.phase_seq)
    return replace(state, attempts=(*state.attempts, tried))


def _tested(state: GameState, e: ev.TestTaken) -> GameState:
    state = replace(state, tested=state.tested | {(e.unit.casefold(), e.test)})
    if e.test != "battle_shock" or e.passed:
        return state
    unit = state.unit(e.unit)
    if unit is None:
        raise ValueError(f"the log names unit {e.unit!r}, which does not exist at that point")
    return replace_unit(state, e.unit, replace(unit, battle_shocked=True))


def _ended(state: GameState, e: ev.GameEnded) -> GameState:
    return replace(state, status="ended", winner=e.winner)


_HANDLERS: dict[str, Callable[[GameState, Any], GameState]] = {
    "game_started": _started,
    "first_player_chosen": _first,
    "phase_advanced": _phase,
    "turn_ended": _turn_ended,
    "round_ended": lambda s, e: replace(s, attempts=()),
    "cp_gained": lambda s, e: _cp(s, e.player, e.amount),
    "cp_spent": _spent,
    "vp_scored": _vp,
    **UNIT_HANDLERS,
    "dice_rolled": lambda s, e: s,
    "power_attempted": _attempted,
    "test_taken": _tested,
    "roles_chosen": lambda s, e: replace(s, attacker=e.attacker),
    "deployment_finished": lambda s, e: replace(s, deployed_first=e.first, chooser=e.chooser),
    "game_ended": _ended,
    "prompt_shown": lambda s, e: replace(s, prompt_message=e.message_id),
}


def _undone(state: GameState, e: ev.EventUndone) -> GameState:
    for i, point in enumerate(state.history):
        if point.seqs == e.seqs:  # the live prompt's message is bookkeeping: undo keeps it
            after = replace(point.before, history=state.history[i + 1 :])
            return replace(after, prompt_message=state.prompt_message)
    return state


def apply(state: GameState, entry: Recorded) -> GameState:
    """The state after one logged event."""
    event = entry.event
    if isinstance(event, ev.EventUndone):
        return replace(_undone(state, event), seq=entry.seq)
    after = _HANDLERS[event.kind](state, event)
    if _position(after) != _position(state):
        after = replace(
            after, phase_seq=entry.seq, tested=frozenset(), charges=(), command_rerolls=frozenset()
        )
    if isinstance(event, ev.ChargeDeclared):
        after = replace(after, charges=(*after.charges, (entry.seq, event)))
    if event.kind in NOT_UNDOABLE:
        return replace(after, seq=entry.seq)
    history = state.history
    if event.follows and history:
        point = history[0]
        point = replace(point, seqs=(*point.seqs, entry.seq), kinds=(*point.kinds, event.kind))
        history = (point, *history[1:])
    else:
        before = replace(state, history=())  # its history lives on in `history[1:]`
        point = UndoPoint((entry.seq,), (event.kind,), entry.actor, describe(event), before)
        history = (point, *history[: UNDO_LIMIT - 1])
    return replace(after, seq=entry.seq, history=history, changed=True)


def _position(state: GameState) -> tuple[object, ...]:
    """Where the game is: a change here starts a new phase (and makes older prompts stale)."""
    return (state.status, state.round, state.active, state.phase_index)


def fold(log: Iterable[Recorded]) -> GameState:
    """The state after every event of a game's log, in order."""
    state = GameState()
    for entry in log:
        state = apply(state, entry)
    return state

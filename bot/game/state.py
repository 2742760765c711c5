"""The state of one game and how each event changes it: `fold(log)` and `apply(state, entry)`.

Undo needs no history scan: every state keeps its last `UNDO_LIMIT` actions (`UndoPoint`s, newest
first), each with the state before it, so reverting restores that snapshot exactly. Older actions
are forgotten, so a long game holds a bounded number of past states, not one per event.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from bot.game import events as ev
from bot.game.describe import describe
from bot.game.events import NOT_UNDOABLE, Recorded
from bot.game.units import Unit
from bot.rules.editions import Edition, Phase, edition
from bot.rules.names import name_key

Status = Literal["new", "setup", "active", "ended"]
UNDO_LIMIT = 30  # actions undo can take back in a row (README, /game undo)


@dataclass(frozen=True, slots=True)
class UndoPoint:
    """An action that changed the state: its events, who did it, and the state before it (whose
    own undo history is not kept there: the points after this one in `GameState.history` are)."""

    seqs: tuple[int, ...]
    kinds: tuple[str, ...]
    actor: int | None
    what: str
    before: GameState


@dataclass(frozen=True, slots=True)
class Attempt:
    """A psychic power attempted this battle round (for the once-per-round limits)."""

    player: int
    unit: str  # case-folded
    power: str  # case-folded
    phase_seq: int


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything `/game status` shows; `seq` is the last event applied (for optimistic append)."""

    edition: Edition | None = None
    players: tuple[int, ...] = ()
    rounds: int = 0
    options: Mapping[str, bool] = field(default_factory=dict)
    status: Status = "new"
    round: int = 0
    first: int | None = None
    active: int | None = None
    phase_index: int = 0
    cp: Mapping[int, int] = field(default_factory=dict)
    vp: Mapping[int, int] = field(default_factory=dict)
    units: Mapping[str, Unit] = field(default_factory=dict)  # by name_key, in added order
    winner: int | None = None
    seq: int = 0
    phase_seq: int = 0  # the event that entered the current phase: a prompt's identity
    attempts: tuple[Attempt, ...] = ()  # psychic powers attempted this battle round
    tested: frozenset[tuple[str, str]] = frozenset()  # (unit key, test) taken this phase
    attacker: int | None = None  # Eternum set-up
    deployed_first: int | None = None
    chooser: int | None = None  # who picks the first turn, once a roll-off decided it
    history: tuple[UndoPoint, ...] = ()  # the last UNDO_LIMIT actions, newest first
    changed: bool = False  # some action changed the game (undo past `history` is then refused)

    @property
    def undo(self) -> UndoPoint | None:
        """The action undo would revert next."""
        return self.history[0] if self.history else None

    @property
    def phase(self) -> Phase | None:
        if self.edition is None or self.status != "active":
            return None
        return self.edition.phase(self.phase_index)

    def other(self, player: int) -> int:
        return self.players[1] if player == self.players[0] else self.players[0]

    def unit(self, name: str) -> Unit | None:
        return self.units.get(name_key(name))


def _units(state: GameState, name: str, unit: Unit | None) -> Mapping[str, Unit]:
    units = dict(state.units)
    key = name_key(name)
    if unit is None:
        units.pop(key, None)
    else:
        units[key] = unit
    return units


def _unit(state: GameState, name: str) -> Unit:
    found = state.unit(name)
    if found is None:
        raise ValueError(f"the log names unit {name!r}, which does not exist at that point")
    return found


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
    return replace(state, units={k: u.new_turn() for k, u in state.units.items()})


def _cp(state: GameState, player: int, delta: int) -> GameState:
    return replace(state, cp={**state.cp, player: max(0, state.cp.get(player, 0) + delta)})


def _vp(state: GameState, e: ev.VictoryPointsScored) -> GameState:
    return replace(state, vp={**state.vp, e.player: max(0, state.vp.get(e.player, 0) + e.amount)})


def _added(state: GameState, e: ev.UnitAdded) -> GameState:
    return replace(state, units=_units(state, e.profile.name, Unit.fresh(e.owner, e.profile)))


def _edited(state: GameState, e: ev.UnitEdited) -> GameState:
    """A rename keeps the unit's place in the list."""
    old, new = name_key(e.unit), name_key(e.after.name)
    unit = _unit(state, e.unit).with_profile(e.after)
    units = {(new if k == old else k): (unit if k == old else u) for k, u in state.units.items()}
    return replace(state, units=units)


def _weapon(state: GameState, e: ev.WeaponAdded) -> GameState:
    """A replacement keeps the weapon's place in the list."""
    unit = _unit(state, e.unit)
    key, weapons = name_key(e.weapon.name), unit.profile.weapons
    if e.replaced is not None and any(name_key(w.name) == key for w in weapons):
        weapons = tuple(e.weapon if name_key(w.name) == key else w for w in weapons)
    else:
        weapons = (*weapons, e.weapon)
    profile = unit.profile.model_copy(update={"weapons": weapons})
    return replace(state, units=_units(state, e.unit, replace(unit, profile=profile)))


def _weapon_removed(state: GameState, e: ev.WeaponRemoved) -> GameState:
    unit = _unit(state, e.unit)
    key = name_key(e.weapon.name)
    weapons = tuple(w for w in unit.profile.weapons if name_key(w.name) != key)
    profile = unit.profile.model_copy(update={"weapons": weapons})
    return replace(state, units=_units(state, e.unit, replace(unit, profile=profile)))


def _moved(state: GameState, e: ev.UnitMoved) -> GameState:
    unit = _unit(state, e.unit)
    if e.how == "charge":
        unit = replace(unit, charged=True)
    else:
        unit = replace(unit, move=e.how, advance_roll=e.roll if e.how == "advance" else None)
    return replace(state, units=_units(state, e.unit, unit))


def _damaged(state: GameState, e: ev.DamageApplied) -> GameState:
    unit = _unit(state, e.unit)
    lost = unit.lost_this_turn + max(0, e.models_destroyed)
    unit = replace(unit, alive=e.models_after, wounds_left=e.wounds_after, lost_this_turn=lost)
    return replace(state, units=_units(state, e.unit, unit))


def _healed(state: GameState, e: ev.Healed) -> GameState:
    unit = replace(_unit(state, e.unit), alive=e.models_after, wounds_left=e.wounds_after)
    return replace(state, units=_units(state, e.unit, unit))


def _attempted(state: GameState, e: ev.PowerAttempted) -> GameState:
    tried = Attempt(e.player, e.unit.casefold(), e.power.casefold(), state.phase_seq)
    return replace(state, attempts=(*state.attempts, tried))


def _tested(state: GameState, e: ev.TestTaken) -> GameState:
    state = replace(state, tested=state.tested | {(e.unit.casefold(), e.test)})
    if e.test != "battle_shock" or e.passed:
        return state
    shocked = replace(_unit(state, e.unit), battle_shocked=True)
    return replace(state, units=_units(state, e.unit, shocked))


def _ended(state: GameState, e: ev.GameEnded) -> GameState:
    return replace(state, status="ended", winner=e.winner)


_HANDLERS: dict[str, Callable[[GameState, Any], GameState]] = {
    "game_started": _started,
    "first_player_chosen": _first,
    "phase_advanced": _phase,
    "turn_ended": _turn_ended,
    "round_ended": lambda s, e: replace(s, attempts=()),
    "cp_gained": lambda s, e: _cp(s, e.player, e.amount),
    "cp_spent": lambda s, e: _cp(s, e.player, -e.amount),
    "vp_scored": _vp,
    "unit_added": _added,
    "unit_edited": _edited,
    "unit_removed": lambda s, e: replace(s, units=_units(s, e.unit, None)),
    "weapon_added": _weapon,
    "weapon_removed": _weapon_removed,
    "unit_moved": _moved,
    "damage_applied": _damaged,
    "healed": _healed,
    "dice_rolled": lambda s, e: s,
    "power_attempted": _attempted,
    "test_taken": _tested,
    "roles_chosen": lambda s, e: replace(s, attacker=e.attacker),
    "deployment_finished": lambda s, e: replace(s, deployed_first=e.first, chooser=e.chooser),
    "game_ended": _ended,
}


def _undone(state: GameState, e: ev.EventUndone) -> GameState:
    for i, point in enumerate(state.history):
        if point.seqs == e.seqs:
            return replace(point.before, history=state.history[i + 1 :])
    return state


def apply(state: GameState, entry: Recorded) -> GameState:
    """The state after one logged event."""
    event = entry.event
    if isinstance(event, ev.EventUndone):
        return replace(_undone(state, event), seq=entry.seq)
    after = _HANDLERS[event.kind](state, event)
    if _position(after) != _position(state):
        after = replace(after, phase_seq=entry.seq, tested=frozenset())
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

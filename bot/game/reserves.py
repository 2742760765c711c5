"""Deciding Eternum Reserves (seed 004) for tracked units: set up in Reserve while deploying, a
Reserve Roll per unit at the end of its owner's Movement phase from their second turn, automatic
arrival at the start of their fourth turn, and destroyed if the battle ends before it arrives.

The edition says whether it has Reserves (`Edition.reserves`); each refusal is one sentence.
"""

from __future__ import annotations

from bot.game import guards
from bot.game.army import set_health
from bot.game.events import Event, ReserveRolled, UnitReserved
from bot.game.state import GameState
from bot.game.units import Unit
from bot.rules.deployment import AUTOMATIC_RESERVE_TURN, FIRST_RESERVE_TURN, ReserveRolls
from bot.rules.editions import Edition
from bot.rules.errors import IllegalAction

ROLL_PHASE = "movement"  # seed 004: "at the end of your Movement Phase"
NEVER_ARRIVED = "never arrived from Reserves"
ROLLED = "reserve"  # marks a unit's Reserve Roll this phase in `GameState.tested`


def _with_reserves(state: GameState) -> Edition:
    ed = guards.game_open(state)
    if not ed.reserves:
        raise IllegalAction(f"{ed.name} has no Reserves to roll for; set the unit up on the table.")
    return ed


def reserve_unit(state: GameState, name: str) -> list[Event]:
    """Seed 004: "When placing a unit or detachment onto the table, you can instead elect to place
    them into Reserves instead of onto the table." So only while deploying (set-up)."""
    _with_reserves(state)
    if state.status != "setup":
        raise IllegalAction(
            "Units go into Reserves while deploying, before the first turn; keep this one on the "
            "table."
        )
    unit = guards.alive(state, name)
    if unit.in_reserve:
        raise IllegalAction(f"{unit.name} is already in Reserve; /game undo takes it back out.")
    return [UnitReserved(unit=unit.name)]


def may_roll(state: GameState, name: str) -> Unit:
    """The unit, if it may make its Reserve Roll now (its owner's Movement phase, from their
    second turn, once a turn); one sentence saying what to do instead if not."""
    _with_reserves(state)
    guards.game_playing(state)
    unit = guards.alive(state, name)
    if not unit.in_reserve:
        raise IllegalAction(f"{unit.name} is not in Reserve; only units in Reserve roll to arrive.")
    phase = state.phase
    if unit.owner != state.active or phase is None or phase.key != ROLL_PHASE:
        raise IllegalAction(
            f"{unit.name} rolls for Reserves at the end of its owner's Movement phase; roll then."
        )
    if state.round < FIRST_RESERVE_TURN:
        raise IllegalAction(
            "Reserves cannot arrive in your first turn; roll for them from your second turn."
        )
    if (unit.name.casefold(), ROLLED) in state.tested:
        raise IllegalAction(f"{unit.name} already made its Reserve Roll this turn; roll next turn.")
    return unit


def roll_reserve(state: GameState, name: str, rolls: ReserveRolls) -> list[Event]:
    """Seed 004: "If the roll is a 3 or more, that unit arrives this turn. If the roll is less than
    3 it remains in Reserve"; "a natural roll of a 1 always means that the unit in question
    remains in Reserve" (`rolls`: this unit's one roll, from `bot.rules.deployment`)."""
    unit = may_roll(state, name)
    if rolls.units != 1 or rolls.turn != state.round or rolls.automatic:
        raise IllegalAction(f"Roll one D6 for {unit.name} in turn {state.round}; roll again.")
    die = rolls.dice[0].value
    arrived = rolls.arrives[0]
    return [ReserveRolled(unit=unit.name, die=die, needed=rolls.needed, arrived=arrived)]


def waiting(state: GameState) -> tuple[Unit, ...]:
    """The units that may make their Reserve Roll now (the active player's), in added order."""
    if state.edition is None or not state.edition.reserves or state.status != "active":
        return ()
    return tuple(u for u in state.units.values() if u.in_reserve and _may_roll_now(state, u))


def _may_roll_now(state: GameState, unit: Unit) -> bool:
    try:
        may_roll(state, unit.name)
    except IllegalAction:
        return False
    return True


def arrivals(state: GameState, player: int, turn: int) -> list[Event]:
    """Seed 004: a unit that "remains in Reserve ... automatically arrives at the start of your
    fourth turn": entering `player`'s turn `turn`, each of their units still in Reserve arrives."""
    ed = state.edition
    if ed is None or not ed.reserves or turn < AUTOMATIC_RESERVE_TURN:
        return []
    return [
        ReserveRolled(unit=u.name, die=None, arrived=True)
        for u in state.units.values()
        if u.owner == player and u.in_reserve and not u.destroyed
    ]


def never_arrived(state: GameState) -> list[Event]:
    """At the end of the battle, units still in Reserve count as destroyed (seed 004, "UNIT
    COHERENCY": "any models that cannot be set up are considered to have been destroyed")."""
    if state.edition is None or not state.edition.reserves or state.status != "active":
        return []
    return [
        event
        for u in state.units.values()
        if u.in_reserve and not u.destroyed
        for event in set_health(state, u.name, 0, 0, NEVER_ARRIVED)
    ]

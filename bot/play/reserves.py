"""Eternum Reserves (seed 004) on units of the channel's game: `/unit reserve` while deploying,
and a unit's Reserve Roll by `/reserves unit:` or the Movement prompt's button.

Only a player of the game decides, and only for their own units (Manage Channels: any unit);
that is checked first, then the rules (`bot.game.reserves`), and only then is the die rolled, in
the ledger's lock, so a refused roll rolls nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import NotAllowed, VoxError
from bot.game import Event, GameState, Unit, guards
from bot.game.reserves import may_roll, reserve_unit, roll_reserve
from bot.play import log_words
from bot.play.actor import Actor
from bot.play.game import change, current
from bot.play.moves import Reserves, reserves
from bot.play.rolled import roll_and_record
from bot.play.services import Services
from bot.rules.deployment import FIRST_RESERVE_TURN
from bot.tally import describe
from bot.tracker import Expectation, in_phase

ONE_OR_OTHER = "Give units: (how many to roll for) or unit: (a unit of this game), not both."
NO_TURN = "Leave out turn: with unit:, the game knows which turn it is."


@dataclass(frozen=True, slots=True)
class ReserveRoll:
    """A tracked unit's Reserve Roll with its odds; `arrived`: it left Reserve."""

    unit: str
    rolled: Reserves
    arrived: bool


def _owned(actor: Actor, state: GameState, name: str) -> Unit:
    """The unit, if the actor may decide for it: its owner (or a member with Manage Channels)."""
    unit = guards.alive(state, name)
    if unit.owner != actor.user_id and not actor.manages_channel:
        raise NotAllowed(f"{unit.name} is <@{unit.owner}>'s unit; only its owner decides that.")
    return unit


async def reserve(services: Services, actor: Actor, name: str) -> Unit:
    """Seed 004: while deploying, place the unit into Reserves instead of onto the table."""

    def decide(state: GameState) -> list[Event]:
        _owned(actor, state, name)
        return reserve_unit(state, name)

    outcome = await change(services, actor, decide)
    placed = outcome.state.unit(name)
    assert placed is not None  # reserve_unit refuses an unknown unit
    return placed


async def roll(
    services: Services,
    actor: Actor,
    name: str,
    modifier: int = 0,
    expect: Expectation | None = None,
) -> ReserveRoll:
    """The unit's Reserve Roll this turn: a D6, 3+ arrives (never an unmodified 1)."""

    def decide(state: GameState) -> tuple[ReserveRoll, list[Event]]:
        _owned(actor, state, name)
        unit = may_roll(state, name)
        rolled = reserves(services.dice, 1, state.round, modifier)
        events = roll_reserve(state, unit.name, rolled.rolls)
        return ReserveRoll(unit.name, rolled, rolled.rolls.arrives[0]), events

    result, _ = await roll_and_record(services, actor, decide, expect)
    describe(*log_words.reserves(result.unit, result.rolled.rolls))
    return result


async def prompted(
    services: Services, actor: Actor, game_id: int, phase_seq: int, name: str
) -> ReserveRoll:
    """A Movement prompt's Reserve Roll button: its game must still be on and in that phase."""
    await current(services, actor, game_id)
    return await roll(services, actor, name, expect=in_phase(phase_seq))


async def by_command(
    services: Services,
    actor: Actor,
    units: int | None,
    turn: int | None,
    modifier: int,
    unit: str | None,
) -> ReserveRoll | Reserves:
    """/reserves: a standalone roll for `units` units in `turn`, or `unit`'s tracked roll."""
    if (units is None) == (unit is None):
        raise VoxError(ONE_OR_OTHER)
    if unit is None:
        assert units is not None
        return reserves(services.dice, units, turn or FIRST_RESERVE_TURN, modifier)
    if turn is not None:
        raise VoxError(NO_TURN)
    return await roll(services, actor, unit, modifier)

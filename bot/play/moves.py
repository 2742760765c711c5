"""/advance (every edition), standalone or recorded on a unit of the channel's game, and
/reserves (Eternum); /charge is `bot.play.charges`.

A tracked Advance is checked against the game (whose unit, which phase, not in combat) before the
die is rolled, inside the ledger's lock, and recorded with the roll shown.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from bot.errors import VoxError
from bot.game import Event, GameState, guards, move_unit
from bot.play import log_words
from bot.play.actor import Actor
from bot.play.rolled import roll_and_record
from bot.play.services import Services
from bot.rules.deployment import ReserveRolls, arrivals_pmf, chance_to_arrive, reserve_rolls
from bot.rules.dice import Dice
from bot.rules.movement import AdvanceRoll
from bot.rules.movement import advance as advance_roll
from bot.tally import describe

NO_MOVE = "Give the unit's move (e.g. move:6), or pick a unit of this game."


@dataclass(frozen=True, slots=True)
class Advance:
    """An Advance roll; `unit`, the tracked unit recorded as having advanced."""

    roll: AdvanceRoll
    unit: str | None = None


@dataclass(frozen=True, slots=True)
class Reserves:
    """Reserve Rolls with the exact odds of the arrivals and of each unit arriving."""

    rolls: ReserveRolls
    odds: dict[int, Fraction]
    chance: Fraction


async def advance(
    services: Services, actor: Actor, move: int | None, unit: str | None = None
) -> Advance:
    """A D6 added to Move; with `unit`, its Move by default, and refused before rolling if it may
    not advance now."""
    if unit is None:
        if move is None:
            raise VoxError(NO_MOVE)
        rolled = advance_roll(services.dice, move)
        describe(*log_words.advance(None, rolled))
        return Advance(rolled)

    def decide(state: GameState) -> tuple[Advance, list[Event]]:
        move_unit(state, unit, "advance", roll=1)  # refuses; appends nothing
        found = guards.alive(state, unit)
        rolled = advance_roll(services.dice, move or found.profile.move)
        events = move_unit(state, unit, "advance", roll=rolled.die.value)
        return Advance(rolled, found.name), events

    done, _ = await roll_and_record(services, actor, decide)
    describe(*log_words.advance(done.unit, done.roll))
    return done


def reserves(dice: Dice, units: int, turn: int, modifier: int) -> Reserves:
    """Eternum: a D6 per unit in Reserve, 3+ arrives (never on an unmodified 1), all in turn 4."""
    rolls = reserve_rolls(dice, turn, units, modifier)
    describe(*log_words.reserves(None, rolls))
    return Reserves(
        rolls,
        arrivals_pmf(units, modifier, turn),
        chance_to_arrive(modifier, turn),
    )

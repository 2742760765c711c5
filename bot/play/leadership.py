"""Morale (9th, Eternum), Battle-shock and Desperate Escape (10th): one path for each test.

Standalone, a test is rolled from the numbers given; on a unit of the channel's game the same
roll is made from the unit inside the ledger's lock, after the permission and once-per-phase
checks, and recorded as one undoable action (the models that flee or die leave the unit).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Generic, TypeVar

from bot.errors import Stale
from bot.game import Event, GameState, Unit
from bot.game import guards as game_guards
from bot.game.leadership import Test, escape, escape_tests, may_test, take_test
from bot.play import log_words
from bot.play.actor import Actor
from bot.play.rolled import roll_and_record
from bot.play.services import Services
from bot.rules.dice import Dice
from bot.rules.morale import (
    BattleShockTest,
    DesperateEscape,
    MoraleTest,
    battle_shock_test,
    chance_to_pass_battle_shock,
    chance_to_pass_morale,
    desperate_escape,
    desperate_escape_pmf,
    models_lost_pmf,
    morale_test,
)
from bot.tally import describe
from bot.tracker import Expectation, in_phase

R = TypeVar("R")


@dataclass(frozen=True, slots=True)
class Morale:
    """A 9th edition Morale test with the exact odds of the models lost and of passing."""

    test: MoraleTest
    lost_odds: dict[int, Fraction]
    chance: Fraction


@dataclass(frozen=True, slots=True)
class BattleShock:
    test: BattleShockTest
    chance: Fraction


@dataclass(frozen=True, slots=True)
class Escape:
    """A Desperate Escape with the exact odds of the models destroyed."""

    rolled: DesperateEscape
    odds: dict[int, Fraction]


@dataclass(frozen=True, slots=True)
class OnUnit(Generic[R]):
    """A test taken by a unit of the game: the roll, the unit's name and the unit after it
    (None once it is gone)."""

    roll: R
    name: str
    after: Unit | None


def morale(dice: Dice, leadership: int, lost: int, models: int, starting: int) -> Morale:
    """Seed 000: D6 + models destroyed this turn against Ld, then Combat Attrition."""
    test = morale_test(dice, leadership, lost, models, starting)
    describe(*log_words.morale(None, test))
    return Morale(
        test,
        models_lost_pmf(leadership, lost, models, starting),
        chance_to_pass_morale(leadership, lost),
    )


def battle_shock(dice: Dice, leadership: int) -> BattleShock:
    """Seed 003: 2D6 against Ld."""
    test = battle_shock_test(dice, leadership)
    describe(*log_words.battle_shock(None, test))
    return BattleShock(test, chance_to_pass_battle_shock(leadership))


def desperate(dice: Dice, models: int) -> Escape:
    """Seed 003: a D6 per testing model; each 1-2 destroys one."""
    rolled = desperate_escape(dice, models)
    describe(*log_words.escape(None, rolled))
    return Escape(rolled, desperate_escape_pmf(models))


async def unit_morale(
    services: Services, actor: Actor, name: str, expect: Expectation | None = None
) -> OnUnit[Morale]:
    """The unit's Morale test from its Ld and losses; the models that flee leave it."""

    def decide(state: GameState) -> tuple[tuple[Morale, str], list[Event]]:
        unit = may_test(state, name, "morale")
        ld, lost, models, start = (
            unit.profile.leadership, unit.lost_this_turn, unit.alive, unit.profile.models
        )  # fmt: skip
        roll = morale(services.dice, ld, lost, models, start)
        test = roll.test
        dice = (test.die.value, *(d.value for d in test.attrition))
        events = take_test(
            state, unit.name, "morale", dice=dice, total=test.total, passed=test.passed,
            models_left=test.models_left,
        )  # fmt: skip
        return (roll, unit.name), events

    (roll, unit), outcome = await roll_and_record(services, actor, decide, expect)
    describe(*log_words.morale(unit, roll.test))
    return OnUnit(roll, unit, outcome.state.unit(unit))


async def unit_battle_shock(
    services: Services, actor: Actor, name: str, expect: Expectation | None = None
) -> OnUnit[BattleShock]:
    """The unit's Battle-shock test from its Ld; failed, it is battle-shocked (OC 0)."""

    def decide(state: GameState) -> tuple[tuple[BattleShock, str], list[Event]]:
        unit = may_test(state, name, "battle_shock")
        roll = battle_shock(services.dice, unit.profile.leadership)
        dice = tuple(d.value for d in roll.test.dice)
        events = take_test(
            state, unit.name, "battle_shock", dice=dice, total=roll.test.total,
            passed=roll.test.passed,
        )  # fmt: skip
        return (roll, unit.name), events

    (roll, unit), outcome = await roll_and_record(services, actor, decide, expect)
    describe(*log_words.battle_shock(unit, roll.test))
    return OnUnit(roll, unit, outcome.state.unit(unit))


async def unit_escape(
    services: Services, actor: Actor, name: str, models: int | None
) -> OnUnit[Escape]:
    """Every model of a battle-shocked unit tests (else `models` of it); the dead leave it."""

    def decide(state: GameState) -> tuple[tuple[Escape, str], list[Event]]:
        unit = game_guards.alive(state, name)
        roll = desperate(services.dice, escape_tests(state, unit.name, models))
        return (roll, unit.name), escape(state, unit.name, roll.rolled.models_destroyed)

    (roll, unit), outcome = await roll_and_record(services, actor, decide)
    describe(*log_words.escape(unit, roll.rolled))
    return OnUnit(roll, unit, outcome.state.unit(unit))


async def prompted(
    services: Services, actor: Actor, test: Test, game_id: int, phase_seq: int, name: str
) -> OnUnit[Morale] | OnUnit[BattleShock]:
    """A phase prompt's test button: its game must still be on and in the prompt's phase."""
    table = await services.tracker.table(actor.channel_id)
    if table is None or table.record.id != game_id:
        raise Stale("That game is over; this button no longer does anything.")
    if test == "morale":
        return await unit_morale(services, actor, name, in_phase(phase_seq))
    return await unit_battle_shock(services, actor, name, in_phase(phase_seq))

"""Deciding Morale (9th, Eternum) and Battle-shock (10th) tests of tracked units.

A unit takes each test at most once per phase. Seed 000: a Morale test is taken by a unit "that
has had models destroyed this turn". Seed 003: a failed Battle-shock test leaves the unit
battle-shocked (OC 0) until the start of its controller's next Command phase.
"""

from __future__ import annotations

from typing import Literal

from bot.game import guards
from bot.game.army import set_health
from bot.game.events import Event, TestTaken, chain
from bot.game.state import GameState
from bot.game.units import Unit
from bot.rules.errors import IllegalAction

Test = Literal["morale", "battle_shock"]
NAMES: dict[Test, str] = {"morale": "Morale", "battle_shock": "Battle-shock"}
COMMANDS: dict[Test, str] = {"morale": "/morale", "battle_shock": "/battleshock"}


def may_test(state: GameState, name: str, test: Test) -> Unit:
    """The unit, if it may take `test` now; one sentence saying what to do instead if not."""
    ed = guards.game_playing(state)
    kind = ed.morale.kind
    if kind != test:
        other = f"it uses {COMMANDS[kind]}" if kind in COMMANDS else "it has no such test"
        raise IllegalAction(f"{ed.name} has no {NAMES[test]} test; {other}.")
    unit = guards.alive(state, name)
    if (unit.name.casefold(), test) in state.tested:
        raise IllegalAction(f"{unit.name} already took its {NAMES[test]} test this phase.")
    if test == "morale" and unit.lost_this_turn == 0:
        raise IllegalAction(f"{unit.name} lost no models this turn, so it takes no Morale test.")
    return unit


def take_test(
    state: GameState,
    name: str,
    test: Test,
    *,
    dice: tuple[int, ...],
    total: int,
    passed: bool,
    models_left: int | None = None,
) -> list[Event]:
    """The test as one action; a Morale test's fleeing models leave the unit (wounded one first)."""
    unit = may_test(state, name, test)
    taken = TestTaken(unit=unit.name, test=test, dice=dice, total=total, passed=passed)
    if models_left is None or models_left >= unit.alive:
        return [taken]
    full = unit.profile.wounds if models_left else 0
    return chain(taken, *set_health(state, unit.name, models_left, full, NAMES[test]))


def escape(state: GameState, name: str, destroyed: int) -> list[Event]:
    """10th Core Desperate Escape: each failed test destroys one model of the unit."""
    guards.game_playing(state)
    unit = guards.alive(state, name)
    if destroyed == 0:
        return []
    left = max(0, unit.alive - destroyed)
    full = unit.profile.wounds if left else 0
    return set_health(state, unit.name, left, full, "Desperate Escape")


def escape_tests(state: GameState, name: str, tests: int | None) -> int:
    """How many models test: every model of a battle-shocked unit, else the number given."""
    guards.game_playing(state)
    unit = guards.alive(state, name)
    if unit.battle_shocked:
        return unit.alive
    if tests is None:
        raise IllegalAction(
            f"{unit.name} is not battle-shocked: give models, those that must take the test."
        )
    if not 1 <= tests <= unit.alive:
        raise IllegalAction(f"{unit.name} has {unit.alive} models; test 1 to {unit.alive} of them.")
    return tests

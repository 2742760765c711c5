"""Morale (seed 000), Battle-shock and Desperate Escape (seed 003) on tracked units."""

from __future__ import annotations

import pytest

from bot.game import damage, move_unit
from bot.game.leadership import escape, escape_tests, may_test, take_test
from bot.rules.errors import IllegalAction
from tests.game.conftest import ALICE, BOB, Table


@pytest.fixture
def tenth(table: Table) -> Table:
    table.start("10th")
    table.unit(ALICE, "Intercessors", models=5, wounds=2, leadership=6, oc=2)
    table.unit(BOB, "Boyz", models=10, leadership=7, oc=2)
    return table


def _shock(table: Table, unit: str, passed: bool) -> None:
    table.do(take_test, unit, "battle_shock", dice=(1, 2), total=3, passed=passed)


def test_a_failed_battle_shock_test_makes_the_unit_battle_shocked_with_oc_0(tenth: Table) -> None:
    _shock(tenth, "Intercessors", passed=False)
    unit = tenth.state.unit("Intercessors")
    assert unit is not None
    assert unit.battle_shocked
    assert unit.oc == 0


def test_a_passed_battle_shock_test_leaves_the_unit_as_it_was(tenth: Table) -> None:
    _shock(tenth, "Intercessors", passed=True)
    unit = tenth.state.unit("Intercessors")
    assert unit is not None
    assert not unit.battle_shocked
    assert unit.oc == 2


def test_battle_shock_lasts_until_its_controllers_next_command_phase(tenth: Table) -> None:
    _shock(tenth, "Intercessors", passed=False)
    tenth.next(5)  # the rest of Alice's turn: Bob's Command phase
    unit = tenth.state.unit("Intercessors")
    assert unit is not None
    assert unit.battle_shocked  # still shocked through the opponent's turn
    tenth.next(5)  # round 2, Alice's Command phase
    unit = tenth.state.unit("Intercessors")
    assert unit is not None
    assert not unit.battle_shocked


def test_a_unit_takes_each_test_once_per_phase(tenth: Table) -> None:
    _shock(tenth, "Intercessors", passed=True)
    with pytest.raises(IllegalAction, match="already took its Battle-shock test this phase"):
        may_test(tenth.state, "Intercessors", "battle_shock")
    tenth.next(6)  # Bob's turn, then round 2
    assert may_test(tenth.state, "Intercessors", "battle_shock").name == "Intercessors"


def test_ninth_edition_has_morale_not_battle_shock(table: Table) -> None:
    table.start("9th").unit(ALICE, "Tacticals", models=10)
    with pytest.raises(IllegalAction, match="no Battle-shock test; it uses /morale"):
        may_test(table.state, "Tacticals", "battle_shock")


def test_only_a_unit_that_lost_models_this_turn_takes_a_morale_test(table: Table) -> None:
    table.start("9th").unit(ALICE, "Tacticals", models=10).unit(BOB, "Boyz", models=10)
    with pytest.raises(IllegalAction, match="lost no models this turn"):
        may_test(table.state, "Boyz", "morale")
    table.do(damage, "Boyz", [1, 1, 1])
    assert may_test(table.state, "Boyz", "morale").lost_this_turn == 3


def test_models_that_flee_a_morale_test_leave_the_unit_in_one_action(table: Table) -> None:
    table.start("9th").unit(BOB, "Boyz", models=10)
    table.do(damage, "Boyz", [1, 1, 1])
    events = table.do(
        take_test, "Boyz", "morale", dice=(6,), total=9, passed=False, models_left=5, actor=BOB
    )
    assert [e.kind for e in events] == ["test_taken", "damage_applied"]
    assert events[1].follows
    unit = table.state.unit("Boyz")
    assert unit is not None
    assert unit.alive == 5


def test_desperate_escape_every_model_tests_when_battle_shocked(tenth: Table) -> None:
    with pytest.raises(IllegalAction, match="not battle-shocked: give models"):
        escape_tests(tenth.state, "Intercessors", None)
    assert escape_tests(tenth.state, "Intercessors", 2) == 2
    _shock(tenth, "Intercessors", passed=False)
    assert escape_tests(tenth.state, "Intercessors", 2) == 5


def test_desperate_escape_tests_at_most_the_models_in_the_unit(tenth: Table) -> None:
    with pytest.raises(IllegalAction, match="test 1 to 5 of them"):
        escape_tests(tenth.state, "Intercessors", 6)


def test_each_failed_desperate_escape_destroys_one_model(tenth: Table) -> None:
    tenth.next()  # Movement
    tenth.do(move_unit, "Intercessors", "fall_back")
    tenth.do(escape, "Intercessors", 2)
    unit = tenth.state.unit("Intercessors")
    assert unit is not None
    assert unit.alive == 3
    assert escape(tenth.state, "Intercessors", 0) == []

"""Engagement, declared charges, Reserves and concessions as the state folds them."""

from __future__ import annotations

from bot.game import damage, end_game, remove_unit
from bot.game.events import (
    ChargeDeclared,
    EngagementChanged,
    GameEnded,
    PromptShown,
    ReserveRolled,
    UnitEdited,
    UnitMoved,
    UnitReserved,
)
from tests.game.conftest import ALICE, BOB, Table


def _armies(table: Table) -> Table:
    table.start("10th")
    table.unit(ALICE, "Intercessors", models=5, wounds=2)
    table.unit(BOB, "Boyz", models=10)
    return table.unit(BOB, "Nobz", models=3, wounds=2)


def _charge(unit: str, *targets: str, succeeded: bool = True) -> ChargeDeclared:
    return ChargeDeclared(
        unit=unit, targets=targets, distance=7, needed=6, dice=(3, 4), total=7,
        succeeded=succeeded,
    )  # fmt: skip


def _engaged(table: Table, name: str) -> set[str]:
    unit = table.state.unit(name)
    assert unit is not None
    return set(unit.engaged)


def test_a_successful_charge_engages_the_charger_and_its_targets_both_ways(table: Table) -> None:
    _armies(table).append([_charge("Intercessors", "Boyz", "Nobz")])
    assert _engaged(table, "Intercessors") == {"boyz", "nobz"}
    assert _engaged(table, "Boyz") == _engaged(table, "Nobz") == {"intercessors"}
    unit = table.state.unit("Intercessors")
    assert unit is not None and unit.charged and unit.charge_declared and unit.in_combat


def test_a_failed_charge_is_declared_but_engages_nobody(table: Table) -> None:
    _armies(table).append([_charge("Intercessors", "Boyz", succeeded=False)])
    unit = table.state.unit("Intercessors")
    assert unit is not None and unit.charge_declared and not unit.charged
    assert not unit.in_combat


def test_falling_back_leaves_every_combat(table: Table) -> None:
    """Seed 000: a unit that Falls Back "cannot end its move within Engagement Range of any enemy
    models"."""
    _armies(table).append([_charge("Intercessors", "Boyz", "Nobz")])
    table.append([UnitMoved(unit="Boyz", how="fall_back")], actor=BOB)
    assert _engaged(table, "Boyz") == set()
    assert _engaged(table, "Intercessors") == {"nobz"}


def test_a_destroyed_or_removed_unit_is_in_no_combat(table: Table) -> None:
    _armies(table).append([_charge("Intercessors", "Boyz", "Nobz")])
    table.do(damage, "Nobz", [2, 2, 2])
    assert _engaged(table, "Intercessors") == {"boyz"}
    table.do(remove_unit, "Boyz")
    assert _engaged(table, "Intercessors") == set()


def test_a_rename_keeps_both_sides_of_an_engagement(table: Table) -> None:
    _armies(table).append([_charge("Intercessors", "Boyz")])
    boyz = table.state.unit("Boyz")
    assert boyz is not None
    after = boyz.profile.model_copy(update={"name": "Ork Boyz"})
    table.append([UnitEdited(unit="Boyz", before=boyz.profile, after=after)], actor=BOB)
    assert _engaged(table, "Intercessors") == {"ork boyz"}
    assert _engaged(table, "Ork Boyz") == {"intercessors"}


def test_engagement_set_by_hand_and_cleared(table: Table) -> None:
    _armies(table).append([EngagementChanged(unit="Boyz", enemies=("Intercessors",))])
    assert _engaged(table, "Intercessors") == {"boyz"}
    table.append([EngagementChanged(unit="Intercessors", engaged=False)])
    assert _engaged(table, "Boyz") == set()


def test_turn_end_forgets_the_charge_but_not_the_combat(table: Table) -> None:
    _armies(table).goto("charge").append([_charge("Intercessors", "Boyz")])
    table.goto("command", BOB)
    unit = table.state.unit("Intercessors")
    assert unit is not None and not unit.charge_declared and not unit.charged
    assert unit.in_combat


def test_reserves_until_a_reserve_roll_brings_the_unit(table: Table) -> None:
    _armies(table).append([UnitReserved(unit="Nobz")], actor=BOB)
    nobz = table.state.unit("Nobz")
    assert nobz is not None and nobz.in_reserve
    table.append([ReserveRolled(unit="Nobz", die=2, arrived=False)], actor=BOB)
    assert (nobz := table.state.unit("Nobz")) is not None and nobz.in_reserve
    table.append([ReserveRolled(unit="Nobz", die=None, arrived=True)], actor=BOB)
    assert (nobz := table.state.unit("Nobz")) is not None and not nobz.in_reserve


def test_the_prompt_message_is_bookkeeping_that_undo_skips(table: Table) -> None:
    _armies(table)
    before = table.state.undo
    table.append([PromptShown(message_id=42)])
    assert table.state.prompt_message == 42
    assert table.state.undo == before


def test_a_concession_names_who_conceded_and_the_other_player_wins(table: Table) -> None:
    _armies(table)
    [ended] = table.do(end_game, conceded=BOB, actor=BOB)
    assert isinstance(ended, GameEnded)
    assert (ended.winner, ended.conceded, ended.reason) == (ALICE, BOB, "conceded")

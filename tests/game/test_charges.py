"""Declared charges as the rules have them (bot/game/charges.py): who may charge, at whom, the roll
that reaches Engagement Range, one charge per unit per phase, and the one re-roll of a failed one.
Each refusal comes before a die is rolled (the dice here raise if they are rolled)."""

from __future__ import annotations

import pytest

from bot.game import damage, move_unit, spend_cp, undo
from bot.game.charges import declare_charge, engage, reroll_charge
from bot.game.events import (
    ChargeDeclared,
    CommandPointsSpent,
    EngagementChanged,
    UnitReserved,
)
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction
from tests.game.conftest import ALICE, BOB, Table

NO_DICE = ScriptedDice([])  # a roll would raise LookupError


def _armies(table: Table, edition: str = "10th") -> Table:
    table.start(edition)
    table.unit(ALICE, "Intercessors", models=5, wounds=2)
    table.unit(ALICE, "Stormraven", keywords=("Aircraft", "Vehicle"))
    table.unit(BOB, "Boyz", models=10)
    return table.unit(BOB, "Nobz", models=3, wounds=2)


def _charge(table: Table, unit: str, distance: int, faces: list[int], **kw: object) -> list[int]:
    """Declare a charge and append it; the seqs of the events appended."""
    _, events = declare_charge(table.state, unit, distance, ScriptedDice(faces), **kw)  # type: ignore[arg-type]
    return [r.seq for r in table.append(events)]


def _refused(table: Table, unit: str, match: str, **kw: object) -> None:
    with pytest.raises(IllegalAction, match=match):
        declare_charge(table.state, unit, 7, NO_DICE, **kw)  # type: ignore[arg-type]


def test_charge_needs_the_distance_less_one_inch_engagement_range(table: Table) -> None:
    """Seed 000: "the unit's charge roll must be sufficient that it is able to end that move ...
    within Engagement Range of every unit that was a target of its charge": 9" away needs 8+."""
    _armies(table).goto("charge")
    roll, [event] = declare_charge(table.state, "Intercessors", 9, ScriptedDice([4, 4]))
    assert roll.succeeded and isinstance(event, ChargeDeclared)
    assert (event.distance, event.needed, event.dice, event.total) == (9, 8, (4, 4), 8)


def test_seventh_charges_into_base_contact_so_needs_the_whole_distance(table: Table) -> None:
    """Seed 001 (7th): charging models move into base contact; 7th has no 1" Engagement Range."""
    _armies(table, "7th").goto("assault")
    roll, [event] = declare_charge(table.state, "Intercessors", 9, ScriptedDice([4, 4]))
    assert not roll.succeeded and isinstance(event, ChargeDeclared) and event.needed == 9


def test_a_failed_charge_is_recorded_and_engages_nobody(table: Table) -> None:
    _armies(table).goto("charge")
    _charge(table, "Intercessors", 9, [1, 2], targets=["Boyz"])
    unit = table.state.unit("Intercessors")
    assert unit is not None and unit.charge_declared and not unit.charged and not unit.in_combat


def test_a_successful_charge_engages_its_target(table: Table) -> None:
    _armies(table).goto("charge")
    _charge(table, "Intercessors", 7, [3, 3], targets=["boyz"])
    intercessors, boyz = table.state.unit("Intercessors"), table.state.unit("Boyz")
    assert intercessors is not None and boyz is not None
    assert intercessors.engaged == {"boyz"} and boyz.engaged == {"intercessors"}


def test_one_charge_per_unit_per_phase(table: Table) -> None:
    _armies(table).goto("charge")
    _charge(table, "Intercessors", 9, [1, 2])
    _refused(table, "Intercessors", "already declared a charge this turn; its failed roll has")


def test_only_the_active_players_units_charge(table: Table) -> None:
    _armies(table).goto("charge")
    _refused(table, "Boyz", "not the active player's unit")


def test_charges_happen_in_the_charge_phase_only(table: Table) -> None:
    _armies(table).goto("shooting")
    _refused(table, "Intercessors", "charged in Charge phase")


def test_units_that_advanced_cannot_charge(table: Table) -> None:
    """Seed 003: a unit is not eligible to charge if "That unit Advanced or Fell Back this turn"."""
    _armies(table).goto("movement")
    table.do(move_unit, "Intercessors", "advance", roll=3)
    table.goto("charge")
    _refused(table, "Intercessors", "Advanced or Fell Back")


def test_a_unit_already_in_combat_cannot_charge(table: Table) -> None:
    """Seed 000: "units that start the Charge phase within Engagement Range of any enemy units,
    are not eligible units"."""
    _armies(table, "9th").goto("charge")
    table.append([EngagementChanged(unit="Intercessors", enemies=("Nobz",))])
    _refused(table, "Intercessors", "already within Engagement Range")


def test_aircraft_cannot_charge_in_tenth(table: Table) -> None:
    """Seed 003: not eligible to charge if "That unit is an Aircraft unit"."""
    _armies(table).goto("charge")
    _refused(table, "Stormraven", "AIRCRAFT, which cannot charge")


def test_ninth_has_no_aircraft_rule_of_its_own(table: Table) -> None:
    """Seed 000 names no such core rule (in 9th it is the datasheet's own ability)."""
    _armies(table, "9th").goto("charge")
    roll, _ = declare_charge(table.state, "Stormraven", 7, ScriptedDice([6, 6]))
    assert roll.succeeded


@pytest.mark.parametrize(
    ("target", "sentence"),
    [
        ("Stormraven", "on the same side as Intercessors; a charge targets enemy units"),
        ("Grots", 'There is no unit "Grots"'),
    ],
)
def test_a_charge_targets_enemy_units(table: Table, target: str, sentence: str) -> None:
    """Seed 000: "you must select one or more enemy units within 12" of it as the targets"."""
    _armies(table).goto("charge")
    _refused(table, "Intercessors", sentence, targets=[target])


def test_a_destroyed_unit_is_no_target(table: Table) -> None:
    _armies(table).goto("charge")
    table.do(damage, "Nobz", [2, 2, 2])
    _refused(table, "Intercessors", "Nobz is destroyed", targets=["Nobz"])


def test_normal_move_and_advance_refused_in_engagement_range(table: Table) -> None:
    """Seed 000: "If a unit is within Engagement Range of any enemy models when it is selected to
    move, it cannot make a Normal Move or Advance; it can either Remain Stationary or it can Fall
    Back" (seed 003 says the same)."""
    _armies(table, "9th").goto("movement")
    table.append([EngagementChanged(unit="Intercessors", enemies=("Boyz",))])
    for how in ("normal", "advance"):
        with pytest.raises(IllegalAction, match="can only Fall Back or Remain Stationary"):
            move_unit(table.state, "Intercessors", how, NO_DICE)
    table.do(move_unit, "Intercessors", "fall_back")
    unit = table.state.unit("Intercessors")
    assert unit is not None and not unit.in_combat


def test_a_free_reroll_keeps_both_rolls_in_one_action(table: Table) -> None:
    """Seed 004: re-rolling 2D6 "you must re-roll all of those dice again"."""
    _armies(table).goto("charge")
    _, events = declare_charge(
        table.state, "Intercessors", 9, ScriptedDice([1, 2, 5, 4]), reroll=True
    )
    first, again = events
    assert isinstance(first, ChargeDeclared) and isinstance(again, ChargeDeclared)
    assert (first.dice, first.succeeded, first.reroll) == ((1, 2), False, False)
    assert (again.dice, again.succeeded, again.reroll, again.follows) == ((5, 4), True, True, True)
    table.append(events)
    unit = table.state.unit("Intercessors")
    assert unit is not None and unit.charged and unit.charge_rerolled


def test_command_reroll_spends_one_cp_and_rerolls_the_charge(table: Table) -> None:
    _armies(table).goto("charge")
    [seq] = _charge(table, "Intercessors", 9, [1, 2], targets=["Boyz"])
    cp = table.state.cp[ALICE]
    roll, events = reroll_charge(table.state, seq, ScriptedDice([6, 5]))
    spent, again = events
    assert spent == CommandPointsSpent(player=ALICE, amount=1, reason="Command Re-roll")
    assert isinstance(again, ChargeDeclared) and again.follows and again.reroll
    assert roll.succeeded and roll.first_total == 3
    table.append(events)
    assert table.state.cp[ALICE] == cp - 1
    unit = table.state.unit("Intercessors")
    assert unit is not None and unit.engaged == {"boyz"}


def test_undo_takes_back_the_reroll_and_its_cp(table: Table) -> None:
    _armies(table).goto("charge")
    [seq] = _charge(table, "Intercessors", 9, [1, 2], targets=["Boyz"])
    before = table.state
    table.append(reroll_charge(table.state, seq, ScriptedDice([6, 5]))[1])
    table.do(undo)
    assert table.state.cp == before.cp and table.state.units == before.units
    assert table.state.command_rerolls == frozenset()


def test_a_charge_is_never_rerolled_twice(table: Table) -> None:
    """Seed 004: "You can never re-roll a dice more than once"."""
    _armies(table).goto("charge")
    [seq] = _charge(table, "Intercessors", 9, [1, 2])
    table.append(reroll_charge(table.state, seq, ScriptedDice([1, 1]))[1])
    with pytest.raises(IllegalAction, match="already re-rolled"):
        reroll_charge(table.state, seq, NO_DICE)


def test_a_command_reroll_once_per_phase(table: Table) -> None:
    """10th Core, Stratagems: "you cannot use the same Stratagem more than once in the same
    phase" (the 9th Core Book says the same)."""
    _armies(table).goto("charge")
    table.unit(ALICE, "Assault Squad")
    [first] = _charge(table, "Intercessors", 9, [1, 2])
    table.append(reroll_charge(table.state, first, ScriptedDice([1, 1]))[1])
    [second] = _charge(table, "Assault Squad", 9, [1, 2])
    with pytest.raises(IllegalAction, match="already used a Command Re-roll this phase"):
        reroll_charge(table.state, second, NO_DICE)


def test_a_command_reroll_needs_a_cp(table: Table) -> None:
    _armies(table).goto("charge")
    table.do(spend_cp, ALICE, table.state.cp[ALICE])
    [seq] = _charge(table, "Intercessors", 9, [1, 2])
    with pytest.raises(IllegalAction, match="no CP left"):
        reroll_charge(table.state, seq, NO_DICE)


def test_a_charge_from_an_earlier_phase_is_not_rerolled(table: Table) -> None:
    _armies(table).goto("charge")
    [seq] = _charge(table, "Intercessors", 9, [1, 2])
    table.next()
    with pytest.raises(IllegalAction, match="earlier phase"):
        reroll_charge(table.state, seq, NO_DICE)


def test_seventh_rerolls_with_an_ability_and_spends_nothing(table: Table) -> None:
    _armies(table, "7th").goto("assault")
    [seq] = _charge(table, "Intercessors", 9, [1, 2])
    roll, [again] = reroll_charge(table.state, seq, ScriptedDice([5, 4]))
    assert roll.succeeded and isinstance(again, ChargeDeclared) and not again.follows


def test_players_record_an_engagement_and_end_it(table: Table) -> None:
    _armies(table).goto("fight")
    [event] = table.do(engage, "Intercessors", "nobz")
    assert event == EngagementChanged(unit="Intercessors", enemies=("Nobz",), engaged=True)
    nobz = table.state.unit("Nobz")
    assert nobz is not None and nobz.engaged == {"intercessors"}
    table.do(engage, "Nobz", "Intercessors", False, actor=BOB)
    intercessors = table.state.unit("Intercessors")
    assert intercessors is not None and not intercessors.in_combat


@pytest.mark.parametrize(
    ("unit", "enemy", "on", "sentence"),
    [
        ("Intercessors", "Stormraven", True, "on the same side; pick an enemy"),
        ("Intercessors", "Grots", True, 'There is no unit "Grots"'),
        ("Intercessors", "Boyz", False, "Intercessors is not in combat with Boyz"),
        ("Intercessors", "Nobz", True, "Nobz is destroyed"),
    ],
)
def test_engagement_refusals(table: Table, unit: str, enemy: str, on: bool, sentence: str) -> None:
    _armies(table).goto("fight")
    table.do(damage, "Nobz", [2, 2, 2])
    with pytest.raises(IllegalAction, match=sentence):
        engage(table.state, unit, enemy, on)


def test_an_engagement_recorded_twice_is_refused(table: Table) -> None:
    _armies(table).goto("fight")
    table.do(engage, "Intercessors", "Boyz")
    with pytest.raises(IllegalAction, match="Boyz is already in combat with Intercessors"):
        engage(table.state, "Boyz", "Intercessors")


def test_a_unit_in_reserves_neither_charges_nor_is_charged(table: Table) -> None:
    """Seed 004: units placed "into Reserves" are not on the battlefield until they arrive."""
    _armies(table, "eternum")
    table.append([UnitReserved(unit="Nobz")], actor=BOB)
    table.goto("charge")
    _refused(table, "Intercessors", "Nobz is in Reserves", targets=["Nobz"])
    table.goto("charge", BOB)
    _refused(table, "Nobz", "Nobz is in Reserves")


def test_a_charge_rerolled_is_not_declared_again(table: Table) -> None:
    _armies(table).goto("charge")
    _charge(table, "Intercessors", 9, [1, 2, 1, 1], reroll=True)
    _refused(table, "Intercessors", "already charged and re-rolled")

"""Eternum Reserves on tracked units (seed 004, "RESERVES"), each test quoting its sentence."""

from __future__ import annotations

import pytest

from bot.game import Unit, choose_first_player, end_game, next_phase, round_summary, undo
from bot.game.events import DamageApplied, GameEnded, ReserveRolled
from bot.game.reserves import NEVER_ARRIVED, reserve_unit, roll_reserve, waiting
from bot.rules.deployment import reserve_rolls
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction
from tests.game.conftest import ALICE, BOB, Table


def deploying(table: Table, rounds: int = 5) -> Table:
    """An Eternum game being deployed: Alice's Terminators and Bob's Boyz, before the first turn."""
    table.start("eternum", first=None, rounds=rounds)
    table.unit(ALICE, "Terminators", models=5, wounds=3)
    table.unit(ALICE, "Scouts", models=5)
    table.unit(BOB, "Boyz", models=10)
    return table


def to_turn(table: Table, turn: int, phase: str = "movement", player: int = ALICE) -> Table:
    """Advance to `phase` of `player`'s turn in battle round `turn` (their turn number)."""
    for _ in range(200):
        state = table.state
        if (state.round, state.active, state.phase and state.phase.key) == (turn, player, phase):
            return table
        table.next()
    raise AssertionError(f"never reached turn {turn} {phase}")


def unit(table: Table, name: str) -> Unit:
    found = table.state.unit(name)
    assert found is not None
    return found


def in_reserve(table: Table, *names: str) -> Table:
    for name in names:
        table.do(reserve_unit, name)
    table.do(choose_first_player, ALICE)
    return table


def roll(table: Table, name: str, die: int, modifier: int = 0) -> list[ReserveRolled]:
    rolls = reserve_rolls(ScriptedDice([die]), table.state.round, 1, modifier)
    events = table.do(roll_reserve, name, rolls)
    return [e for e in events if isinstance(e, ReserveRolled)]


def test_a_unit_can_be_placed_into_reserves_while_deploying(table: Table) -> None:
    # seed 004: "When placing a unit or detachment onto the table, you can instead elect to place
    # them into Reserves instead of onto the table."
    deploying(table).do(reserve_unit, "terminators")
    assert unit(table, "Terminators").in_reserve
    with pytest.raises(IllegalAction, match="already in Reserve"):
        reserve_unit(table.state, "Terminators")
    table.do(undo)
    assert not unit(table, "Terminators").in_reserve


def test_units_go_into_reserves_only_while_deploying(table: Table) -> None:
    in_reserve(deploying(table), "Terminators")
    with pytest.raises(IllegalAction, match="while deploying, before the first turn"):
        reserve_unit(table.state, "Scouts")


def test_only_eternum_has_reserves(table: Table) -> None:
    table.start("9th", first=None).unit(ALICE, "Terminators")
    with pytest.raises(IllegalAction, match="9th edition has no Reserves"):
        reserve_unit(table.state, "Terminators")


def test_reserve_rolls_begin_at_the_end_of_the_movement_phase_of_your_second_turn(
    table: Table,
) -> None:
    # seed 004: "At the start of your second turn, at the end of your Movement Phase, you can roll
    # a D6 for each unit in your army that is being held in Reserve"
    in_reserve(deploying(table), "Terminators")
    to_turn(table, 1)
    assert waiting(table.state) == ()
    with pytest.raises(IllegalAction, match="from your second turn"):
        roll(table, "Terminators", 6)
    to_turn(table, 2, "command")
    with pytest.raises(IllegalAction, match="end of its owner's Movement phase"):
        roll(table, "Terminators", 6)
    to_turn(table, 2)
    assert [u.name for u in waiting(table.state)] == ["Terminators"]
    assert roll(table, "Terminators", 3)[0].arrived


def test_a_roll_of_3_or_more_arrives_and_less_remains_to_be_rolled_again(table: Table) -> None:
    # seed 004: "If the roll is a 3 or more, that unit arrives this turn. If the roll is less than
    # 3 it remains in Reserve and is rolled for again next turn."
    in_reserve(deploying(table), "Terminators", "Scouts")
    to_turn(table, 2)
    [stays] = roll(table, "Terminators", 2)
    [comes] = roll(table, "Scouts", 3)
    assert (stays.die, stays.needed, stays.arrived) == (2, 3, False)
    assert (comes.die, comes.arrived) == (3, True)
    assert unit(table, "Terminators").in_reserve
    assert not unit(table, "Scouts").in_reserve
    to_turn(table, 3)  # "At the start of your third turn, roll for any units remaining"
    assert [u.name for u in waiting(table.state)] == ["Terminators"]
    assert roll(table, "Terminators", 4)[0].arrived


def test_a_natural_1_always_remains_in_reserve(table: Table) -> None:
    # seed 004: "Regardless of the modifier(s), a natural roll of a 1 always means that the unit
    # in question remains in Reserve."
    in_reserve(deploying(table), "Terminators")
    to_turn(table, 2)
    [rolled] = roll(table, "Terminators", 1, modifier=2)
    assert (rolled.die, rolled.needed, rolled.arrived) == (1, 2, False)


def test_each_unit_makes_one_reserve_roll_a_turn(table: Table) -> None:
    # seed 004: "it remains in Reserve and is rolled for again next turn" (not again this turn)
    in_reserve(deploying(table), "Terminators")
    to_turn(table, 2)
    roll(table, "Terminators", 2)
    assert waiting(table.state) == ()
    with pytest.raises(IllegalAction, match="already made its Reserve Roll this turn"):
        roll(table, "Terminators", 6)


def test_a_unit_rolls_in_its_owners_movement_phase_not_the_opponents(table: Table) -> None:
    # seed 004: "you can roll a D6 for each unit in your army" (in your turn)
    deploying(table).do(reserve_unit, "Boyz")
    table.do(choose_first_player, ALICE)
    to_turn(table, 2)
    with pytest.raises(IllegalAction, match="owner's Movement phase"):
        roll(table, "Boyz", 6)
    to_turn(table, 2, player=BOB)
    assert roll(table, "Boyz", 6)[0].arrived


def test_a_unit_on_the_table_makes_no_reserve_roll(table: Table) -> None:
    in_reserve(deploying(table), "Terminators")
    to_turn(table, 2)
    with pytest.raises(IllegalAction, match="Scouts is not in Reserve"):
        roll(table, "Scouts", 6)


def test_units_still_in_reserve_arrive_automatically_at_the_start_of_the_fourth_turn(
    table: Table,
) -> None:
    # seed 004: "If the roll is less than 3, it remains in Reserve and automatically arrives at
    # the start of your fourth turn."
    in_reserve(deploying(table), "Terminators")
    to_turn(table, 3, "fight", player=BOB)
    assert unit(table, "Terminators").in_reserve
    to_turn(table, 4, "command")
    arrived = [e for r in table.log[-4:] if isinstance(e := r.event, ReserveRolled)]
    assert [(e.unit, e.die, e.arrived, e.follows) for e in arrived] == [
        ("Terminators", None, True, True)
    ]
    assert not unit(table, "Terminators").in_reserve
    table.do(undo)  # undoing the phase change puts it back in Reserve
    assert unit(table, "Terminators").in_reserve


def test_units_that_never_arrive_are_destroyed_at_the_end_of_the_battle(table: Table) -> None:
    # seed 004: "any models that cannot be set up are considered to have been destroyed"
    in_reserve(deploying(table, rounds=3), "Terminators")
    to_turn(table, 3, "morale", player=BOB)
    events = table.do(next_phase)
    lost = [e for e in events if isinstance(e, DamageApplied)]
    assert [(e.unit, e.models_after, e.source) for e in lost] == [("Terminators", 0, NEVER_ARRIVED)]
    assert isinstance(events[-1], GameEnded)
    assert unit(table, "Terminators").destroyed
    summary = round_summary(table.log, 3)
    assert summary.casualties == {"Terminators": 5} and "Terminators" in summary.destroyed


@pytest.mark.parametrize("how", [{}, {"conceded": BOB}])
def test_ending_the_game_early_destroys_the_units_still_in_reserve(
    table: Table, how: dict[str, int]
) -> None:
    in_reserve(deploying(table), "Terminators")
    events = table.do(end_game, **how)
    assert [type(e).__name__ for e in events] == ["DamageApplied", "GameEnded"]
    assert events[-1].follows
    assert unit(table, "Terminators").destroyed


def test_a_game_ended_before_its_first_turn_destroys_nothing(table: Table) -> None:
    deploying(table).do(reserve_unit, "Terminators")
    events = table.do(end_game)
    assert [type(e).__name__ for e in events] == ["GameEnded"]

"""Command points: gained on entering the Command phase as each edition says; never below 0."""

from __future__ import annotations

import pytest

from bot.game import from_json, gain_cp, next_phase, spend_cp, start_game
from bot.game.events import CommandPointsGained, GameStarted
from bot.rules.errors import IllegalAction
from tests.game.conftest import ALICE, BOB, Table


def test_9th_active_player_gains_1_cp_in_command_phase_when_battle_forged(table: Table) -> None:
    # seed 000, Command Phase: the Battle-forged CP bonus goes to the player whose turn it is
    table.start("9th")
    assert table.state.cp == {ALICE: 1, BOB: 0}
    table.goto("command", BOB)
    assert table.state.cp == {ALICE: 1, BOB: 1}


def test_9th_without_battle_forged_gains_no_cp(table: Table) -> None:
    table.start("9th", options={"battle_forged": False})
    table.goto("command", BOB)
    assert table.state.cp == {ALICE: 0, BOB: 0}


def test_10th_both_players_gain_1_cp_each_command_phase(table: Table) -> None:
    # seed 003, Command: "Both players gain 1CP"
    table.start("10th")
    assert table.state.cp == {ALICE: 1, BOB: 1}
    table.goto("command", BOB)
    assert table.state.cp == {ALICE: 2, BOB: 2}


def test_eternum_gains_cp_as_9th(table: Table) -> None:
    table.start("eternum")
    assert table.state.cp == {ALICE: 1, BOB: 0}


def test_7th_has_no_command_points(table: Table) -> None:
    table.start("7th")
    assert table.state.cp == {ALICE: 0, BOB: 0}
    with pytest.raises(IllegalAction, match="no Command points"):
        spend_cp(table.state, ALICE, 1)


def test_cp_gain_comes_with_the_phase_it_belongs_to(table: Table) -> None:
    table.start("10th").goto("fight")
    events = table.do(next_phase)
    gains = [e for e in events if isinstance(e, CommandPointsGained)]
    assert [(e.player, e.amount, e.follows) for e in gains] == [(BOB, 1, True), (ALICE, 1, True)]


def test_starting_cp_is_given_to_both_players(table: Table) -> None:
    table.start("9th", starting_cp=6)
    assert table.state.cp == {ALICE: 7, BOB: 6}


def test_spending_cp_takes_it_away(table: Table) -> None:
    table.start("9th", starting_cp=3)
    table.do(spend_cp, ALICE, 2, "Command Re-roll")
    assert table.state.cp[ALICE] == 2


def test_cp_never_below_zero(table: Table) -> None:
    table.start("9th")
    with pytest.raises(IllegalAction, match="You have 1 CP, so you can spend at most 1"):
        spend_cp(table.state, ALICE, 2)
    with pytest.raises(IllegalAction, match="You have 0 CP"):
        spend_cp(table.state, BOB, 1)


def test_cp_amounts_must_be_positive(table: Table) -> None:
    table.start("9th")
    with pytest.raises(IllegalAction):
        spend_cp(table.state, ALICE, 0)
    with pytest.raises(IllegalAction):
        gain_cp(table.state, ALICE, -1)


def test_only_the_games_players_hold_cp(table: Table) -> None:
    table.start("9th")
    with pytest.raises(IllegalAction, match="two players"):
        gain_cp(table.state, 999, 1)


@pytest.mark.parametrize(
    ("size", "cp"),
    [("Combat Patrol", 3), ("Incursion", 6), ("Strike Force", 12), ("Onslaught", 18)],
)
def test_9th_battle_size_gives_both_players_its_starting_cp(
    table: Table, size: str, cp: int
) -> None:
    """The 9th edition Core Book's battle sizes: "Combat Patrol … 3 CP, Incursion … 6 CP, Strike
    Force … 12 CP, Onslaught … 18 CP" to each player at the start (seed 000 names no battle
    sizes, only that "If your army is Battle-forged, then at the start of your Command phase …
    you gain 1 Command point (CP)")."""
    table.start("9th", battle_size=size)
    assert table.state.cp == {ALICE: cp + 1, BOB: cp}  # Alice's first Command phase: +1
    started = table.log[0].event
    assert isinstance(started, GameStarted)
    assert (started.battle_size, started.starting_cp) == (size, cp)


def test_a_battle_size_is_one_of_the_editions_and_only_where_it_gives_cp() -> None:
    with pytest.raises(IllegalAction, match="Pick a battle size from: Combat Patrol, Incursion"):
        start_game("9th", (ALICE, BOB), battle_size="Apocalypse")
    for edition in ("10th", "7th", "eternum"):
        with pytest.raises(IllegalAction, match="has no battle sizes with starting CP"):
            start_game(edition, (ALICE, BOB), battle_size="Strike Force")


def test_a_game_started_before_battle_sizes_still_loads() -> None:
    old = '{"kind": "game_started", "edition": "9th", "players": [1, 2], "rounds": 5}'
    started = from_json("game_started", old)
    assert isinstance(started, GameStarted)
    assert (started.starting_cp, started.battle_size) == (0, "")

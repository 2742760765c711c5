"""`/game next`: phases in order, then the other player's turn, the next round, the end."""

from __future__ import annotations

import pytest

from bot.game import choose_first_player, end_game, next_phase, score_vp, start_game
from bot.game.events import GameEnded, PhaseAdvanced, RoundEnded, TurnEnded
from bot.rules.errors import IllegalAction
from tests.game.conftest import ALICE, BOB, Table


def test_game_starts_in_set_up_until_the_first_player_is_chosen(table: Table) -> None:
    table.start(first=None)
    assert (table.state.status, table.state.round, table.state.phase) == ("setup", 0, None)
    with pytest.raises(IllegalAction, match="first turn"):
        next_phase(table.state)
    table.do(choose_first_player, BOB)
    assert (table.state.round, table.state.active, table.state.phase_index) == (1, BOB, 0)


def test_first_player_can_be_chosen_only_once(table: Table) -> None:
    table.start()
    with pytest.raises(IllegalAction, match="already chosen"):
        choose_first_player(table.state, BOB)


def test_next_advances_one_phase(table: Table) -> None:
    table.start()
    events = table.do(next_phase)
    assert events == [PhaseAdvanced(round=1, player=ALICE, phase="movement", name="Movement phase")]


@pytest.mark.parametrize("key", ["9th", "10th", "7th", "eternum"])
def test_next_walks_the_editions_phases_in_order(table: Table, key: str) -> None:
    table.start(key)
    assert table.state.edition is not None
    seen = [table.state.phase.key if table.state.phase else ""]
    for _ in range(len(table.state.edition.phases) - 1):
        table.next()
        seen.append(table.state.phase.key if table.state.phase else "")
    assert tuple(seen) == table.state.edition.phase_keys


def test_next_after_last_phase_starts_the_other_players_turn(table: Table) -> None:
    table.start().goto("morale")
    events = table.do(next_phase)
    assert isinstance(events[0], TurnEnded)
    assert events[1] == PhaseAdvanced(
        round=1, player=BOB, phase="command", name="Command phase", follows=True
    )
    assert (table.state.round, table.state.active, table.state.phase_index) == (1, BOB, 0)


def test_after_both_turns_the_battle_round_ends(table: Table) -> None:
    table.start().goto("morale").next().goto("morale")
    events = table.do(next_phase)
    assert [type(e) for e in events[:3]] == [TurnEnded, RoundEnded, PhaseAdvanced]
    assert (table.state.round, table.state.active) == (2, ALICE)


def test_the_first_player_goes_first_every_round(table: Table) -> None:
    table.start(first=BOB)
    for _ in range(3 * 2 * 7):
        table.next()
    assert (table.state.round, table.state.active) == (4, BOB)


def test_next_after_the_last_round_ends_the_game_with_the_winner_on_vp(table: Table) -> None:
    table.start(rounds=1)
    table.do(score_vp, BOB, 5)
    table.goto("morale").next().goto("morale")
    events = table.do(next_phase)
    assert isinstance(events[-1], GameEnded)
    assert events[-1].winner == BOB
    assert events[-1].vp == {ALICE: 0, BOB: 5}
    assert (table.state.status, table.state.winner) == ("ended", BOB)


def test_a_game_lasts_five_rounds_by_default(table: Table) -> None:
    table.start("10th")
    for _ in range(5 * 2 * 5 - 1):
        table.next()
    assert table.state.round == 5
    assert isinstance(table.do(next_phase)[-1], GameEnded)


def test_equal_vp_at_the_end_is_a_draw(table: Table) -> None:
    table.start()
    events = table.do(end_game, "conceded")
    assert events == [GameEnded(winner=None, reason="conceded", vp={ALICE: 0, BOB: 0})]


def test_nothing_happens_after_the_game_ends(table: Table) -> None:
    table.start()
    table.do(end_game)
    with pytest.raises(IllegalAction, match="has ended"):
        next_phase(table.state)


def test_a_game_needs_two_different_players() -> None:
    with pytest.raises(IllegalAction, match="two different players"):
        start_game("9th", (ALICE, ALICE))


def test_unknown_options_and_silly_round_counts_are_refused() -> None:
    with pytest.raises(IllegalAction, match="no option"):
        start_game("10th", (ALICE, BOB), options={"battle_forged": True})
    with pytest.raises(IllegalAction, match="1 to 10"):
        start_game("9th", (ALICE, BOB), rounds=0)

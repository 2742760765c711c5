"""Eternum set-up (seed 004): Attacker and Defender, then the first-turn roll-off with +1."""

from __future__ import annotations

import pytest

from bot.game import choose_first_player, undo
from bot.game.flow import choose_roles, finish_deployment
from bot.rules.deployment import first_turn_rolloff
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction
from tests.game.conftest import ALICE, BOB, Table


@pytest.fixture
def eternum(table: Table) -> Table:
    return table.start("eternum", first=None)


def test_the_rolloff_winner_picks_the_attacker_and_the_defender(eternum: Table) -> None:
    eternum.do(choose_roles, BOB)
    assert eternum.state.attacker == BOB
    with pytest.raises(IllegalAction, match="already chosen"):
        choose_roles(eternum.state, ALICE)


def test_deployment_comes_after_the_roles(eternum: Table) -> None:
    rolloff = first_turn_rolloff(ScriptedDice([3, 3]), 0)
    with pytest.raises(IllegalAction, match="Choose the Attacker and the Defender"):
        finish_deployment(eternum.state, ALICE, rolloff)


def test_the_player_who_finishes_deploying_first_gets_plus_1_to_the_first_turn_rolloff(
    eternum: Table,
) -> None:
    eternum.do(choose_roles, ALICE)
    rolloff = first_turn_rolloff(ScriptedDice([3, 3]), 1)  # Bob's 3 + 1 beats Alice's 3
    eternum.do(finish_deployment, BOB, rolloff)
    assert eternum.state.deployed_first == BOB
    assert eternum.state.chooser == BOB
    eternum.do(choose_first_player, ALICE)
    assert eternum.state.active == ALICE


def test_the_bonus_must_go_to_the_player_who_finished_first(eternum: Table) -> None:
    eternum.do(choose_roles, ALICE)
    with pytest.raises(IllegalAction, match="player who finished deploying first"):
        finish_deployment(eternum.state, BOB, first_turn_rolloff(ScriptedDice([3, 3]), 0))


def test_the_first_turn_rolloff_is_made_once_and_can_be_undone(eternum: Table) -> None:
    eternum.do(choose_roles, ALICE)
    eternum.do(finish_deployment, ALICE, first_turn_rolloff(ScriptedDice([2, 5]), 0))
    with pytest.raises(IllegalAction, match="already made"):
        finish_deployment(eternum.state, ALICE, first_turn_rolloff(ScriptedDice([2, 5]), 0))
    eternum.do(undo)
    assert eternum.state.deployed_first is None
    assert eternum.state.attacker == ALICE

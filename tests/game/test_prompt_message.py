"""The live prompt's message (`PromptShown`) is the channel's bookkeeping: undoing the change it
was shown after still leaves it the live prompt, whatever undo takes back."""

from __future__ import annotations

from bot.game import undo
from bot.game.events import PromptShown
from tests.game.conftest import Table


def test_undoing_a_new_turn_keeps_the_message_shown_after_it(table: Table) -> None:
    table.start()
    table.append([PromptShown(message_id=1)])
    table.goto("command", player=table.state.other(table.state.active or 0))  # the next turn
    table.append([PromptShown(message_id=2)])
    table.do(undo)
    assert table.state.prompt_message == 2  # the turn is taken back, the message is not
    assert table.state.round == 1 and table.state.phase is not None
    assert table.state.phase.key == "morale"  # 9th: the last phase of the first turn


def test_undoing_a_phase_keeps_a_message_posted_again(table: Table) -> None:
    table.start()
    table.append([PromptShown(message_id=7)])
    table.next()
    table.append([PromptShown(message_id=8)])  # e.g. posted again after a deletion
    table.do(undo)
    assert table.state.prompt_message == 8

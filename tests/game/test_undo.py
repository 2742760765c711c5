"""Undo appends a compensating event; the log is never rewritten and the state is exact."""

from __future__ import annotations

import pytest

from bot.game import (
    damage,
    fold,
    gain_cp,
    move_unit,
    next_phase,
    score_vp,
    spend_cp,
    undo,
    undo_target,
)
from bot.game.events import DiceRolled, EventUndone
from bot.game.state import UNDO_LIMIT
from bot.rules.errors import IllegalAction
from tests.game.conftest import ALICE, BOB, Table


def test_undo_appends_compensating_event_and_restores_state(table: Table) -> None:
    table.start(starting_cp=3)
    table.unit(BOB, "Boyz", models=10)
    table.goto("shooting")
    before, log_before = table.state, list(table.log)
    table.do(damage, "Boyz", [1, 1, 1], actor=ALICE)
    (event,) = table.do(undo, actor=ALICE)
    assert isinstance(event, EventUndone)
    assert (event.seqs, event.kinds) == ((len(log_before) + 1,), ("damage_applied",))
    assert "Boyz took 3 damage" in event.what
    assert table.log[: len(log_before)] == log_before  # nothing rewritten
    assert len(table.log) == len(log_before) + 2
    assert table.state.units == before.units
    assert table.state.seq == len(table.log)


def test_undo_reverts_a_whole_action_with_what_followed_from_it(table: Table) -> None:
    table.start("10th").goto("fight")
    before = table.state
    table.do(next_phase)  # turn ends, Bob's Command phase, both gain 1 CP
    target = undo_target(table.state)
    assert target is not None
    assert target.kinds == ("turn_ended", "phase_advanced", "cp_gained", "cp_gained")
    table.do(undo)
    assert (table.state.active, table.state.phase_index, table.state.cp) == (
        before.active, before.phase_index, before.cp,
    )  # fmt: skip


def test_undo_exposes_the_actor_of_the_action_it_reverts(table: Table) -> None:
    table.start()
    table.do(score_vp, BOB, 3, actor=BOB)
    target = undo_target(table.state)
    assert target is not None
    assert (target.actor, target.kinds) == (BOB, ("vp_scored",))


def test_repeated_undo_walks_back_one_action_at_a_time(table: Table) -> None:
    table.start(starting_cp=5)
    table.do(spend_cp, ALICE, 1)
    table.do(spend_cp, ALICE, 2)
    table.do(undo)
    assert table.state.cp[ALICE] == 5
    table.do(undo)
    assert table.state.cp[ALICE] == 6


def test_undo_skips_rolls_which_change_nothing(table: Table) -> None:
    table.start(starting_cp=2)
    table.do(spend_cp, ALICE, 2)
    table.append([DiceRolled(label="Psychic test", expression="2D6", dice=(6, 6), total=12)])
    table.do(undo)
    assert table.state.cp[ALICE] == 3
    assert any(isinstance(r.event, DiceRolled) for r in table.log)


def test_undone_flags_are_gone_and_can_be_set_again(table: Table) -> None:
    table.start()
    table.unit(ALICE, "Scouts", models=5)
    table.goto("movement")
    table.do(move_unit, "Scouts", "advance", roll=6)
    table.do(undo)
    scouts = table.state.unit("Scouts")
    assert scouts is not None
    assert (scouts.move, scouts.advance_roll) == (None, None)
    table.do(move_unit, "Scouts", "normal")


def test_there_is_nothing_to_undo_before_anything_happened(table: Table) -> None:
    table.start(first=None)
    with pytest.raises(IllegalAction, match="nothing to undo"):
        undo(table.state)


def test_fold_of_the_log_equals_the_state_reached_step_by_step(table: Table) -> None:
    table.start(starting_cp=2)
    table.unit(BOB, "Boyz", models=10)
    table.goto("shooting")
    table.do(damage, "Boyz", [1])
    table.do(undo)
    table.do(damage, "Boyz", [1, 1])
    again = fold(table.log)
    assert (again.units, again.cp, again.seq) == (table.state.units, table.state.cp, len(table.log))


def test_undo_reaches_back_a_bounded_number_of_actions_then_says_so(table: Table) -> None:
    """Only the last UNDO_LIMIT actions keep their state before: memory does not grow with the
    game. Undoing all of them works exactly; the next undo is one sentence, not a wrong state."""
    table.start(starting_cp=0)
    steps = UNDO_LIMIT + 5
    states = []
    for _ in range(steps):
        states.append(table.state)
        table.do(gain_cp, ALICE, 1)
    assert len(table.state.history) == UNDO_LIMIT
    assert all(not p.before.history for p in table.state.history)  # no chain of past states
    for back in range(1, UNDO_LIMIT + 1):
        table.do(undo)
        assert table.state.cp == states[-back].cp
    assert table.state.cp[ALICE] == states[0].cp[ALICE] + steps - UNDO_LIMIT
    with pytest.raises(IllegalAction, match=f"only the last {UNDO_LIMIT} changes"):
        undo(table.state)
    assert fold(table.log) == table.state

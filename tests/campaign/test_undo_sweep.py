"""Undo at every point of a finished post-battle sequence, by every kind of caller.

The landed bot spun forever in `undo_choice` once the latest action was one of Vox's automatic
steps (an undo applied to a scratch state never removed the action it undid). Here every prefix of
a whole sequence is undone by each player, a non-member and a moderator, named and not: each call
ends (the timeout fails a loop), refuses with one sentence or takes back exactly one person's
action with the automatic steps after it, and never the recorded battle.
"""

from __future__ import annotations

import pytest

from bot.campaign import (
    CampaignState,
    advance,
    edit_card,
    fold,
    pending,
)
from bot.campaign.battles import undo_choice
from bot.campaign.events import EventUndone, Recorded
from bot.errors import NotAllowed
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction
from tests.campaign.log import ALICE, BOB, CAROL, Log, card, play_out

CALLERS = [(ALICE, False), (BOB, False), (CAROL, False), (CAROL, True), (ALICE, True)]


def finished_sequence() -> Log:
    """Both players' rosters fight; every kind of step happens (Out of Action choices, marks,
    experience with a rank-up, a Battle Honour, requisition, the end)."""
    log = Log()
    log.add(card("Intercessors"), card("Captain", character=True), card("Boyz", BOB))
    log.append(edit_card(log.state, "Captain", card("Captain", character=True, xp=2), actor=ALICE))
    fielded = {p: [c.name for c in log.state.roster(p)] for p in (ALICE, BOB)}
    log.battle(fielded=fielded, destroyed=["Intercessors", "Boyz"], kills={"Boyz": 3})
    log.append(advance(log.state, ScriptedDice((1, 1))))
    play_out(log)
    assert log.state.aftermath is None
    return log


def _undo(
    records: list[Recorded], state: CampaignState, events: list[EventUndone]
) -> CampaignState:
    start = state.seq
    added = [Recorded(start + i, None, "", e) for i, e in enumerate(events, 1)]
    return fold([*records, *added])


@pytest.mark.timeout(30)
@pytest.mark.parametrize(("caller", "moderator"), CALLERS)
def test_undo_ends_at_every_point_of_a_finished_post_battle_sequence(
    caller: int, moderator: bool
) -> None:
    log = finished_sequence()
    battle_at = next(r.seq for r in log.records if r.event.kind == "battle_recorded")
    for end in range(2, len(log.records) + 1):
        records = log.records[:end]
        state = fold(records)
        latest = next((a for a in reversed(state.actions) if a.actor is not None), None)
        for naming in (None, latest.seqs[0] if latest else None, 1):
            try:
                action, events = undo_choice(state, caller, moderator=moderator, naming=naming)
            except (IllegalAction, NotAllowed) as refused:
                assert "\n" not in str(refused)
                continue
            assert action.actor is not None
            assert action.actor == caller or (moderator and naming == action.seqs[0])
            assert all(seq > battle_at for e in events for seq in e.seqs) or end <= battle_at
            after = _undo(records, state, events)
            undone = {s for e in events for s in e.seqs}
            assert undone.isdisjoint(s for a in after.actions for s in a.seqs)
            assert len(after.battles) == len(state.battles)  # the battle stays recorded


def test_a_player_takes_back_their_own_choice_with_the_automatic_steps_after_it() -> None:
    log = finished_sequence()
    state = log.state
    action, events = undo_choice(state, ALICE)  # the Battle Honour, then requisition and the end
    assert action.kinds == ("honour_gained",)
    assert [e.kinds for e in events] == [
        ("aftermath_finished",),
        ("requisition_granted",),
        ("honour_gained",),
    ]
    after = _undo(log.records, state, events)
    step = pending(after)
    assert step is not None
    assert (step.kind, step.card) == ("battle_honour", "Captain")


def test_the_opponents_latest_choice_is_refused_without_a_moderator_naming_it() -> None:
    log = finished_sequence()
    with pytest.raises(NotAllowed, match="Only they can take it back"):
        undo_choice(log.state, BOB)
    with pytest.raises(NotAllowed, match="name it: add change:"):
        undo_choice(log.state, BOB, moderator=True)  # an admin meaning to undo his own
    latest = next(a for a in reversed(log.state.actions) if a.actor is not None)
    action, _ = undo_choice(log.state, BOB, moderator=True, naming=latest.seqs[0])
    assert action.actor == ALICE


def test_a_change_that_is_not_the_latest_cannot_be_named() -> None:
    log = finished_sequence()
    with pytest.raises(IllegalAction, match="#3 is not the latest"):
        undo_choice(log.state, ALICE, moderator=True, naming=3)


def test_automatic_steps_are_bounded_even_when_one_does_not_move_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bot.campaign import aftermath

    log = Log()
    log.add(card("Intercessors"), card("Boyz", BOB))
    log.battle(fielded={ALICE: ["Intercessors"], BOB: ["Boyz"]})
    monkeypatch.setitem(aftermath._RUN, "out_of_action_rolls", lambda s, d: [])
    monkeypatch.setattr(aftermath, "pending", lambda s: aftermath.Step("out_of_action_rolls", 1))
    with pytest.raises(RuntimeError, match="did not move the sequence on"):
        advance(log.state, ScriptedDice(()))

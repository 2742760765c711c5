"""The post-battle sequence: Out of Action, Marked for Greatness, XP, honours, requisition."""

from __future__ import annotations

import pytest

from bot.campaign import (
    advance,
    choose_out_of_action,
    edit_card,
    mark,
    name_honour,
    pending,
    record_battle,
    remove_card,
    spend_rp,
    undo,
)
from bot.errors import NotAllowed
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction
from tests.campaign.log import ALICE, BOB, Log, card, play_out


def fought(log: Log, *, faces: tuple[int, ...] = (), **kw: object) -> None:
    """Record a battle of Alice's and Bob's whole rosters and run the automatic steps."""
    fielded = {p: [c.name for c in log.state.roster(p)] for p in (ALICE, BOB)}
    log.battle(fielded=fielded, **kw)
    log.append(advance(log.state, ScriptedDice(faces)))


def through(log: Log, marks: dict[int, str | None] | None = None) -> None:
    """Mark (None by default) and finish the sequence."""
    for player, name in (marks or {ALICE: None, BOB: None}).items():
        log.do(mark, player, name, actor=player)
    log.append(advance(log.state, ScriptedDice(())))


@pytest.fixture
def log() -> Log:
    log = Log()
    log.add(card("Intercessors"), card("Captain", character=True), card("Boyz", BOB))
    return log


def test_out_of_action_fails_only_on_a_1(log: Log) -> None:
    # Crusade "Out of Action tests": roll a D6 for each unit destroyed; on a 1 it fails.
    fought(log, faces=(1, 2), destroyed=["Intercessors", "Boyz"])
    step = pending(log.state)
    assert step is not None
    assert (step.kind, step.card, step.player) == ("out_of_action", "Intercessors", ALICE)
    assert step.choices == ("devastating_blow", "battle_scar")
    assert dict(log.state.aftermath.rolls) == {"intercessors": 1, "boyz": 2}  # type: ignore[union-attr]


@pytest.mark.parametrize("face", [2, 3, 4, 5, 6])
def test_out_of_action_passes_on_2_to_6(log: Log, face: int) -> None:
    fought(log, faces=(face,), destroyed=["Boyz"])
    step = pending(log.state)
    assert step is not None
    assert step.kind == "marked_for_greatness"


def test_devastating_blow_removes_the_latest_battle_honour(log: Log) -> None:
    # Crusade "Devastating Blow": the unit loses one Battle Honour (Vox: the most recent).
    old = card("Intercessors", honours=("Hardened", "Marksmen"))
    log.append(edit_card(log.state, "Intercessors", old, actor=ALICE))
    fought(log, faces=(1,), destroyed=["Intercessors"])
    log.do(choose_out_of_action, "intercessors", "devastating_blow", actor=ALICE)
    assert log.state.cards["intercessors"].honours == ("Hardened",)


def test_devastating_blow_without_honours_removes_the_unit(log: Log) -> None:
    # Crusade "Devastating Blow": a unit with no Battle Honours is removed from the roster.
    fought(log, faces=(1,), destroyed=["Boyz"])
    with pytest.raises(NotAllowed, match="Only <@202>"):
        choose_out_of_action(log.state, "Boyz", "devastating_blow", actor=ALICE)
    log.do(choose_out_of_action, "Boyz", "devastating_blow", actor=BOB)
    assert log.state.card("Boyz") is None
    step = pending(log.state)
    assert step is not None
    assert (step.kind, step.player) == ("marked_for_greatness", ALICE)  # Bob has none left
    log.do(mark, ALICE, None, actor=ALICE)
    log.append(advance(log.state, ScriptedDice(())))
    assert log.state.aftermath is None


def test_battle_scar_is_refused_at_3_scars(log: Log) -> None:
    # Crusade "Battle Scars": at most 3; a unit with 3 must take the Devastating Blow.
    scarred = card("Boyz", BOB, scars=("Fatigued", "Disgraced", "Deep Scars"))
    log.append(edit_card(log.state, "Boyz", scarred, actor=BOB))
    fought(log, faces=(1,), destroyed=["Boyz"])
    step = pending(log.state)
    assert step is not None
    assert step.choices == ("devastating_blow",)
    with pytest.raises(IllegalAction, match="already has 3 Battle Scars; take the Devastating"):
        choose_out_of_action(log.state, "Boyz", "battle_scar", "Battle-weary", actor=BOB)


def test_battle_scar_must_be_one_the_unit_does_not_have(log: Log) -> None:
    fought(log, faces=(1,), destroyed=["Intercessors"])
    with pytest.raises(IllegalAction, match="Pick a Battle Scar Intercessors does not have"):
        choose_out_of_action(log.state, "Intercessors", "battle_scar", "Sore", actor=ALICE)
    log.do(choose_out_of_action, "Intercessors", "battle_scar", "fatigued", actor=ALICE)
    assert log.state.cards["intercessors"].scars == ("Fatigued",)


def test_battle_experience_and_marked_for_greatness(log: Log) -> None:
    # Crusade "Experience points": +1 to every unit that took part; +3 to the unit each player
    # marks for greatness (at most one per player per battle).
    fought(log)
    with pytest.raises(IllegalAction, match="Mark one of the units <@202> fielded: Boyz"):
        mark(log.state, BOB, "Captain", actor=BOB)
    through(log, {ALICE: "captain", BOB: None})
    xp = {k: c.xp for k, c in log.state.cards.items()}
    assert xp == {"intercessors": 1, "captain": 4, "boyz": 1}
    assert [c.battles for c in log.state.cards.values()] == [1, 1, 1]


def test_dealers_of_death_every_third_kill_across_battles(log: Log) -> None:
    # Crusade "Dealers of Death": +1 XP for every third enemy unit destroyed over its career.
    fought(log, kills={"Intercessors": 2})
    through(log)
    assert log.state.cards["intercessors"].xp == 1
    fought(log, kills={"Intercessors": 2})
    through(log)
    assert log.state.cards["intercessors"].xp == 3  # 1 + 1, then the 3rd kill: +1
    assert log.state.cards["intercessors"].kills == 4


def test_experience_beyond_the_cap_is_lost(log: Log) -> None:
    # Crusade: non-CHARACTER units cannot gain XP beyond 30 (no Legendary Veterans).
    veteran = card("Intercessors", xp=29, honours=("A", "B", "C"))
    log.append(edit_card(log.state, "Intercessors", veteran, actor=ALICE))
    fought(log)
    through(log, {ALICE: "Intercessors", BOB: None})
    assert log.state.cards["intercessors"].xp == 30


def test_a_rank_gained_asks_for_a_battle_honour_below_its_cap(log: Log) -> None:
    # Crusade "Battle Honours": a unit that gains a rank gains a Battle Honour (max 3 / 6).
    log.append(edit_card(log.state, "Captain", card("Captain", character=True, xp=5), actor=ALICE))
    log.append(
        edit_card(log.state, "Boyz", card("Boyz", BOB, xp=5, honours=("A", "B", "C")), actor=BOB)
    )
    fought(log)
    through(log, {ALICE: None, BOB: None})
    step = pending(log.state)
    assert step is not None
    assert (step.kind, step.card, step.rank) == ("battle_honour", "Captain", "Blooded")
    with pytest.raises(IllegalAction, match="cannot be empty"):
        name_honour(log.state, "Captain", " ", actor=ALICE)
    with pytest.raises(IllegalAction, match="Boyz has no Battle Honour"):
        name_honour(log.state, "Boyz", "Waaagh", actor=BOB)  # already at 3
    log.do(name_honour, "captain", "Master of Ambush", actor=ALICE)
    log.append(advance(log.state, ScriptedDice(())))
    assert log.state.aftermath is None
    assert log.state.cards["captain"].honours == ("Master of Ambush",)


def test_requisition_after_a_battle_is_plus_1_capped(log: Log) -> None:
    # Crusade "Requisition points": +1 RP after each battle, to the maximum (5 in 9th).
    log.do(spend_rp, BOB, 2, actor=BOB, admin=False)
    fought(log)
    through(log)
    assert (log.state.players[ALICE].rp, log.state.players[BOB].rp) == (5, 4)


def test_the_full_post_battle_sequence_in_order(log: Log) -> None:
    # Crusade "After the battle": Out of Action tests, Marked for Greatness, experience,
    # Battle Honours, requisition.
    log.append(edit_card(log.state, "Captain", card("Captain", character=True, xp=2), actor=ALICE))
    fought(log, faces=(1, 1), destroyed=["Intercessors", "Boyz"], kills={"Boyz": 3})
    seen = play_out(log)
    assert seen == ["out_of_action", "out_of_action", "marked_for_greatness", "battle_honour"]
    assert log.state.card("Boyz") is None  # no honours: removed, so Bob marks nothing
    assert log.state.cards["captain"].xp == 6
    assert log.state.cards["captain"].honours == ("Hero",)
    assert log.state.cards["intercessors"].scars == ("Deep Scars",)
    kinds = [r.event.kind for r in log.records if r.event.kind != "player_joined"]
    assert kinds[-10:] == [
        "battle_recorded",
        "out_of_action_rolled",
        "out_of_action_rolled",
        "out_of_action_chosen",
        "out_of_action_chosen",
        "marked_for_greatness",
        "experience_awarded",
        "honour_gained",
        "requisition_granted",
        "aftermath_finished",
    ]


def test_only_one_post_battle_sequence_is_open_at_a_time(log: Log) -> None:
    fought(log)
    with pytest.raises(IllegalAction, match="Finish the post-battle sequence of battle 1 first"):
        record_battle(log.state, (ALICE, BOB), winner=None)
    with pytest.raises(IllegalAction, match="fought in battle 1; finish"):
        remove_card(log.state, "Boyz", actor=BOB)


def test_undo_of_a_step_makes_pending_ask_again(log: Log) -> None:
    fought(log, faces=(1,), destroyed=["Boyz"])
    log.do(choose_out_of_action, "Boyz", "battle_scar", "Fatigued", actor=BOB)
    step = pending(log.state)
    assert step is not None
    assert step.kind == "marked_for_greatness"
    log.append(undo(log.state), BOB)
    step = pending(log.state)
    assert step is not None
    assert (step.kind, step.card) == ("out_of_action", "Boyz")
    assert log.state.cards["boyz"].scars == ()
    log.append(undo(log.state), BOB)  # the Out of Action roll itself
    step = pending(log.state)
    assert step is not None
    assert step.kind == "out_of_action_rolls"
    log.append(advance(log.state, ScriptedDice((4,))))
    step = pending(log.state)
    assert step is not None
    assert step.kind == "marked_for_greatness"


def test_undo_of_the_battle_restores_the_cards(log: Log) -> None:
    fought(log, destroyed=["Boyz"], faces=(3,), kills={"Intercessors": 1})
    log.append(undo(log.state))  # the rolls
    log.append(undo(log.state))  # the battle
    state = log.state
    assert state.aftermath is None
    assert state.battles == ()
    assert (state.cards["intercessors"].battles, state.cards["intercessors"].kills) == (0, 0)
    assert state.players[ALICE].wins == 0


def test_a_steps_decision_is_refused_when_another_step_is_due(log: Log) -> None:
    fought(log, faces=(1,), destroyed=["Boyz"])
    with pytest.raises(IllegalAction, match="at an Out of Action choice; do that first"):
        mark(log.state, ALICE, None, actor=ALICE)


@pytest.mark.parametrize("honour", ["Master\nof Ambush", "Master\u200bof Ambush", "\u3164"])
def test_a_battle_honour_with_hidden_characters_is_refused(log: Log, honour: str) -> None:
    log.append(edit_card(log.state, "Captain", card("Captain", character=True, xp=5), actor=ALICE))
    fought(log)
    through(log, {ALICE: None, BOB: None})
    with pytest.raises(IllegalAction, match="A Battle Honour cannot contain"):
        name_honour(log.state, "Captain", honour, actor=ALICE)
    log.do(name_honour, "captain", "Ｍａｓｔｅｒ  of Ambush", actor=ALICE)
    assert log.state.cards["captain"].honours == ("Master of Ambush",)

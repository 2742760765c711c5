"""/game status, /game log and /game summary through real Interactions: the status's Next phase
button, a finished game that stays readable until a new one starts, the summary's bounds, the
edition's words, and the private set-up confirmations of /unit."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.play.review import ROUND_BOUND
from bot.rules.dice import ScriptedDice
from bot.tracker import NO_GAME
from tests.harness import ALICE, BOB, Harness, Rejected, Sent
from tests.harness.posts import shown

PHASES_9TH = 7  # phases of a 9th-edition player turn


async def started(h: Harness, **options: Any) -> Sent:
    [prompt] = await h.slash("game start", opponent=BOB, first="me", **options)
    return prompt


async def next_phases(h: Harness, count: int) -> list[Sent]:
    replies: list[Sent] = []
    for _ in range(count):
        replies = await h.slash("game next")
    return replies


async def test_status_carries_next_phase_which_is_out_of_date_after_the_phase_moves_on(
    harness: Harness,
) -> None:
    await started(harness)
    [status] = await harness.slash("game status")
    assert not status.ephemeral  # public: a member asked for it
    button = status.button("Next phase")["custom_id"]
    prompt = shown(await harness.click(button, on=status))  # the live prompt, edited
    assert prompt.embeds[-1]["title"] == "Battle round 1/5 — Movement phase"
    [stale] = await harness.click(button, on=status)
    assert stale.ephemeral and "out of date" in stale.content
    [later] = await harness.slash("game status")
    assert later.embed["title"] == "🎲 9th edition — battle round 1/5, Movement phase"
    assert later.button("Next phase")["custom_id"] != button


async def test_status_has_no_next_phase_while_the_players_decide_who_goes_first(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 5])) as h:  # a roll-off
        await h.slash("game start", opponent=BOB)
        [status] = await h.slash("game status")
    assert status.embed["title"] == "🎲 9th edition — deciding who goes first"
    with pytest.raises(KeyError):
        status.button("Next phase")


async def test_a_conceded_game_stays_readable_with_its_result_points_and_units(
    harness: Harness,
) -> None:
    await started(harness)
    await harness.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+")
    await harness.slash("vp add", amount=3, user=BOB)
    await next_phases(harness, 2 * PHASES_9TH)  # battle round 1 ends
    await harness.slash("game end", concede=True, user=ALICE)
    [status] = await harness.slash("game status")
    assert status.embed["title"] == "🎲 9th edition — finished"
    assert status.embed["description"] == (
        f"🏆 <@{BOB.id}> wins: <@{ALICE.id}> conceded.\nEnded in battle round 2/5"
    )
    assert f"<@{BOB.id}> — **1** CP · **3** VP" in status.field("Command and victory points")
    assert "**Boyz** — 10/10 models" in status.text
    with pytest.raises(KeyError):
        status.button("Next phase")  # nothing left to advance
    [log] = await harness.slash("game log", count=2)
    assert "conceded" in log.embed["description"].lower()
    assert log.embed["footer"]["text"].startswith("This game has finished")
    [summary] = await harness.slash("game summary", round=1)
    assert summary.embed["title"] == "End of battle round 1"
    assert not summary.ephemeral


async def test_a_game_that_ended_on_time_is_summarised_to_its_last_round(harness: Harness) -> None:
    """Seed 000: "the battle ends at the end of battle round 5" (here 1 round): its last round is
    one that has ended, and the default."""
    await started(harness, rounds=1)
    await harness.slash("vp add", amount=2, user=ALICE)
    await next_phases(harness, 2 * PHASES_9TH)
    [summary] = await harness.slash("game summary")
    assert summary.embed["title"] == "End of battle round 1"
    assert f"<@{ALICE.id}> — **1** CP · **2** VP (+1 CP, +2 VP)" in summary.field("Points")
    [status] = await harness.slash("game status")
    assert status.embed["description"].startswith(f"🏆 <@{ALICE.id}> wins on victory points")


async def test_a_new_game_replaces_the_finished_one(harness: Harness) -> None:
    await started(harness)
    await harness.slash("game end")
    [old] = await harness.slash("game status")
    assert old.embed["title"].endswith("finished")
    await started(harness, edition="10th")
    [status] = await harness.slash("game status")
    assert status.embed["title"] == "🎲 10th edition — battle round 1/5, Command phase"
    [log] = await harness.slash("game log", count=50)
    assert "Game over" not in log.embed["description"] and "footer" not in log.embed
    [none] = await harness.slash("game summary")
    assert none.ephemeral
    assert none.content == "No battle round has ended yet; /game summary shows one once it has."


async def test_without_any_game_the_reads_say_how_to_start_one(harness: Harness) -> None:
    for command in ("game status", "game log", "game summary"):
        [reply] = await harness.slash(command)
        assert reply.ephemeral and reply.content == NO_GAME, command


async def test_summary_round_is_bounded_1_to_10_and_to_rounds_that_have_ended(
    harness: Harness,
) -> None:
    await started(harness)
    await next_phases(harness, 2 * PHASES_9TH)  # battle round 1 ends; round 2 is on
    for bad in (0, 11):
        with pytest.raises(Rejected):
            await harness.slash("game summary", round=bad)
        [refused] = await harness.slash("game summary", round=bad, raw=True)
        assert refused.ephemeral and refused.content == ROUND_BOUND
    [refused] = await harness.slash("game summary", round=2)
    assert refused.ephemeral
    assert refused.content == (
        "Battle round 2 has not ended yet; the last that has is battle round 1."
    )
    for asked in (1, 10):
        replies = await harness.slash("game summary", round=asked)
        assert len(replies) == 1
    [first] = await harness.slash("game summary", round=1)
    assert first.embed["title"] == "End of battle round 1"


async def test_7th_status_and_summary_speak_of_game_turns(harness: Harness) -> None:
    """Seed 001: "In a complete game turn, each player gets a player turn"."""
    await started(harness, edition="7th")
    [status] = await harness.slash("game status")
    assert status.embed["title"] == "🎲 7th edition — game turn 1/5, Start of turn"
    await next_phases(harness, 12)  # six phases a player turn
    [summary] = await harness.slash("game summary")
    assert summary.embed["title"] == "End of game turn 1"
    [refused] = await harness.slash("game summary", round=3)
    assert refused.content == "Game turn 3 has not ended yet; the last that has is game turn 1."


async def test_a_finished_game_is_read_again_in_one_statement(harness: Harness) -> None:
    """The tracker keeps the finished game: reading its status again folds nothing and sends
    one statement (the channel's latest game and any newer events)."""
    await started(harness)
    await next_phases(harness, 2 * PHASES_9TH)
    await harness.slash("game end")
    await harness.slash("game status")
    await harness.slash("game summary")
    for command in ("game status", "game summary"):
        sent: list[str] = []
        await harness.sqlite.conn.set_trace_callback(sent.append)
        try:
            await harness.slash(command)
        finally:
            await harness.sqlite.conn.set_trace_callback(None)  # type: ignore[arg-type]
        assert len(sent) == 1, (command, sent)


async def test_set_up_changes_are_confirmed_privately_and_the_units_shown_publicly(
    harness: Harness,
) -> None:
    await started(harness)
    changes: list[tuple[str, dict[str, Any]]] = [
        ("unit add", {"name": "Boyz", "models": 10, "wounds": 1, "toughness": 5, "save": "6+"}),
        ("unit weapon", {"unit": "Boyz", "name": "Choppa", "range": "Melee", "attacks": "2",
                         "skill": "3+", "strength": "4", "ap": "-1", "damage": "1"}),
        ("unit weapon-remove", {"unit": "Boyz", "name": "Choppa"}),
        ("unit edit", {"unit": "Boyz", "toughness": 6}),
    ]  # fmt: skip
    for command, options in changes:
        [reply] = await harness.slash(command, **options)
        assert reply.ephemeral and not reply.refused, command
    shows: list[tuple[str, dict[str, Any]]] = [("unit list", {}), ("unit show", {"unit": "Boyz"})]
    for command, options in shows:
        [shown] = await harness.slash(command, **options)
        assert not shown.ephemeral and "Boyz" in shown.text, command
    [removed] = await harness.slash("unit remove", unit="Boyz")
    assert removed.ephemeral and removed.content == "✅ Removed Boyz. /game undo puts it back."

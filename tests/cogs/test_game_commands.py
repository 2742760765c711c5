"""/game, /cp and /vp through real Interactions: prompts, buttons, races, permissions, restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from bot.store.games import active_game, load_events
from tests.harness import ALICE, BOB, CAROL, DAVE, Harness, Rejected, Sent
from tests.harness.posts import private, public_posts, refusals, shown


async def started(h: Harness, **options: Any) -> Sent:
    """A 9th-edition game where Alice goes first; returns the first phase prompt."""
    [prompt] = await h.slash("game start", opponent=BOB, first="me", **options)
    return prompt


async def log_length(h: Harness) -> int:
    record = await active_game(h.bot.db, 920000000000000001)
    assert record is not None
    return len(await load_events(h.bot.db, record.id))


async def test_start_with_rolloff_lets_only_the_winner_choose_who_goes_first(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 5])) as h:  # Bob wins 5–2
        [offer] = await h.slash("game start", opponent=BOB)
        assert "Winner: **Bob**" in offer.text
        bob_first = offer.button("Bob goes first")["custom_id"]
        [refused] = await h.click(bob_first, on=offer, user=ALICE)
        assert refused.ephemeral and "won the roll-off" in refused.content
        [prompt] = await h.click(bob_first, on=offer, user=BOB)
    assert prompt.embeds[0]["title"] == "Battle round 1/5 — Command phase"
    assert f"<@{BOB.id}>'s turn" in prompt.text
    assert prompt.button("Next phase")["custom_id"].startswith("vox:next:")


async def test_command_phase_prompt_gives_the_active_player_1_cp_in_9th(harness: Harness) -> None:
    prompt = await started(harness)
    assert f"<@{ALICE.id}> — **1** CP" in prompt.field("Points")
    assert f"<@{BOB.id}> — **0** CP" in prompt.field("Points")


async def test_next_phase_button_edits_the_prompt_and_an_older_one_is_out_of_date(
    harness: Harness,
) -> None:
    first = await started(harness)
    next_id = first.button("Next phase")["custom_id"]
    assert first.message_id is not None
    seen = dict(harness.recorder.messages[first.message_id])  # a screen not yet updated
    [second] = await harness.click(next_id, on=first)
    assert second.callback_type == 7 and second.message_id == first.message_id  # edited
    assert second.embeds[0]["title"] == "Battle round 1/5 — Movement phase"
    harness.recorder.messages[first.message_id] = seen
    [stale] = await harness.click(next_id, on=first)
    assert stale.ephemeral and "out of date" in stale.content


async def test_prompt_button_still_works_after_units_change_in_that_phase(harness: Harness) -> None:
    first = await started(harness)
    await harness.slash("unit add", name="Intercessors", models=5, wounds=2, toughness=4, save="3+")
    [second] = await harness.click(first.button("Next phase")["custom_id"], on=first)
    assert second.embeds[0]["title"] == "Battle round 1/5 — Movement phase"


async def test_100_concurrent_next_phase_clicks_advance_the_game_exactly_once(
    harness: Harness,
) -> None:
    first = await started(harness)
    next_id = first.button("Next phase")["custom_id"]
    before = len(harness.sent)
    await asyncio.gather(*(harness.click(next_id, on=first) for _ in range(100)))
    replies = harness.sent[before:]
    prompts = [r for r in replies if not r.ephemeral]
    stale = [r for r in replies if r.ephemeral and "out of date" in r.content]
    assert len(prompts) == 1 and len(stale) == 99
    [status] = await harness.slash("game status")
    assert status.embed["title"] == "🎲 9th edition — battle round 1/5, Movement phase"


async def test_after_the_last_phase_the_other_players_turn_begins(harness: Harness) -> None:
    await started(harness)
    for _ in range(7):  # 9th: seven phases
        sent = await harness.slash("game next")
    [reply] = public_posts(sent)  # a new turn: a new live prompt
    assert reply.embeds[-1]["title"] == "Battle round 1/5 — Command phase"
    assert f"<@{BOB.id}>'s turn" in reply.text


async def test_round_summary_then_the_last_round_ends_the_game_with_the_winner(
    harness: Harness,
) -> None:
    await started(harness, rounds=1)
    await harness.slash("vp add", amount=5, user=BOB)
    for _ in range(14):
        reply = shown(await harness.slash("game next"))
    titles = [e["title"] for e in reply.embeds]
    assert titles == ["End of battle round 1", "Game over"]
    assert f"🏆 <@{BOB.id}> wins" in reply.text
    [after] = await harness.slash("game status")  # the finished game stays readable
    assert after.embed["title"] == "🎲 9th edition — finished"
    assert f"🏆 <@{BOB.id}> wins on victory points" in after.embed["description"]
    [next_] = await harness.slash("game next")
    assert next_.ephemeral and "no game in this channel" in next_.content


async def test_only_players_or_manage_channels_change_a_game(harness: Harness) -> None:
    first = await started(harness)
    [refused] = await harness.slash("game next", user=DAVE)
    assert refused.ephemeral and "Only the two players" in refused.content
    [refused] = await harness.click(first.button("Next phase")["custom_id"], on=first, user=DAVE)
    assert refused.ephemeral and "Only the two players" in refused.content
    allowed = await harness.slash("game next", user=CAROL)  # Manage Channels
    assert private(allowed).content.startswith("➡️ Movement phase")
    [rolled] = await harness.slash("roll", dice="D6", user=DAVE)  # anyone may roll
    assert not rolled.ephemeral


async def test_undo_takes_back_only_the_callers_own_change(harness: Harness) -> None:
    await started(harness)
    await harness.slash("vp add", amount=3, user=BOB)
    length = await log_length(harness)
    [refused] = await harness.slash("game undo", user=ALICE)
    assert refused.ephemeral and f"The latest change is <@{BOB.id}>'s" in refused.content
    assert "Only they can take it back" in refused.content
    assert await log_length(harness) == length
    [done] = public_posts(await harness.slash("game undo", user=BOB))
    assert done.content.startswith("↩️ Undone: #") and "scored 3 VP" in done.content
    [status] = await harness.slash("game status")
    assert f"<@{BOB.id}> — **0** CP · **0** VP" in status.text


async def test_a_moderator_takes_back_someone_elses_change_only_by_naming_it(
    harness: Harness,
) -> None:
    # Issue 10: a server admin meaning to undo his own change removed his opponent's.
    await started(harness)
    await harness.slash("vp add", amount=3, user=BOB)
    length = await log_length(harness)
    [unnamed] = await harness.slash("game undo", user=CAROL)  # Manage Channels
    assert unnamed.ephemeral and "name it: add change:" in unnamed.content
    seq = int(unnamed.content.split("change:")[1].rstrip("."))
    [wrong] = await harness.slash("game undo", user=CAROL, change=seq - 1)
    assert wrong.ephemeral and "is not the latest one" in wrong.content
    [dave] = await harness.slash("game undo", user=DAVE, change=seq)  # not a player
    assert dave.ephemeral and "Only the two players" in dave.content
    assert await log_length(harness) == length
    [done] = public_posts(await harness.slash("game undo", user=CAROL, change=seq))
    assert done.content == f"↩️ Undone: #{seq}, <@{BOB.id}> scored 3 VP (<@{BOB.id}>'s)."


async def test_cp_never_goes_below_zero_and_changes_nothing(harness: Harness) -> None:
    await started(harness)
    length = await log_length(harness)
    [refused] = await harness.slash("cp spend", amount=2, user=ALICE)
    assert refused.ephemeral and "at most 1" in refused.content
    assert await log_length(harness) == length
    spent = await harness.slash("cp spend", amount=1, user=ALICE, reason="Command Re-roll")
    assert "**0** CP" in private(spent).content


async def test_a_second_game_in_the_channel_is_refused(harness: Harness) -> None:
    await started(harness)
    [refused] = await harness.slash("game start", opponent=CAROL, first="me")
    assert refused.ephemeral and "already running" in refused.content


async def test_commands_without_a_game_say_how_to_start_one(harness: Harness) -> None:
    cases: list[tuple[str, dict[str, Any]]] = [
        ("game next", {}), ("game status", {}), ("cp add", {"amount": 1}), ("unit list", {}),
        ("game undo", {}),
    ]  # fmt: skip
    for command, options in cases:
        [reply] = await harness.slash(command, **options)
        assert reply.ephemeral and "/game start" in reply.content, command


async def test_playing_yourself_or_a_bot_is_refused(harness: Harness) -> None:
    [refused] = await harness.slash("game start", opponent=ALICE, first="me")
    assert refused.ephemeral and "two different players" in refused.content


async def test_game_end_names_the_winner_and_log_reads_in_words(harness: Harness) -> None:
    await started(harness, mission="Take and Hold")
    [log] = await harness.slash("game log", count=5)
    assert "Game started" in log.embed["description"]
    [ended] = public_posts(await harness.slash("game end", winner=BOB, user=ALICE))
    assert f"🏆 <@{BOB.id}> wins (ended early)." in ended.text  # a concession, not VP


async def test_restart_keeps_status_and_the_last_prompt_button_works(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        first = await started(h)
        await h.slash(
            "unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+", user=BOB
        )
        [before] = await h.slash("game status")
        messages = dict(h.recorder.messages)
    async with Harness.running(tmp_path) as h:
        h.recorder.messages.update(messages)
        [after] = await h.slash("game status")
        assert after.embed == before.embed
        [second] = await h.click(first.button("Next phase")["custom_id"], on=first)
    assert second.embeds[0]["title"] == "Battle round 1/5 — Movement phase"


async def test_simultaneous_changes_in_one_channel_all_land(harness: Harness) -> None:
    await started(harness)
    before = len(harness.sent)
    await asyncio.gather(*(harness.slash("vp add", amount=1, user=p) for p in [ALICE, BOB] * 20))
    replies = harness.sent[before:]
    assert refusals(replies) == []
    [status] = await harness.slash("game status")
    points = status.field("Command and victory points")
    assert f"<@{ALICE.id}> — **1** CP · **20** VP" in points
    assert f"<@{BOB.id}> — **0** CP · **20** VP" in points


async def test_9th_without_battle_forged_gains_no_cp(harness: Harness) -> None:
    prompt = await started(harness, battle_forged=False)
    assert f"<@{ALICE.id}> — **0** CP" in prompt.field("Points")


async def test_battle_forged_is_refused_where_the_edition_has_no_such_option(
    harness: Harness,
) -> None:
    [refused] = await harness.slash(
        "game start", opponent=BOB, first="me", edition="10th", battle_forged=True
    )
    assert refused.ephemeral and "battle_forged" in refused.content


async def test_9th_battle_size_gives_starting_cp_and_round_one_shows_it_apart(
    harness: Harness,
) -> None:
    """9th Core Book: a Strike Force game gives each player 12 CP at the start; seed 000's
    Battle-forged bonus ("at the start of your Command phase … you gain 1 Command point") is
    round 1's only gain, so the summary says "started with 12 CP, +1 CP", not "+13 CP"."""
    prompt = await started(harness, battle_size="Strike Force", rounds=2)
    points = prompt.field("Points")
    assert f"<@{ALICE.id}> — **13** CP" in points and f"<@{BOB.id}> — **12** CP" in points
    for _ in range(14):  # 9th: seven phases a turn; the 14th ends battle round 1
        prompt = shown(await harness.click(prompt.button("Next phase")["custom_id"], on=prompt))
    summary = prompt.embeds[0]
    assert summary["title"] == "End of battle round 1"
    text = summary["fields"][0]["value"]
    assert f"<@{ALICE.id}> — **13** CP · **0** VP (started with 12 CP, +1 CP)" in text
    assert "+13 CP" not in text


async def test_battle_size_is_bounded_and_refused_where_it_gives_no_cp(harness: Harness) -> None:
    """Discord offers only the four sizes; a request naming another gets one sentence."""
    with pytest.raises(Rejected, match="not one of the choices"):
        await harness.slash("game start", opponent=BOB, battle_size="Apocalypse")
    [unknown] = await harness.slash("game start", opponent=BOB, battle_size="Apocalypse", raw=True)
    assert unknown.ephemeral
    assert unknown.content == (
        "Pick a battle size from: Combat Patrol, Incursion, Strike Force, Onslaught."
    )
    [refused] = await harness.slash(
        "game start", opponent=BOB, edition="10th", battle_size="Onslaught"
    )
    assert refused.ephemeral
    assert refused.content == "10th edition has no battle sizes with starting CP; leave it out."
    assert await active_game(harness.bot.db, 920000000000000001) is None


async def test_7th_shows_no_command_points_anywhere(harness: Harness) -> None:
    """7th edition has no Command points in Vox's data: the prompt, the status and the summary
    show only VP."""
    prompt = await started(harness, edition="7th", rounds=1)
    assert prompt.field("Points") == f"<@{ALICE.id}> — **0** VP\n<@{BOB.id}> — **0** VP"
    [status] = await harness.slash("game status")
    assert "CP" not in status.field("Victory points")
    while prompt.embeds[0]["title"] != "End of battle round 1":
        prompt = shown(await harness.click(prompt.button("Next phase")["custom_id"], on=prompt))
    assert all("CP" not in f["value"] for e in prompt.embeds for f in e.get("fields", []))


async def test_a_next_phase_click_sends_at_most_5_statements(harness: Harness) -> None:
    """The click reads the channel's game once (its record, while cached) and appends (BEGIN,
    INSERT, COMMIT): nothing it already has is read again, the round's end included. A click
    that begins a turn also records the new live prompt's message (BEGIN, INSERT, COMMIT)."""
    prompt = await started(harness, rounds=2)
    counts = []
    for _ in range(14):  # 9th: seven phases a turn; the 14th click ends battle round 1
        sent: list[str] = []
        await harness.sqlite.conn.set_trace_callback(sent.append)
        try:
            prompt = shown(await harness.click(prompt.button("Next phase")["custom_id"], on=prompt))
        finally:
            await harness.sqlite.conn.set_trace_callback(None)  # type: ignore[arg-type]
        counts.append(len(sent))
    assert prompt.embeds[0]["title"] == "End of battle round 1"
    turns_begun = (6, 13)  # the 7th click begins Bob's turn, the 14th round 2
    within = [n for i, n in enumerate(counts) if i not in turns_begun]
    assert max(within) <= 5 and max(counts) <= 8, counts

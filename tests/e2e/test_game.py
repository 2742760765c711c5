"""The channel's game tracker over the wire: phase prompts, their "Next phase" button, and a game
that carries on where it was after a restart."""

from __future__ import annotations

import copy

from bot.tracker import STALE
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import ALICE, BOB, MESSAGE, UPDATE_MESSAGE, FakeDiscord
from tests.e2e.game_wire import (
    acted,
    answer,
    next_button,
    online,
    press_next,
    prompt_seq,
    read_log,
    shown_points,
    start_game,
    titles,
)


async def test_game_start_prompts_the_command_phase_and_next_phase_moves_on(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    await online(fake, bots)
    started = await start_game(fake, first="me")
    assert titles(started) == ["Battle round 1/5 — Command phase"]
    (prompt,) = started.embeds
    assert prompt["description"].startswith(f"<@{ALICE.id}>'s turn")
    button = next_button(started)
    assert started.custom_ids() == [button]
    shown_before = copy.deepcopy(started.message)

    moved = await press_next(fake, started, ALICE)
    assert titles(moved) == ["Battle round 1/5 — Movement phase"]
    assert next_button(moved) != button
    assert prompt_seq(moved) > prompt_seq(started)

    assert moved.type == UPDATE_MESSAGE  # within a turn the live prompt is edited
    assert moved.message is not None and started.message is not None
    assert moved.message["id"] == started.message["id"]

    # A screen still showing the older prompt: pressing it says so, and the game stays put.
    assert shown_before is not None
    clicked = await fake.click(shown_before, button, BOB)
    again = await fake.wait_for_callback(clicked)
    assert again.type == MESSAGE
    assert again.ephemeral
    assert again.content == STALE
    _, log = read_log(bots.database)
    assert [e.kind for e in log].count("phase_advanced") == 1


async def test_after_sigterm_and_restart_the_game_and_its_newest_button_carry_on(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    first = await online(fake, bots)
    prompt = await start_game(fake, first="opponent")
    assert titles(prompt) == ["Battle round 1/5 — Command phase"]
    for user in (BOB, ALICE, BOB):  # the opponent's turn: either player may move it on
        prompt = await press_next(fake, prompt, user)
    assert titles(prompt) == ["Battle round 1/5 — Shooting phase"]
    scored = await acted(fake, await fake.dispatch_command("vp add", {"amount": 3}, BOB))
    assert scored.ephemeral and scored.content == f"✅ <@{BOB.id}> now has **1** CP and **3** VP."
    before = await answer(fake, await fake.dispatch_command("game status"))
    assert titles(before) == ["🎲 9th edition — battle round 1/5, Shooting phase"]
    assert shown_points(before) == {ALICE.id: (0, 0), BOB.id: (1, 3)}

    assert await first.stop() == 0
    assert "Traceback" not in first.stderr
    check, log = read_log(bots.database)
    assert check == "ok"

    second = await online(fake, bots, run=2)
    after = await answer(fake, await fake.dispatch_command("game status", user=BOB))
    assert after.data["embeds"] == before.data["embeds"]

    moved = await press_next(fake, prompt, ALICE)
    assert titles(moved) == ["Battle round 1/5 — Charge phase"]
    assert shown_points(moved) == {ALICE.id: (0, 0), BOB.id: (1, 3)}
    assert prompt_seq(moved) == len(log) + 1  # one phase_advanced appended after the restart
    assert await second.stop() == 0
    assert "Traceback" not in second.stderr

"""Stopping and starting the real bot: Ctrl-C in a terminal, SIGTERM while commands are still
running, and a DEV_GUILD_ID the bot is not in."""

from __future__ import annotations

import os
import signal

import pytest

from bot.drain import SHUTDOWN_GRACE
from tests.e2e.conftest import STOP_TIMEOUT, BotRunner
from tests.e2e.fake_discord import GUILD_ID, MESSAGE, FakeDiscord
from tests.e2e.test_dice import assert_one_sentence


async def test_ctrl_c_in_a_terminal_exits_0_without_a_traceback(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    # A terminal's Ctrl-C goes to the whole foreground process group: the bot and its odds worker.
    bot = await bots.start(own_group=True)
    await fake.wait_for_session()
    await bot.wait_for_log("synced")
    bot.stopping = True
    os.killpg(bot.proc.pid, signal.SIGINT)
    assert await bot.wait_exit() == 0, bot.stderr
    assert "Traceback" not in bot.stderr, bot.stderr
    assert "KeyboardInterrupt" not in bot.stderr, bot.stderr
    assert "database closed" in bot.stderr


@pytest.mark.parametrize("args", [("sync",), ()], ids=["sync", "start"])
async def test_a_dev_guild_the_bot_is_not_in_exits_2_with_one_sentence(
    fake: FakeDiscord, bots: BotRunner, args: tuple[str, ...]
) -> None:
    elsewhere = GUILD_ID + 1
    bot = await bots.start(*args, DEV_GUILD_ID=str(elsewhere), LOG_LEVEL="WARNING")
    assert await bot.wait_exit() == 2, bot.stderr
    (sentence,) = bot.stderr_lines
    assert f"DEV_GUILD_ID={elsewhere}" in sentence
    assert_one_sentence(sentence)
    assert fake.command_syncs == []
    assert fake.sessions == []


IN_FLIGHT = 8


async def test_sigterm_lets_the_commands_in_flight_finish_and_turns_new_ones_away(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    bot = await bots.start()
    await fake.wait_for_session()
    fake.callback_delay = 1.0  # a slow Discord: every command is still waiting on its answer
    rolls = [
        await fake.dispatch_command("roll", {"dice": f"{n}D6"}) for n in range(1, IN_FLIGHT + 1)
    ]
    await fake.wait_for(
        lambda: sum(r.path.endswith("/callback") for r in fake.requests) >= IN_FLIGHT,
        what="every roll to be answering",
    )

    bot.stopping = True
    bot.proc.send_signal(signal.SIGTERM)
    await bot.wait_for_log("received SIGTERM")
    fake.callback_delay = 0.0
    late = await fake.dispatch_command("roll", {"dice": "D6"})
    refused = await fake.wait_for_callback(late)
    assert refused.type == MESSAGE and refused.ephemeral
    assert refused.content == "Vox is restarting; try again in a minute."
    assert refused.embeds == []  # it was not rolled

    assert await bot.wait_exit(within=SHUTDOWN_GRACE + STOP_TIMEOUT) == 0, bot.stderr
    for roll in rolls:  # every user who was waiting got the roll
        reply = await fake.wait_for_callback(roll, within=0.1)
        assert reply.type == MESSAGE and reply.embeds, reply
    assert [str(r) for r in fake.requests if r.status == 499] == []
    assert "Traceback" not in bot.stderr, bot.stderr
    assert "database closed" in bot.stderr

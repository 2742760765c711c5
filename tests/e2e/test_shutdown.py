"""Stopping and starting the real bot: Ctrl-C in a terminal, SIGTERM while commands are still
running, and a DEV_GUILD_ID the bot is not in."""

from __future__ import annotations

import os
import signal

import pytest

from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import GUILD_ID, FakeDiscord
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

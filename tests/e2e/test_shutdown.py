"""Stopping the real bot: Ctrl-C in a terminal, and SIGTERM while commands are still running."""

from __future__ import annotations

import os
import signal

from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import FakeDiscord


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

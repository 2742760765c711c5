"""Crash safety on SQLite: SIGKILL during a burst of game changes loses nothing the bot
acknowledged (`tests.e2e.burst`), and leaves none of the bot's processes behind.

The tracker's append (BEGIN IMMEDIATE, INSERT, COMMIT, all awaited) commits before the command
answers; the file is read as the crash left it, its write-ahead log not yet checkpointed.
"""

from __future__ import annotations

import os
import signal

import pytest

from tests.e2e.burst import check_log, check_restart_carries_on, sigkill_mid_burst
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.game_wire import online, read_log, start_game
from tests.e2e.processes import PROC, descendants, end, gone


async def test_sigkill_during_a_burst_keeps_every_acknowledged_event(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    bot = await online(fake, bots)
    await start_game(fake, first="me")
    burst = await sigkill_mid_burst(fake, bot)
    assert bots.database.with_name(bots.database.name + "-wal").exists()  # no clean close

    check, log = read_log(bots.database)
    assert check == "ok"
    logged = check_log(burst, log)
    await check_restart_carries_on(fake, bots, logged)


@pytest.mark.skipif(not PROC.is_dir(), reason="reads the process tree from Linux's /proc")
async def test_sigkill_leaves_no_process_of_the_bot_behind(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    bot = await online(fake, bots)
    started = descendants(bot.proc.pid)
    assert started, "the bot has no compute pool process to check"
    try:
        bot.stopping = True
        os.kill(bot.proc.pid, signal.SIGKILL)
        assert await gone(started, within=2.0), f"still running: {started}"
    finally:
        end(started)
        await bot.kill()

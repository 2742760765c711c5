"""Crash safety on PostgreSQL: SIGKILL of the bot during a burst of game changes loses nothing it
acknowledged (`tests.e2e.burst`).

Each append is committed by the server (asyncpg awaits the COMMIT) before the command answers, so
the database, which outlives the killed bot, holds every answered change; a new bot process on the
same database carries the game on.
"""

from __future__ import annotations

from tests.e2e.burst import check_log, check_restart_carries_on, sigkill_mid_burst
from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.game_wire import online, read_pg_log, start_game


async def test_sigkill_during_a_burst_on_postgresql_keeps_every_acknowledged_event(
    fake: FakeDiscord, pg_bots: BotRunner
) -> None:
    bot = await online(fake, pg_bots)
    await start_game(fake, first="me")
    burst = await sigkill_mid_burst(fake, bot)

    log = await read_pg_log(pg_bots.database_url)
    logged = check_log(burst, log)
    await check_restart_carries_on(fake, pg_bots, logged)

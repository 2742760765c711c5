"""Start, stop, restart, `python -m bot sync`, and the start-up failures a user can meet."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing

from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import ALICE, GUILD_ID, MESSAGE, UPDATE_MESSAGE, FakeDiscord
from tests.e2e.test_dice import assert_one_sentence

REJECTED = re.compile(r"^Discord rejected DISCORD_TOKEN: .*\.$")
LOG_LINE = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (DEBUG|INFO|WARNING|ERROR|CRITICAL) ")


def not_log_lines(lines: list[str]) -> list[str]:
    """What the bot printed itself: every line that is not a log record's first line."""
    return [line for line in lines if not LOG_LINE.match(line)]


async def test_sigterm_closes_cleanly_and_a_restart_neither_resyncs_nor_breaks_buttons(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    first = await bots.start()
    await fake.wait_for_session()
    assert len(fake.command_syncs) == 1
    rolled = await fake.dispatch_command("roll", {"dice": "10D6", "target": "7+"})
    reply = await fake.wait_for_callback(rolled)
    assert reply.type == MESSAGE
    assert reply.message is not None
    button, _again = reply.custom_ids()  # Re-roll failed, Roll again

    assert await first.stop() == 0
    assert "database closed" in first.stderr
    assert "Traceback" not in first.stderr
    assert fake.sessions[0].closed
    # The last connection closed checkpoints the WAL into the database and removes it.
    assert not bots.database.with_name(bots.database.name + "-wal").exists()

    second = await bots.start()
    await fake.wait_for_session(2)
    await second.wait_for_log("command tree unchanged since the last sync; not syncing")
    assert len(fake.command_syncs) == 1

    click = await fake.click(reply.message, button, ALICE)
    rerolled = await fake.wait_for_callback(click)
    assert rerolled.type == UPDATE_MESSAGE
    assert await second.stop() == 0
    with closing(sqlite3.connect(bots.database)) as db:
        (version,) = db.execute("SELECT version FROM rolls").fetchone()
    assert version == 1


async def test_sync_command_forces_a_global_sync_and_exits(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    for run in (1, 2):  # the second run syncs although nothing changed: it is forced
        bot = await bots.start("sync")
        assert await bot.wait_exit() == 0, bot.stderr
        sync = await fake.wait_for_sync(run)
        assert sync.guild_id is None
        assert sync.path.endswith("/commands")
        assert "/guilds/" not in sync.path
        assert {"roll", "rolloff", "attack", "odds", "help"} <= sync.names
    assert fake.sessions == []  # REST only: no gateway connection


async def test_sync_with_a_dev_guild_goes_to_the_guild_route(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    bot = await bots.start("sync", DEV_GUILD_ID=str(GUILD_ID))
    assert await bot.wait_exit() == 0, bot.stderr
    (sync,) = fake.command_syncs
    assert sync.guild_id == GUILD_ID
    assert f"/guilds/{GUILD_ID}/commands" in sync.path
    assert {"roll", "rolloff", "attack", "odds", "help"} <= sync.names
    assert f"synced {len(sync.names)} commands guild {GUILD_ID}" in bot.stderr


async def test_a_rejected_token_exits_1_with_one_sentence_and_no_traceback(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    bot = await bots.start(DISCORD_TOKEN="revoked-token")
    assert await bot.wait_exit() == 1
    assert "Traceback" not in bot.stderr
    (sentence,) = not_log_lines(bot.stderr_lines)  # everything else is the DEBUG log
    assert REJECTED.match(sentence)
    assert_one_sentence(sentence)
    assert [str(r) for r in fake.requests] == ["GET /users/@me -> 401"]
    assert fake.sessions == []


async def test_a_rejected_token_is_alone_on_stderr_at_warning_level(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    bot = await bots.start(DISCORD_TOKEN="revoked-token", LOG_LEVEL="WARNING")
    assert await bot.wait_exit() == 1
    assert len(bot.stderr_lines) == 1, bot.stderr
    assert REJECTED.match(bot.stderr)


async def test_an_unreachable_discord_exits_1_with_one_sentence(
    fake: FakeDiscord, bots: BotRunner, unused_tcp_port: int
) -> None:
    closed = f"http://127.0.0.1:{unused_tcp_port}/api/v10"
    bot = await bots.start(DISCORD_API_BASE=closed)
    assert await bot.wait_exit() == 1
    assert "Traceback" not in bot.stderr, bot.stderr
    (sentence,) = not_log_lines(bot.stderr_lines)
    assert_one_sentence(sentence)


async def test_a_missing_token_exits_2_naming_discord_token(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    bot = await bots.start(DISCORD_TOKEN="")
    assert await bot.wait_exit() == 2
    assert len(bot.stderr_lines) == 1, bot.stderr
    assert "DISCORD_TOKEN" in bot.stderr
    assert_one_sentence(bot.stderr)
    assert fake.requests == []


async def test_an_unknown_argument_exits_2_with_the_usage(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    bot = await bots.start("synch")
    assert await bot.wait_exit() == 2
    assert bot.stderr.startswith("Usage: python -m bot [sync]")
    assert fake.requests == []

"""Composition root: settings → logging → store → bot. `python -m bot [sync]`; the database's
chores `python -m bot migrate | export-db FILE | import-db FILE` (`bot.ops`, no token needed); and
`python -m bot army FILE` (an army list as Vox's JSON, no settings needed)."""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import signal
import sys

import aiohttp
import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route
from pydantic import ValidationError

from bot import ops
from bot.armies import cli as army_cli
from bot.client import SyncForbidden, VoxBot
from bot.rules.dice import Dice
from bot.settings import MissingToken, Settings, invalid_setting
from bot.store.connect import open_database
from bot.store.database import UnusableDatabase

log = logging.getLogger("vox")

USAGE = (
    "Usage: python -m bot [sync]   (sync: push the slash commands to Discord now and exit); "
    "python -m bot migrate | export-db FILE | import-db FILE   (the database: apply its "
    "migrations; copy it to a file; load such a file); "
    "python -m bot army FILE [--name NAME]   (print an army list as Vox's JSON)"
)
REJECTED = (
    "Discord rejected DISCORD_TOKEN: put a current bot token in .env "
    "(Developer Portal -> your application -> Bot -> Reset Token)."
)
UNREACHABLE = (
    "Could not reach Discord at {host}: check the internet connection "
    "(and DISCORD_API_BASE, if set), then try again."
)


def point_at_discord(settings: Settings) -> None:
    """Send REST and gateway traffic to the configured bases (a proxy, or a test's fake)."""
    if settings.discord_api_base:
        Route.BASE = settings.discord_api_base.rstrip("/")
    if settings.discord_gateway_url:
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(settings.discord_gateway_url)


async def run(settings: Settings, token: str, *, sync_only: bool) -> int:
    try:
        db = await open_database(settings.database, pool_size=settings.database_pool_size)
    except UnusableDatabase as unusable:  # nothing was written; one sentence, no traceback
        print(unusable, file=sys.stderr)
        return 2
    try:
        seed = settings.dice_seed
        dice = None if seed is None else Dice(random.Random(seed))  # replays and tests only
        bot = VoxBot(
            settings, db, dice=dice, sync_on_start=not sync_only,
            compute_processes=settings.workers,
        )  # fmt: skip
        return await _serve(bot, token, sync_only)
    finally:
        await db.close()
        log.info("database closed")


async def _serve(bot: VoxBot, token: str, sync_only: bool) -> int:
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, functools.partial(_stop, bot, sig))
    try:
        if sync_only:
            await bot.login(token)
            await bot.sync_commands(force=True)
        else:
            await bot.start(token)
    except discord.LoginFailure:
        print(REJECTED, file=sys.stderr)
        return 1
    except SyncForbidden as refused:  # a settings mistake, like any other bad setting: exit 2
        print(refused, file=sys.stderr)
        return 2
    except (aiohttp.ClientError, OSError) as error:  # no network, DNS failure, proxy down
        log.info("could not reach Discord: %s", error)
        print(UNREACHABLE.format(host=yarl.URL(Route.BASE).host), file=sys.stderr)
        return 1
    finally:
        # `start` returns as soon as a signal's close has shut the connection; the rest of that
        # close (the workers, the snapshots still being saved) must finish before the database does.
        await asyncio.gather(*list(_stopping), return_exceptions=True)
        if not bot.is_closed():
            await bot.close()
    return 0


_stopping: set[asyncio.Task[None]] = set()  # strong references until each is done


def _stop(bot: VoxBot, sig: signal.Signals) -> None:
    if bot.draining:  # a second Ctrl-C: the user does not want to wait
        log.info("received %s again; closing now", sig.name)
        task = asyncio.get_running_loop().create_task(bot.close())
    else:
        log.info("received %s; finishing the commands in flight, then shutting down", sig.name)
        task = asyncio.get_running_loop().create_task(bot.shutdown())
    _stopping.add(task)
    task.add_done_callback(_stopping.discard)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["army"]:
        return army_cli.main(args[1:])
    chore = bool(args) and args[0] in ops.ARGUMENTS
    wrong = ops.usage(args) if chore else _usage(args)
    if wrong:
        print(wrong, file=sys.stderr)
        return 2
    try:
        settings = Settings()
        token = "" if chore else settings.require_token()
    except MissingToken as missing:
        print(missing, file=sys.stderr)
        return 2
    except ValidationError as invalid:
        print(invalid_setting(invalid), file=sys.stderr)
        return 2
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    logging.getLogger("aiosqlite").setLevel(max(logging.INFO, logging.getLogger().level))
    if chore:
        return ops.run(args, settings)
    point_at_discord(settings)
    return asyncio.run(run(settings, token, sync_only=args == ["sync"]))


def _usage(args: list[str]) -> str | None:
    """USAGE, unless `args` starts the bot (nothing) or syncs its commands (`sync`)."""
    return None if args in ([], ["sync"]) else USAGE


if __name__ == "__main__":
    sys.exit(main())

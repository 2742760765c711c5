"""VoxBot: the extensions, the error handler, and the command-sync policy."""

from __future__ import annotations

import asyncio
import gc
import hashlib
import json
import logging
from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.chronicle import Chronicle
from bot.compute import ComputePool
from bot.drain import SHUTDOWN_GRACE, DrainingState, drain
from bot.health import ShardHealth
from bot.memo import Memo
from bot.rules.dice import Dice
from bot.server_only import mark_server_only, needs_a_server, refuse_outside_a_server
from bot.settings import Settings
from bot.shards import IdentifyPacer
from bot.store.database import Database
from bot.store.meta import get_meta, set_meta
from bot.tally import TalliedDice, current, start
from bot.tracker import Tracker
from bot.ui.replies import report_error
from bot.ui.tallied import log_rolls

log = logging.getLogger("vox")

EXTENSIONS = (
    "cogs.dice",
    "cogs.rolls",
    "cogs.attack",
    "cogs.game",
    "cogs.points",
    "cogs.units",
    "cogs.psychic",
    "cogs.morale",
    "cogs.movement",
    "cogs.reserves",
    "cogs.campaign",
    "cogs.armies",
    "cogs.help",
)
SYNC_HASH_KEY = "command_tree_hash"
SYNC_SCOPE_KEY = "command_sync_scope"  # where the commands went last: "global" or "guild:<id>"
GC_THRESHOLDS = (2_000, 10, 100)  # young collections less often; full ones a tenth as often


def settle_heap() -> None:
    """Once started, move everything alive (modules, the command tree, editions, caches) out of
    the collector's sight (`gc.freeze`), so a full collection scans only what came later, and
    collect less often: full collections paused the loop 40-50 ms (the /roll p99 outliers)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class SyncForbidden(Exception):
    """Discord refused (403) the commands for DEV_GUILD_ID: the bot is not in that server."""

    def __init__(self, guild_id: int) -> None:
        super().__init__(
            f"Discord refused the slash commands for DEV_GUILD_ID={guild_id}: the bot is not in "
            "that server, so invite it there or leave DEV_GUILD_ID empty to sync globally."
        )


class VoxTree(app_commands.CommandTree[discord.Client]):
    """The command tree; every error from a command or a check ends in `report_error`, and every
    command counts its dice from the start (the check runs in the command's own task)."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        start()
        if needs_a_server(interaction):  # a game or a campaign asked for in a DM
            await refuse_outside_a_server(interaction)
            return False
        return True


class VoxBot(commands.AutoShardedBot):
    """The bot: settings, database and dice are injected by the composition root (or a test).
    It runs the shards SHARD_IDS names (of SHARD_COUNT), or every shard Discord recommends."""

    def __init__(
        self,
        settings: Settings,
        db: Database,
        *,
        dice: Dice | None = None,
        sync_on_start: bool = True,
        compute_processes: int = 1,
        **options: Any,
    ) -> None:
        # Vox never joins voice channels: no start-up warnings about missing voice libraries.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        # No privileged intents: slash commands and buttons arrive as interactions.
        intents = discord.Intents.none()
        intents.guilds = True
        if settings.shards is not None:
            options["shard_ids"] = list(settings.shards)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=VoxTree,
            # Nobody is notified by what a message's text names (@everyone, roles, users typed
            # into names or reasons); a message asking a player to act allows that player only.
            allowed_mentions=discord.AllowedMentions.none(),
            shard_count=settings.shard_count,
            **options,
        )
        self.settings = settings
        self.db = db
        self.dice = TalliedDice(dice if dice is not None else Dice())  # counted for the roll log
        self.sync_on_start = sync_on_start
        self.compute = ComputePool(processes=compute_processes)
        self.tracker = Tracker(db)
        self.chronicle = Chronicle(db, self.dice)
        self.memo = Memo()  # what buttons need beyond their custom_id, for a while
        self.heap_settled = False
        self.pacer = IdentifyPacer()
        self.health = ShardHealth(self)

    async def setup_hook(self) -> None:
        self.health.start()
        await self.compute.start()
        for name in EXTENSIONS:
            await self.load_extension(name)
        mark_server_only(self.tree)
        if self.sync_on_start:
            await self.sync_commands(force=False)

    async def launch_shards(self) -> None:
        """Ask Discord (GET /gateway/bot) how many shards to run when SHARD_COUNT is empty, and
        how many may identify at once; then connect them at DISCORD_GATEWAY_URL (or Discord's
        own), which discord.py would otherwise trade for the address that answer names."""
        if self.is_closed():
            return
        try:
            recommended, _, limits = await self.http.get_bot_gateway()
        except discord.GatewayNotFound as error:
            recommended, limits = 1, None
            log.warning("Discord did not say how many shards to run (%s); assuming 1", error)
        if limits is not None:
            self.pacer.max_concurrency = limits["max_concurrency"]
            log.info("Discord allows %d more session starts today", limits["remaining"])
        if self.shard_count is None:
            self.shard_count = recommended
            log.info("running %d shard(s), the count Discord recommends", recommended)
        await super().launch_shards()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        await asyncio.sleep(self.pacer.delay(shard_id or 0))

    async def on_shard_ready(self, shard_id: int) -> None:
        self.health.report([shard_id])

    async def on_shard_resumed(self, shard_id: int) -> None:
        self.health.report([shard_id])

    def _get_state(self, **options: Any) -> DrainingState:
        return DrainingState(
            dispatch=self.dispatch, handlers=self._handlers, hooks=self._hooks, http=self.http,
            **options,
        )  # fmt: skip

    @property
    def draining(self) -> bool:
        return cast(DrainingState, self._connection).draining

    async def shutdown(self, grace: float = SHUTDOWN_GRACE) -> None:
        """SIGTERM and Ctrl-C: new interactions get "Vox is restarting", the ones in flight get
        `grace` seconds to finish (their replies need the connection), then close."""
        await drain(cast(DrainingState, self._connection), grace)
        await self.close()

    async def on_ready(self) -> None:
        """The first READY: start-up is over and the caches are warm (reconnects change nothing)."""
        if not self.heap_settled:
            self.heap_settled = True
            settle_heap()

    async def on_app_command_completion(
        self,
        interaction: discord.Interaction,
        command: app_commands.Command[Any, ..., Any] | app_commands.ContextMenu,
    ) -> None:
        """A command answered without an error: what it rolled goes to the roll log (this task
        copied the command's context, so `current()` is the command's tally)."""
        tally = current()
        if tally is not None:
            secret = interaction.namespace.secret is True  # its `secret` option, if it has one
            await log_rolls(self, interaction, f"/{command.qualified_name}", tally, secret=secret)

    async def close(self) -> None:
        await self.health.stop()
        await super().close()
        await self.compute.close()
        await self.tracker.flush()  # snapshots being saved, before the database closes
        await self.chronicle.flush()

    @property
    def sync_guild(self) -> discord.Object | None:
        gid = self.settings.dev_guild_id
        return discord.Object(id=gid) if gid else None

    def command_payload(self) -> list[dict[str, Any]]:
        """Exactly what a sync sends: the global commands as Discord's JSON."""
        return [c.to_dict(self.tree) for c in self.tree._get_all_commands(guild=None)]

    @property
    def sync_scope(self) -> str:
        gid = self.settings.dev_guild_id
        return f"guild:{gid}" if gid else "global"

    def payload_hash(self) -> str:
        body = json.dumps([self.sync_scope, self.command_payload()], sort_keys=True)
        return hashlib.sha256(body.encode()).hexdigest()

    async def sync_commands(self, *, force: bool) -> bool:
        """Sync when the payload differs from the last synced one (or when forced); when
        DEV_GUILD_ID was switched on, off or to another server, clear the scope left behind so
        no command shows twice. `SyncForbidden` when the bot is not in DEV_GUILD_ID's server."""
        digest = self.payload_hash()
        if not force and await get_meta(self.db, SYNC_HASH_KEY) == digest:
            log.info("command tree unchanged since the last sync; not syncing")
            return False
        guild = self.sync_guild
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        try:
            synced = await self.tree.sync(guild=guild)
        except discord.Forbidden as refused:
            if guild is None:
                raise
            raise SyncForbidden(guild.id) from refused
        where = f"guild {guild.id}" if guild else "globally"
        log.info("synced %d commands %s", len(synced), where)
        left = await get_meta(self.db, SYNC_SCOPE_KEY)
        if left is not None and left != self.sync_scope:
            await self._clear_scope(left)
        await set_meta(self.db, SYNC_SCOPE_KEY, self.sync_scope)
        await set_meta(self.db, SYNC_HASH_KEY, digest)
        return True

    async def _clear_scope(self, scope: str) -> None:
        """Remove Vox's commands from a scope it synced to before ("global" or "guild:<id>")."""
        app_id = self.application_id
        assert app_id is not None  # the sync just used it
        try:
            if scope == "global":
                await self.http.bulk_upsert_global_commands(app_id, [])
            else:
                gid = int(scope.removeprefix("guild:"))
                await self.http.bulk_upsert_guild_commands(app_id, gid, [])
        except ValueError:
            log.warning("unknown command scope %r in the database; not cleared", scope)
        except (discord.Forbidden, discord.NotFound):
            log.warning("could not clear the commands left in %s: the bot is not there", scope)
        else:
            log.info("cleared the commands left in %s", scope)

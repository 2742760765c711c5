"""VoxBot: the extensions, the error handler, and the command-sync policy."""

from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.chronicle import Chronicle
from bot.compute import ComputePool
from bot.rules.dice import Dice
from bot.settings import Settings
from bot.store.database import Database
from bot.store.meta import get_meta, set_meta
from bot.tracker import Tracker
from bot.ui.aftermath_view import HonourButton, MarkSelect, OutOfActionButton
from bot.ui.game_buttons import FirstPlayerButton, NextPhaseButton
from bot.ui.psychic_buttons import BlastSelect, ResolveSmiteButton
from bot.ui.psychic_view import DenyButton
from bot.ui.replies import report_error
from bot.ui.reroll import RerollButton
from bot.ui.setup_buttons import DeployedButton, RoleButton
from bot.ui.test_buttons import TestButton

log = logging.getLogger("vox")

EXTENSIONS = (
    "cogs.dice",
    "cogs.attack",
    "cogs.game",
    "cogs.points",
    "cogs.units",
    "cogs.psychic",
    "cogs.morale",
    "cogs.movement",
    "cogs.campaign",
    "cogs.help",
)
SYNC_HASH_KEY = "command_tree_hash"


class VoxTree(app_commands.CommandTree[discord.Client]):
    """The command tree; every error from a command or a check ends in `report_error`."""

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        await report_error(interaction, error)


class VoxBot(commands.Bot):
    """The bot: settings, database and dice are injected by the composition root (or a test)."""

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
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            tree_cls=VoxTree,
            **options,
        )
        self.settings = settings
        self.db = db
        self.dice = dice if dice is not None else Dice()
        self.sync_on_start = sync_on_start
        self.compute = ComputePool(processes=compute_processes)
        self.tracker = Tracker(db)
        self.chronicle = Chronicle(db, self.dice)

    async def setup_hook(self) -> None:
        await self.compute.start()
        for name in EXTENSIONS:
            await self.load_extension(name)
        self.add_dynamic_items(
            RerollButton, NextPhaseButton, FirstPlayerButton, DenyButton, ResolveSmiteButton,
            BlastSelect, TestButton, RoleButton, DeployedButton, OutOfActionButton, MarkSelect,
            HonourButton,
        )  # fmt: skip
        if self.sync_on_start:
            await self.sync_commands(force=False)

    async def close(self) -> None:
        await super().close()
        await self.compute.close()

    @property
    def sync_guild(self) -> discord.Object | None:
        gid = self.settings.dev_guild_id
        return discord.Object(id=gid) if gid else None

    def command_payload(self) -> list[dict[str, Any]]:
        """Exactly what a sync sends: the global commands as Discord's JSON."""
        return [c.to_dict(self.tree) for c in self.tree._get_all_commands(guild=None)]

    def payload_hash(self) -> str:
        target = f"guild:{self.settings.dev_guild_id}" if self.settings.dev_guild_id else "global"
        body = json.dumps([target, self.command_payload()], sort_keys=True)
        return hashlib.sha256(body.encode()).hexdigest()

    async def sync_commands(self, *, force: bool) -> bool:
        """Sync when the payload differs from the last synced one (or when forced)."""
        digest = self.payload_hash()
        if not force and await get_meta(self.db, SYNC_HASH_KEY) == digest:
            log.info("command tree unchanged since the last sync; not syncing")
            return False
        guild = self.sync_guild
        if guild is not None:
            self.tree.copy_global_to(guild=guild)
        synced = await self.tree.sync(guild=guild)
        await set_meta(self.db, SYNC_HASH_KEY, digest)
        where = f"guild {guild.id}" if guild else "globally"
        log.info("synced %d commands %s", len(synced), where)
        return True

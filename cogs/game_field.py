"""/game field: an imported army's units into the channel's game (a command of the /game group
that `cogs.game` declares)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play.army_field import field
from bot.ui.actors import actor
from bot.ui.armies.embeds import fielded_text
from bot.ui.armies.options import ArmyName, UnitPicks, complete_armies, complete_army_units
from bot.ui.game.live import refresh
from bot.ui.replies import confirm


class GameFieldCommands(commands.Cog):
    bot: VoxBot

    @app_commands.command(name="field")
    @app_commands.describe(
        army="One of your armies (/army import)",
        units="Comma-separated unit names (default: all)",
    )
    @app_commands.autocomplete(army=complete_armies, units=complete_army_units)
    async def field(
        self, interaction: discord.Interaction[VoxBot], army: ArmyName,
        units: UnitPicks | None = None,
    ) -> None:  # fmt: skip
        """Bring your army's units, with their weapons, into this channel's game."""
        done = await field(self.bot, actor(interaction), army, units)
        await confirm(interaction, fielded_text(done))
        await refresh(interaction, done.outcome)

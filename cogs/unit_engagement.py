"""/unit engage: the players record a combat the charge did not (a pile-in, a consolidation, a
Heroic Intervention) or end one (the commands of the /unit group that `cogs.units` declares)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import units
from bot.ui.actors import actor
from bot.ui.game.units import UnitName, complete_units


class UnitEngagementCommands(commands.Cog):
    bot: VoxBot

    @app_commands.command(name="engage")
    @app_commands.describe(
        unit="Your unit (or either side's)",
        enemy="The enemy unit now within Engagement Range of it",
        off="They are no longer in combat (default: they are now)",
    )
    @app_commands.autocomplete(unit=complete_units, enemy=complete_units)
    async def engage(
        self,
        interaction: discord.Interaction[VoxBot],
        unit: UnitName,
        enemy: UnitName,
        off: bool = False,
    ) -> None:
        """Record that two units are now in combat (a pile-in, a consolidation), or no longer."""
        name, enemies = await units.engage(self.bot, actor(interaction), unit, enemy, not off)
        now = f"in combat with {', '.join(enemies)}" if enemies else "in no combat"
        embed = discord.Embed(description=f"⚔️ Recorded: {name} is {now}."[:4096])
        await interaction.response.send_message(embed=embed, ephemeral=True)

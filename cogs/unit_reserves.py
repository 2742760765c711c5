"""/unit reserve (Eternum, seed 004): while deploying, place a unit into Reserves instead of onto
the table (a command of the /unit group that `cogs.units` declares; `bot.play.reserves`)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import reserves
from bot.ui.actors import actor
from bot.ui.game.units import UnitName, complete_units


class UnitReserveCommands(commands.Cog):
    bot: VoxBot

    @app_commands.command(name="reserve")
    @app_commands.describe(unit="Your unit to hold in Reserve instead of setting it up")
    @app_commands.autocomplete(unit=complete_units)
    async def reserve(self, interaction: discord.Interaction[VoxBot], unit: UnitName) -> None:
        """Eternum set-up: place a unit into Reserves (it rolls to arrive from your second turn)."""
        placed = await reserves.reserve(self.bot, actor(interaction), unit)
        await interaction.response.send_message(
            f"**{placed.name}** is in Reserve: it rolls to arrive from your second turn "
            "(/game undo takes it back out)."
        )

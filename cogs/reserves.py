"""/reserves (Eternum, seed 004): Reserve Rolls for a number of units, or the recorded roll of a
unit of the channel's game; and the Movement prompt's "Reserve Roll" buttons. What they do is
`bot.play.reserves`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import reserves
from bot.play.moves import Reserves
from bot.rules.deployment import (
    AUTOMATIC_RESERVE_TURN,
    FIRST_RESERVE_TURN,
    MAX_RESERVE_MODIFIER,
    MAX_RESERVE_UNITS,
)
from bot.ui.actors import actor
from bot.ui.checks.embeds import reserves_embed
from bot.ui.game.reserves import ReserveButton, reserve_roll_embed
from bot.ui.game.units import UnitName, complete_units


class ReservesCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    @app_commands.command(name="reserves")
    @app_commands.describe(
        units="Units still in Reserve (a roll on its own)",
        turn="Your turn number: rolls from turn 2, all arrive in turn 4 (default 2)",
        modifier="Modifier to each Reserve Roll",
        unit="A unit of this channel's game in Reserve: its Reserve Roll is recorded",
    )
    @app_commands.autocomplete(unit=complete_units)
    async def reserves(
        self,
        interaction: discord.Interaction[VoxBot],
        units: app_commands.Range[int, 1, MAX_RESERVE_UNITS] | None = None,
        turn: app_commands.Range[int, FIRST_RESERVE_TURN, AUTOMATIC_RESERVE_TURN] | None = None,
        modifier: app_commands.Range[int, -MAX_RESERVE_MODIFIER, MAX_RESERVE_MODIFIER] = 0,
        unit: UnitName | None = None,
    ) -> None:
        """Eternum Reserve Rolls: a D6 per unit, 3+ arrives, with the exact odds of arrivals."""
        rolled = await reserves.by_command(
            self.bot, actor(interaction), units, turn, modifier, unit
        )
        roller = interaction.user.display_name
        if isinstance(rolled, Reserves):
            embed = reserves_embed(rolled, roller)
        else:
            embed = reserve_roll_embed(rolled, roller)
        await interaction.response.send_message(embed=embed)


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(ReserveButton)
    await bot.add_cog(ReservesCog(bot))

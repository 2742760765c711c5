"""/charge and /advance (every edition reads the same dice) and /reserves (Eternum), standalone."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.rules.deployment import (
    AUTOMATIC_RESERVE_TURN,
    FIRST_RESERVE_TURN,
    MAX_RESERVE_MODIFIER,
    MAX_RESERVE_UNITS,
    arrivals_pmf,
    chance_to_arrive,
    reserve_rolls,
)
from bot.rules.movement import (
    MAX_CHARGE_DISTANCE,
    MAX_MOVE,
    advance,
    chance_to_charge,
    roll_charge,
)
from bot.ui.checks_view import advance_embed, charge_embed, reserves_embed


class MovementCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    @app_commands.command(name="charge")
    @app_commands.describe(
        distance="Inches to the enemy unit",
        reroll="Re-roll both dice once if the charge fails",
    )
    async def charge(
        self,
        interaction: discord.Interaction,
        distance: app_commands.Range[int, 1, MAX_CHARGE_DISTANCE],
        reroll: bool = False,
    ) -> None:
        """Roll a charge: 2D6 reaching the distance, exact odds with and without a re-roll."""
        roll = roll_charge(self.bot.dice, distance, reroll)
        embed = charge_embed(
            roll,
            chance_to_charge(distance),
            chance_to_charge(distance, reroll=True),
            interaction.user.display_name,
        )
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="advance")
    @app_commands.describe(move="The unit's Move in inches")
    async def advance(
        self, interaction: discord.Interaction, move: app_commands.Range[int, 1, MAX_MOVE]
    ) -> None:
        """Advance: roll a D6 and add it to the unit's Move for this phase."""
        embed = advance_embed(advance(self.bot.dice, move), interaction.user.display_name)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="reserves")
    @app_commands.describe(
        units="Units still in Reserve",
        turn="Your turn number: rolls from turn 2, all arrive in turn 4",
        modifier="Modifier to each Reserve Roll",
    )
    async def reserves(
        self,
        interaction: discord.Interaction,
        units: app_commands.Range[int, 1, MAX_RESERVE_UNITS],
        turn: app_commands.Range[int, FIRST_RESERVE_TURN, AUTOMATIC_RESERVE_TURN] = 2,
        modifier: app_commands.Range[int, -MAX_RESERVE_MODIFIER, MAX_RESERVE_MODIFIER] = 0,
    ) -> None:
        """Eternum Reserve Rolls: a D6 per unit, 3+ arrives, with the exact odds of arrivals."""
        rolls = reserve_rolls(self.bot.dice, turn, units, modifier)
        embed = reserves_embed(
            rolls,
            arrivals_pmf(units, modifier, turn),
            chance_to_arrive(modifier, turn),
            interaction.user.display_name,
        )
        await interaction.response.send_message(embed=embed)


async def setup(bot: VoxBot) -> None:
    await bot.add_cog(MovementCog(bot))

"""/charge and /advance (every edition reads the same dice) and /reserves (Eternum), standalone."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.errors import VoxError
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
from bot.ui.checks.embeds import advance_embed, charge_embed, reserves_embed
from bot.ui.checks.moves import TrackedMoves
from bot.ui.game.units import UnitName, complete_units


class MovementCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        self.moves = TrackedMoves(bot)

    @app_commands.command(name="charge")
    @app_commands.describe(
        distance="Inches to the enemy unit",
        reroll="Re-roll both dice once if the charge fails",
        unit="A unit of this channel's game: a successful charge is recorded (it charged)",
    )
    @app_commands.autocomplete(unit=complete_units)
    async def charge(
        self,
        interaction: discord.Interaction,
        distance: app_commands.Range[int, 1, MAX_CHARGE_DISTANCE],
        reroll: bool = False,
        unit: UnitName | None = None,
    ) -> None:
        """Roll a charge: 2D6 reaching the distance, exact odds with and without a re-roll."""
        if unit is not None:  # refuse before rolling: e.g. no charge after Advance or Fall Back
            await self.moves.check(interaction, unit, "charge", max(2, distance))
        roll = roll_charge(self.bot.dice, distance, reroll)
        embed = charge_embed(
            roll,
            chance_to_charge(distance),
            chance_to_charge(distance, reroll=True),
            interaction.user.display_name,
        )
        if unit is not None:
            text = f"{unit} failed its charge and did not move."
            if roll.succeeded:
                text = await self.moves.record(interaction, unit, "charge", roll.total)
            embed.add_field(name="Tracked unit", value=text, inline=False)
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="advance")
    @app_commands.describe(
        move="The unit's Move in inches (default: the tracked unit's)",
        unit="A unit of this channel's game: records that it advanced",
    )
    @app_commands.autocomplete(unit=complete_units)
    async def advance(
        self,
        interaction: discord.Interaction,
        move: app_commands.Range[int, 1, MAX_MOVE] | None = None,
        unit: UnitName | None = None,
    ) -> None:
        """Advance: roll a D6 and add it to the unit's Move for this phase."""
        if unit is not None:
            tracked = await self.moves.check(interaction, unit, "advance", 1)
            move = move or tracked.profile.move
        if move is None:
            raise VoxError("Give the unit's move (e.g. move:6), or pick a unit of this game.")
        rolled = advance(self.bot.dice, move)
        embed = advance_embed(rolled, interaction.user.display_name)
        if unit is not None:
            text = await self.moves.record(interaction, unit, "advance", rolled.die.value)
            embed.add_field(name="Tracked unit", value=text, inline=False)
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

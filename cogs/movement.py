"""/charge and /advance (every edition reads the same dice; `unit:` records the move in the
channel's game, and a failed charge's card carries its re-roll button); what they do is
`bot.play.charges` and `bot.play.moves`. /reserves (Eternum) is `cogs.reserves`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import charges, moves
from bot.rules.movement import MAX_CHARGE_DISTANCE, MAX_MOVE
from bot.ui.actors import actor
from bot.ui.checks.charge_buttons import ChargeRerollButton, charge_card
from bot.ui.checks.embeds import advance_embed
from bot.ui.game.units import UnitName, complete_units


class MovementCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    @app_commands.command(name="charge")
    @app_commands.describe(
        distance="Inches to the enemy unit (the roll needed is that less Engagement Range)",
        reroll="Re-roll both dice once if the charge fails (an ability)",
        unit="A unit of this channel's game: the charge is declared and recorded",
        target="The enemy unit it charges (with unit:): a successful charge puts both in combat",
    )
    @app_commands.autocomplete(unit=complete_units, target=complete_units)
    async def charge(
        self,
        interaction: discord.Interaction[VoxBot],
        distance: app_commands.Range[int, 1, MAX_CHARGE_DISTANCE],
        reroll: bool = False,
        unit: UnitName | None = None,
        target: UnitName | None = None,
    ) -> None:
        """Roll a charge: 2D6 reaching the enemy, exact odds with and without a re-roll."""
        rolled = await charges.charge(self.bot, actor(interaction), distance, reroll, unit, target)
        embed, view = charge_card(rolled, interaction.user.display_name)
        await interaction.response.send_message(embed=embed, view=view or discord.utils.MISSING)

    @app_commands.command(name="advance")
    @app_commands.describe(
        move="The unit's Move in inches (default: the tracked unit's)",
        unit="A unit of this channel's game: records that it advanced",
    )
    @app_commands.autocomplete(unit=complete_units)
    async def advance(
        self,
        interaction: discord.Interaction[VoxBot],
        move: app_commands.Range[int, 1, MAX_MOVE] | None = None,
        unit: UnitName | None = None,
    ) -> None:
        """Advance: roll a D6 and add it to the unit's Move for this phase."""
        rolled = await moves.advance(self.bot, actor(interaction), move, unit)
        embed = advance_embed(rolled, interaction.user.display_name)
        await interaction.response.send_message(embed=embed)


async def setup(bot: VoxBot) -> None:
    await bot.add_cog(MovementCog(bot))
    bot.add_dynamic_items(ChargeRerollButton)

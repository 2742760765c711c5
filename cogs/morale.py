"""/morale (9th edition and Eternum), /battleshock and /desperate-escape (10th), standalone."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.errors import VoxError
from bot.rules.morale import (
    MAX_LEADERSHIP,
    battle_shock_test,
    chance_to_pass_battle_shock,
    chance_to_pass_morale,
    desperate_escape,
    desperate_escape_pmf,
    models_lost_pmf,
    morale_test,
)
from bot.rules.profiles import MAX_MODELS
from bot.ui.checks.buttons import TestButton
from bot.ui.checks.embeds import battleshock_embed, desperate_escape_embed, morale_embed
from bot.ui.checks.leadership import TrackedTests
from bot.ui.game.units import UnitName, complete_units

Models = app_commands.Range[int, 1, MAX_MODELS]


class MoraleCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        self.tracked = TrackedTests(bot)

    @app_commands.command(name="morale")
    @app_commands.describe(
        leadership="The unit's Leadership (Ld)",
        lost="Models destroyed this turn",
        models="Models left in the unit",
        starting="The unit's Starting Strength (at least the models left)",
        unit="A unit of this channel's game: its Ld and losses are used, fleeing models removed",
    )
    @app_commands.autocomplete(unit=complete_units)
    async def morale(
        self,
        interaction: discord.Interaction,
        leadership: app_commands.Range[int, 1, MAX_LEADERSHIP] | None = None,
        lost: Models | None = None,
        models: Models | None = None,
        starting: Models | None = None,
        unit: UnitName | None = None,
    ) -> None:
        """9th edition Morale test: D6 + models lost, then Combat Attrition, with exact odds."""
        if unit:
            embed = await self.tracked.morale(interaction, unit)
            await interaction.response.send_message(embed=embed)
            return
        if leadership is None or lost is None or models is None or starting is None:
            raise VoxError(
                "Give leadership, lost, models and starting, or pick a unit of this game."
            )
        test = morale_test(self.bot.dice, leadership, lost, models, starting)
        embed = morale_embed(
            test,
            models_lost_pmf(leadership, lost, models, starting),
            chance_to_pass_morale(leadership, lost),
            interaction.user.display_name,
        )
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="battleshock")
    @app_commands.describe(
        leadership="The unit's Leadership: the 6 of 6+",
        unit="A unit of this channel's game: its Ld is used; failed, it is battle-shocked (OC 0)",
    )
    @app_commands.autocomplete(unit=complete_units)
    async def battleshock(
        self,
        interaction: discord.Interaction,
        leadership: app_commands.Range[int, 2, 12] | None = None,
        unit: UnitName | None = None,
    ) -> None:
        """10th edition Battle-shock test: 2D6, passing on the Leadership or more."""
        if unit:
            embed = await self.tracked.battle_shock(interaction, unit)
            await interaction.response.send_message(embed=embed)
            return
        if leadership is None:
            raise VoxError("Give leadership (the 6 of 6+), or pick a unit of this game.")
        test = battle_shock_test(self.bot.dice, leadership)
        embed = battleshock_embed(
            test, chance_to_pass_battle_shock(leadership), interaction.user.display_name
        )
        await interaction.response.send_message(embed=embed)

    @app_commands.command(name="desperate-escape")
    @app_commands.describe(
        models="Models taking a Desperate Escape test (every model if the unit is battle-shocked)",
        unit="A unit of this channel's game: the models destroyed are removed from it",
    )
    @app_commands.autocomplete(unit=complete_units)
    async def desperate_escape(
        self,
        interaction: discord.Interaction,
        models: Models | None = None,
        unit: UnitName | None = None,
    ) -> None:
        """10th edition Desperate Escape: a D6 per model, each 1-2 destroys one, with exact odds."""
        if unit:
            embed = await self.tracked.desperate_escape(interaction, unit, models)
            await interaction.response.send_message(embed=embed)
            return
        if models is None:
            raise VoxError("Give models (how many take the test), or pick a unit of this game.")
        escape = desperate_escape(self.bot.dice, models)
        embed = desperate_escape_embed(
            escape, desperate_escape_pmf(models), interaction.user.display_name
        )
        await interaction.response.send_message(embed=embed)


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(TestButton)
    await bot.add_cog(MoraleCog(bot))

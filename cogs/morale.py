"""/morale (9th edition and Eternum), /battleshock and /desperate-escape (10th): from the numbers
given, or taken by a unit of the channel's game (`unit:`); what they do is `bot.play.leadership`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.errors import VoxError
from bot.play import leadership as tests
from bot.rules.morale import MAX_LEADERSHIP
from bot.rules.profiles import MAX_MODELS
from bot.ui.actors import actor
from bot.ui.checks.buttons import TestButton
from bot.ui.checks.embeds import (
    battleshock_embed,
    desperate_escape_embed,
    morale_embed,
    tracked_embed,
)
from bot.ui.game.units import UnitName, complete_units

Models = app_commands.Range[int, 1, MAX_MODELS]


class MoraleCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

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
        interaction: discord.Interaction[VoxBot],
        leadership: app_commands.Range[int, 1, MAX_LEADERSHIP] | None = None,
        lost: Models | None = None,
        models: Models | None = None,
        starting: Models | None = None,
        unit: UnitName | None = None,
    ) -> None:
        """9th edition Morale test: D6 + models lost, then Combat Attrition, with exact odds."""
        roller = interaction.user.display_name
        if unit:
            on = await tests.unit_morale(self.bot, actor(interaction), unit)
            await interaction.response.send_message(embed=tracked_embed(on, roller))
            return
        if leadership is None or lost is None or models is None or starting is None:
            raise VoxError(
                "Give leadership, lost, models and starting, or pick a unit of this game."
            )
        roll = tests.morale(self.bot.dice, leadership, lost, models, starting)
        await interaction.response.send_message(embed=morale_embed(roll, roller))

    @app_commands.command(name="battleshock")
    @app_commands.describe(
        leadership="The unit's Leadership: the 6 of 6+",
        unit="A unit of this channel's game: its Ld is used; failed, it is battle-shocked (OC 0)",
    )
    @app_commands.autocomplete(unit=complete_units)
    async def battleshock(
        self,
        interaction: discord.Interaction[VoxBot],
        leadership: app_commands.Range[int, 2, 12] | None = None,
        unit: UnitName | None = None,
    ) -> None:
        """10th edition Battle-shock test: 2D6, passing on the Leadership or more."""
        roller = interaction.user.display_name
        if unit:
            on = await tests.unit_battle_shock(self.bot, actor(interaction), unit)
            await interaction.response.send_message(embed=tracked_embed(on, roller))
            return
        if leadership is None:
            raise VoxError("Give leadership (the 6 of 6+), or pick a unit of this game.")
        roll = tests.battle_shock(self.bot.dice, leadership)
        await interaction.response.send_message(embed=battleshock_embed(roll, roller))

    @app_commands.command(name="desperate-escape")
    @app_commands.describe(
        models="Models taking a Desperate Escape test (every model if the unit is battle-shocked)",
        unit="A unit of this channel's game: the models destroyed are removed from it",
    )
    @app_commands.autocomplete(unit=complete_units)
    async def desperate_escape(
        self,
        interaction: discord.Interaction[VoxBot],
        models: Models | None = None,
        unit: UnitName | None = None,
    ) -> None:
        """10th edition Desperate Escape: a D6 per model, each 1-2 destroys one, with exact odds."""
        roller = interaction.user.display_name
        if unit:
            on = await tests.unit_escape(self.bot, actor(interaction), unit, models)
            await interaction.response.send_message(embed=tracked_embed(on, roller))
            return
        if models is None:
            raise VoxError("Give models (how many take the test), or pick a unit of this game.")
        roll = tests.desperate(self.bot.dice, models)
        await interaction.response.send_message(embed=desperate_escape_embed(roll, roller))


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(TestButton)
    await bot.add_cog(MoraleCog(bot))

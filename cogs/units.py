"""/unit: the units of the channel's game; here the hand corrections (damage, heal) and moves,
with the profile commands (add, weapon, list, show, edit, remove) from `cogs.unit_profiles`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import units
from bot.rules.editions import MoveKind
from bot.ui.actors import actor
from bot.ui.game.embeds import unit_line
from bot.ui.game.live import refresh
from bot.ui.game.units import UnitName, complete_units
from bot.ui.replies import confirm
from bot.ui.transformers import Choice
from cogs.unit_engagement import UnitEngagementCommands
from cogs.unit_profiles import UnitProfileCommands
from cogs.unit_reserves import UnitReserveCommands

MoveMode = app_commands.Transform[
    str, Choice("a move", ("normal", "advance", "fall back", "stationary"))
]
Count = app_commands.Range[int, 1, 100]
MOVES: dict[str, MoveKind] = {
    "normal": "normal",
    "advance": "advance",
    "fall back": "fall_back",
    "stationary": "stationary",
}


class UnitCog(
    UnitProfileCommands,
    UnitEngagementCommands,
    UnitReserveCommands,
    commands.GroupCog,
    group_name="unit",
    group_description="Units of this channel's game",
):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="damage")
    @app_commands.describe(wounds="Wounds to remove, one at a time, spilling to the next model")
    @app_commands.autocomplete(unit=complete_units)
    async def damage(
        self, interaction: discord.Interaction[VoxBot], unit: UnitName, wounds: Count
    ) -> None:
        """Correct a unit by hand: remove wounds (the damaged model first)."""
        after = await units.wound(self.bot, actor(interaction), unit, wounds)
        await self._answer(interaction, unit_line(after) if after else f"{unit} updated.")

    @app_commands.command(name="heal")
    @app_commands.describe(
        wounds="Wounds to restore to the damaged model", models="Models to bring back"
    )
    @app_commands.autocomplete(unit=complete_units)
    async def heal(
        self,
        interaction: discord.Interaction[VoxBot],
        unit: UnitName,
        wounds: app_commands.Range[int, 0, 50] = 0,
        models: app_commands.Range[int, 0, 100] = 0,
    ) -> None:
        """Correct a unit by hand: restore wounds or models."""
        after = await units.restore(self.bot, actor(interaction), unit, wounds, models)
        await self._answer(interaction, unit_line(after) if after else f"{unit} updated.")

    @app_commands.command(name="move")
    @app_commands.describe(mode="How it moves (an advance rolls its D6)")
    @app_commands.autocomplete(unit=complete_units)
    async def move(
        self, interaction: discord.Interaction[VoxBot], unit: UnitName, mode: MoveMode
    ) -> None:
        """Record a unit's move this turn: normal, advance (rolls D6), fall back or stationary."""
        moved = await units.move(self.bot, actor(interaction), unit, MOVES[mode])
        roll = (
            f' (advance roll {moved.advance_roll}: Move {moved.profile.move + moved.advance_roll}")'
            if moved and moved.advance_roll
            else ""
        )
        await self._answer(interaction, f"{unit}: {mode}{roll}.")

    async def _answer(self, interaction: discord.Interaction[VoxBot], text: str) -> None:
        """A hand correction or a move: said to the member; the live prompt shows the rest."""
        await confirm(interaction, text)
        await refresh(interaction)


async def setup(bot: VoxBot) -> None:
    await bot.add_cog(UnitCog(bot))

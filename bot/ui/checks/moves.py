"""Recording rolled results (charge, advance) on a unit of the channel's game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.game import Unit, move_unit
from bot.rules.editions import MoveKind
from bot.ui.permissions import check_may_change

if TYPE_CHECKING:
    from bot.client import VoxBot


class TrackedMoves:
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    async def check(
        self, interaction: discord.Interaction, unit: str, how: MoveKind, roll: int
    ) -> Unit:
        """Refuse, before any dice are rolled, a move the game does not allow now."""
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        check_may_change(interaction, table.state)
        move_unit(table.state, unit, how, roll=roll)  # decides only; nothing is appended
        found = table.state.unit(unit)
        assert found is not None
        return found

    async def record(
        self, interaction: discord.Interaction, unit: str, how: MoveKind, roll: int
    ) -> str:
        """Append the move with the roll that was shown; the words for the reply."""
        outcome = await self.bot.tracker.act(
            interaction.channel_id or 0,
            interaction.user.id,
            lambda s: move_unit(s, unit, how, roll=roll),
        )
        moved = outcome.state.unit(unit)
        name = moved.name if moved else unit
        if how == "charge":
            return f"{name} charged (recorded: it fights first in 9th)."
        return f"{name} advanced (recorded: Assault weapons only, and it cannot charge)."

"""Perils of the Warp on a psyker unit of the channel's game (seed 002: D3 mortal wounds that
spill over; if they destroy the unit, the power fails)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.game import Unit, chain, damage
from bot.game import guards as game_guards
from bot.game.events import DiceRolled
from bot.rules.psychic import MortalWoundsRoll
from bot.ui.game_buttons import check_may_change
from bot.ui.game_view import unit_line

if TYPE_CHECKING:
    from bot.client import VoxBot

SOURCE = "Perils of the Warp"


class TrackedPerils:
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    async def psyker(self, interaction: discord.Interaction, name: str) -> Unit:
        """The psyker's unit, checked before any dice are rolled (a game changer only)."""
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        check_may_change(interaction, table.state)
        return game_guards.alive(table.state, name)

    async def apply(
        self, interaction: discord.Interaction, unit: Unit | None, perils: MortalWoundsRoll | None
    ) -> tuple[bool, str | None]:
        """Apply Perils to the unit (one action: the damage and the logged roll); survived?"""
        if unit is None or perils is None:
            return True, None
        wounds = perils.mortal_wounds
        roll = DiceRolled(
            label=SOURCE, expression="D3", dice=(perils.die.value,), total=wounds,
            notable=True, unit=unit.name,
        )  # fmt: skip
        outcome = await self.bot.tracker.act(
            interaction.channel_id or 0,
            interaction.user.id,
            lambda s: chain(*damage(s, unit.name, [wounds], mortal=True, source=SOURCE), roll),
        )
        after = outcome.state.unit(unit.name)
        if after is None or after.destroyed:
            return False, (
                f'{unit.name} is destroyed by Perils: the power fails, and each unit within 6" '
                "suffers D3 mortal wounds (roll them with /roll dice:D3)."
            )
        return True, f"Perils: {unit_line(after)}"

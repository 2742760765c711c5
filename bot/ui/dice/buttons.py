"""The "Re-roll failed" button: its custom_id names the kept roll, so it survives restarts."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.play.rolls import reroll_failed
from bot.rules.pools import PoolRoll
from bot.ui.actors import actor
from bot.ui.components import Component
from bot.ui.dice.embeds import pool_embed

if TYPE_CHECKING:
    from bot.ui.components import VoxInteraction


class RerollButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:reroll:(?P<id>\d{1,18})",
):
    """Re-rolls the failed dice of one kept pool roll, once, for the player who rolled it."""

    def __init__(self, roll_id: int, *, done: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label="Re-rolled" if done else "Re-roll failed",
                emoji="🔁",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:reroll:{roll_id}",
                disabled=done,
            )
        )
        self.roll_id = roll_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RerollButton:
        return cls(int(match.group("id")))

    async def act(self, interaction: VoxInteraction) -> None:
        done = await reroll_failed(interaction.client, actor(interaction), self.roll_id)
        await interaction.response.edit_message(
            embed=pool_embed(done.pool, interaction.user.display_name, done.label),
            view=reroll_view(self.roll_id, done.pool),
        )


def reroll_view(roll_id: int, pool: PoolRoll) -> discord.ui.View:
    """A view holding the button, enabled while failed dice can still be re-rolled."""
    view = discord.ui.View(timeout=None)
    view.add_item(RerollButton(roll_id, done=not pool.rerollable_failures))
    return view

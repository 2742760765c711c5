"""The "Re-roll failed" button: its custom_id names the stored roll, so it survives restarts."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.errors import VoxError
from bot.rules.errors import IllegalAction
from bot.rules.pools import PoolRoll, Reroll, reroll_pool
from bot.store.rolls import ROLL_KEPT_FOR, RollExpired, load_roll, replace_roll
from bot.ui.components import Component
from bot.ui.dice.embeds import pool_embed

if TYPE_CHECKING:
    from bot.client import VoxBot

ALREADY = "Those dice have already been re-rolled; a die is never re-rolled twice."
EXPIRED = f"That roll is more than {ROLL_KEPT_FOR.days} days old; roll again."


class RerollButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:reroll:(?P<id>\d{1,18})",
):
    """Re-rolls the failed dice of one stored pool roll, once, for the player who rolled it."""

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

    async def act(self, interaction: discord.Interaction) -> None:
        bot = cast("VoxBot", interaction.client)
        try:
            stored = await load_roll(bot.db, self.roll_id)
        except RollExpired as expired:
            raise VoxError(EXPIRED) from expired
        if stored is None:
            raise VoxError("That roll is no longer kept; roll again with /roll.")
        if interaction.user.id != stored.owner_id:
            raise VoxError("Only the player who rolled these dice can re-roll them.")
        if not stored.pool.rerollable_failures:
            raise IllegalAction(ALREADY)
        pool = reroll_pool(stored.pool, Reroll.FAILED, bot.dice)
        if not await replace_roll(bot.db, stored, pool):
            raise IllegalAction(ALREADY)
        await interaction.response.edit_message(
            embed=pool_embed(pool, interaction.user.display_name, stored.label),
            view=reroll_view(self.roll_id, pool),
        )


def reroll_view(roll_id: int, pool: PoolRoll) -> discord.ui.View:
    """A view holding the button, enabled while failed dice can still be re-rolled."""
    view = discord.ui.View(timeout=None)
    view.add_item(RerollButton(roll_id, done=not pool.rerollable_failures))
    return view

"""The /roll buttons: "Re-roll failed" and "Roll again". Their custom_ids name the stored roll,
so both survive restarts."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.play.rolls import Rolled, reroll_failed, roll_again
from bot.rules.pools import PoolRoll
from bot.ui.actors import actor
from bot.ui.components import Component
from bot.ui.dice.embeds import roll_embed, single_pool_embed

if TYPE_CHECKING:
    from bot.ui.components import VoxInteraction


class RerollButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    # `:again` (the roll log row of Roll again) is absent from buttons posted before it existed
    template=r"vox:reroll:(?P<id>\d{1,18})(?::(?P<again>\d{1,20}))?",
):
    """Re-rolls the failed dice of one kept pool roll, once, for the player who rolled it."""

    def __init__(self, roll_id: int, again: int | None = None, *, done: bool = False) -> None:
        suffix = "" if again is None else f":{again}"
        super().__init__(
            discord.ui.Button(
                label="Re-rolled" if done else "Re-roll failed",
                emoji="🔁",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:reroll:{roll_id}{suffix}",
                disabled=done,
            )
        )
        self.roll_id, self.again = roll_id, again

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RerollButton:
        again = match.group("again")
        return cls(int(match.group("id")), None if again is None else int(again))

    async def act(self, interaction: VoxInteraction) -> None:
        done = await reroll_failed(interaction.client, actor(interaction), self.roll_id)
        await interaction.response.edit_message(
            embed=single_pool_embed(done.pool, interaction.user.display_name, done.label),
            view=reroll_view(self.roll_id, done.pool, self.again),
        )


class RollAgainButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:again:(?P<id>\d{1,20})",
):
    """Rolls the same /roll text again, for whoever presses it, as a new message."""

    def __init__(self, key: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Roll again",
                emoji="🎲",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:again:{key}",
            )
        )
        self.key = key  # the id of the interaction that rolled it: its roll log row's again_key

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction,
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RollAgainButton:
        return cls(int(match.group("id")))

    async def act(self, interaction: VoxInteraction) -> None:
        done = await roll_again(interaction.client, actor(interaction), self.key)
        await send_roll(interaction, done, again=True)


async def send_roll(interaction: VoxInteraction, done: Rolled, *, again: bool = False) -> None:
    """The roll's embed and its buttons, as the interaction's reply (private if secret); its
    Roll again button names this interaction, whose roll log row is written after the reply."""
    embed = roll_embed(done.roll, interaction.user.display_name, done.label, again=again)
    key = interaction.id if interaction.channel_id else None
    view = roll_view(done, key)
    await interaction.response.send_message(
        embed=embed, view=view or discord.utils.MISSING, ephemeral=done.secret
    )


def roll_view(done: Rolled, key: int | None) -> discord.ui.View | None:
    """Re-roll failed (a single kept pool) and Roll again (`key`: a roll that will be logged)."""
    pool = done.roll.sets[0]
    if done.kept is not None and isinstance(pool, PoolRoll):
        return reroll_view(done.kept, pool, key)
    if key is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(RollAgainButton(key))
    return view


def reroll_view(roll_id: int, pool: PoolRoll, again: int | None = None) -> discord.ui.View:
    """Re-roll failed, enabled while failed dice can still be re-rolled, and Roll again."""
    view = discord.ui.View(timeout=None)
    view.add_item(RerollButton(roll_id, again, done=not pool.rerollable_failures))
    if again is not None:
        view.add_item(RollAgainButton(again))
    return view

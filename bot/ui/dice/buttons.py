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
    template=r"vox:reroll:(?P<id>\d{1,18})(?::(?P<again>\d{1,18}))?",
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
    template=r"vox:again:(?P<id>\d{1,18})",
):
    """Rolls the same /roll text again, for whoever presses it, as a new message."""

    def __init__(self, logged: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Roll again",
                emoji="🎲",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:again:{logged}",
            )
        )
        self.logged = logged

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
        name = interaction.user.display_name
        done = await roll_again(interaction.client, actor(interaction), name, self.logged)
        await send_roll(interaction, done, name, again=True)


async def send_roll(
    interaction: VoxInteraction, done: Rolled, name: str, *, again: bool = False
) -> None:
    """The roll's embed and its buttons, as the interaction's reply (private if secret)."""
    embed = roll_embed(done.roll, name, done.label, again=again)
    view = roll_view(done)
    await interaction.response.send_message(
        embed=embed, view=view or discord.utils.MISSING, ephemeral=done.secret
    )


def roll_view(done: Rolled) -> discord.ui.View | None:
    """Re-roll failed (a single kept pool) and Roll again (a logged roll), if either applies."""
    pool = done.roll.sets[0]
    if done.kept is not None and isinstance(pool, PoolRoll):
        return reroll_view(done.kept, pool, done.logged)
    if done.logged is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(RollAgainButton(done.logged))
    return view


def reroll_view(roll_id: int, pool: PoolRoll, again: int | None = None) -> discord.ui.View:
    """Re-roll failed, enabled while failed dice can still be re-rolled, and Roll again."""
    view = discord.ui.View(timeout=None)
    view.add_item(RerollButton(roll_id, again, done=not pool.rerollable_failures))
    if again is not None:
        view.add_item(RollAgainButton(again))
    return view

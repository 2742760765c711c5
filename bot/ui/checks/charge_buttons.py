"""The re-roll button of a failed declared charge (`vox:recharge:<game>:<seq>`, `seq` being its
ChargeDeclared event): "Command Re-roll (1 CP)" in editions with Command points, "Re-roll (an
ability)" without. Everything it needs is in the custom_id and the game, so it works after a
restart; the answer edits the charge's card (the re-roll and its result, the button gone)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.play import charges
from bot.play.charges import Charge, Offer, Rerolled
from bot.ui.actors import actor
from bot.ui.checks.embeds import charge_embed
from bot.ui.components import Component, VoxInteraction

COMMAND_REROLL = "Command Re-roll (1 CP)"
ABILITY_REROLL = "Re-roll (an ability)"


def charge_card(rolled: Charge, roller: str) -> tuple[discord.Embed, discord.ui.View | None]:
    """The charge's one public card, with the re-roll button a failed declared charge offers."""
    embed = charge_embed(rolled, roller)
    if rolled.offer is None:
        return embed, None
    view = discord.ui.View(timeout=None)
    view.add_item(ChargeRerollButton.offering(rolled.offer))
    return embed, view


def rerolled_embed(rerolled: Rerolled, roller: str) -> discord.Embed:
    """The card after its re-roll: the re-rolled charge and what the re-roll cost."""
    embed = charge_embed(rerolled.charge, roller)
    if rerolled.cp_left is None:
        embed.add_field(name="Re-roll", value="An ability: nothing spent.", inline=False)
    else:
        spent = f"1 CP spent ({rerolled.cp_left} CP left)."
        embed.add_field(name="Command Re-roll", value=spent, inline=False)
    return embed


class ChargeRerollButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:recharge:(?P<game>\d{1,18}):(?P<seq>\d{1,9})",
):
    def __init__(self, game_id: int, seq: int, label: str = COMMAND_REROLL) -> None:
        super().__init__(
            discord.ui.Button(
                label=label,
                emoji="🎲",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:recharge:{game_id}:{seq}",
            )
        )
        self.game_id, self.seq = game_id, seq

    @classmethod
    def offering(cls, offer: Offer) -> ChargeRerollButton:
        label = COMMAND_REROLL if offer.costs_cp else ABILITY_REROLL
        return cls(offer.game_id, offer.seq, label)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChargeRerollButton:
        return cls(int(match.group("game")), int(match.group("seq")))

    async def act(self, interaction: VoxInteraction) -> None:
        rerolled = await charges.reroll(
            interaction.client, actor(interaction), self.game_id, self.seq
        )
        embed = rerolled_embed(rerolled, interaction.user.display_name)
        if interaction.message is None:
            await interaction.response.send_message(embed=embed)
            return
        await interaction.response.edit_message(embed=embed, view=None)

"""Eternum Reserve Rolls on the Movement prompt (seed 004): a "Reserve Roll: <unit>" button per
unit of the active player that may roll now, and the embed a tracked Reserve Roll answers with
(the button's and `/reserves unit:`'s).

`vox:rr:<game>:<phase seq>:<unit>` holds everything, so a button works after a restart; one from
an earlier phase says so instead of rolling, and a unit rolls once a turn.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.game import GameState
from bot.game.reserves import waiting
from bot.play import reserves
from bot.play.reserves import ReserveRoll
from bot.rules.deployment import AUTOMATIC_RESERVE_TURN
from bot.ui.actors import actor
from bot.ui.checks.embeds import reserves_embed
from bot.ui.components import Component, VoxInteraction

MAX_COMPONENTS = 25  # Discord's limit for one message


def add_reserve_buttons(view: discord.ui.View, game_id: int, state: GameState) -> int:
    """Add a button per unit that may make its Reserve Roll now; how many did not fit."""
    units = waiting(state)
    room = max(0, MAX_COMPONENTS - len(view.children))
    for unit in units[:room]:
        view.add_item(ReserveButton(game_id, state.phase_seq, unit.name))
    return max(0, len(units) - room)


def reserve_roll_embed(result: ReserveRoll, roller: str) -> discord.Embed:
    """The roll with its odds, and what it means for the unit."""
    embed = reserves_embed(result.rolled, roller)
    turn = result.rolled.rolls.turn
    if result.arrived:
        then = (
            "arrives: set it up wholly within 6\" of a battlefield edge other than the enemy's, "
            "outside their deployment zone"
        )
    elif turn + 1 >= AUTOMATIC_RESERVE_TURN:
        then = "stays in Reserve: it arrives by itself at the start of your fourth turn"
    else:
        then = "stays in Reserve: roll for it again next turn"
    embed.add_field(name="Tracked unit", value=f"**{result.unit}** {then}.", inline=False)
    return embed


class ReserveButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:rr:(?P<game>\d{1,18}):(?P<seq>\d{1,9}):(?P<unit>.{1,60})",
):
    def __init__(self, game_id: int, seq: int, unit: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Reserve Roll: {unit}"[:80],
                emoji="🎲",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:rr:{game_id}:{seq}:{unit}",
            )
        )
        self.game_id, self.seq, self.unit = game_id, seq, unit

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReserveButton:
        return cls(int(match.group("game")), int(match.group("seq")), match.group("unit"))

    async def act(self, interaction: VoxInteraction) -> None:
        result = await reserves.prompted(
            interaction.client, actor(interaction), self.game_id, self.seq, self.unit
        )
        embed = reserve_roll_embed(result, interaction.user.display_name)
        await interaction.response.send_message(embed=embed)

"""Game buttons: who goes first after a roll-off (`vox:first:<game>:<chooser>:<player>`), and
"Next phase" (`vox:next:<game>:<seq>`, kept with the live prompt it edits: `bot.ui.game.live`).
What they need is in the custom_id, so they work after a restart, and a button from an older
prompt says so instead of acting twice."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.play import game
from bot.ui.actors import actor
from bot.ui.components import Component, VoxInteraction
from bot.ui.game.live import NextPhaseButton, next_view, show

__all__ = ["FirstPlayerButton", "NextPhaseButton", "announce", "first_player_view", "next_view"]

announce = show  # a change of phase answers with the live prompt


def first_player_view(
    game_id: int, chooser: int, players: tuple[int, ...], names: dict[int, str]
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for player in players:
        view.add_item(FirstPlayerButton(game_id, chooser, player, names.get(player, "that player")))
    return view


class FirstPlayerButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:first:(?P<game>\d{1,18}):(?P<chooser>\d{1,20}):(?P<player>\d{1,20})",
):
    def __init__(self, game_id: int, chooser: int, player: int, name: str = "") -> None:
        label = f"{name} goes first"[:80] if name else "Goes first"
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"vox:first:{game_id}:{chooser}:{player}",
            )
        )
        self.game_id, self.chooser, self.player = game_id, chooser, player

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FirstPlayerButton:
        return cls(
            int(match.group("game")), int(match.group("chooser")), int(match.group("player"))
        )

    async def act(self, interaction: VoxInteraction) -> None:
        result = await game.choose_first(
            interaction.client, actor(interaction), self.game_id, self.chooser, self.player
        )
        await show(interaction, result)

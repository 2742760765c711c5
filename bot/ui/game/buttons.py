"""Game buttons: "Next phase" (`vox:next:<game>:<seq>`) and who goes first after a roll-off
(`vox:first:<game>:<chooser>:<player>`), and the announcement they (and /game) answer with. What
they need is in the custom_id, so they work after a restart, and a button from an older prompt
says so instead of acting twice."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.play import game
from bot.play.game import Announcement
from bot.ui.actors import actor
from bot.ui.campaign.games import after_game
from bot.ui.checks.buttons import add_test_buttons
from bot.ui.components import Component, VoxInteraction
from bot.ui.game.embeds import announcement_embeds
from bot.ui.game.reserves import add_reserve_buttons
from bot.ui.mentions import only


def announcement(result: Announcement) -> tuple[list[discord.Embed], discord.ui.View | None]:
    """The embeds (`announcement_embeds`), and under a prompt its Next-phase and test buttons."""
    embeds = announcement_embeds(result)
    prompt = result.prompt
    if prompt is None:
        return embeds, None
    view = next_view(result.game_id, prompt.seq)
    left = add_test_buttons(view, result.game_id, prompt)
    add_reserve_buttons(view, result.game_id, result.state)  # Eternum, Movement phase
    if left:
        command = "/morale" if prompt.test == "morale" else "/battleshock"
        embeds[-1].add_field(name="More tests", value=f"{left} more units: use {command} unit:")
    return embeds, view


async def announce(interaction: VoxInteraction, result: Announcement) -> None:
    """Answer with the announcement; a campaign game that just ended opens its aftermath."""
    embeds, view = announcement(result)
    state = result.state
    await interaction.response.send_message(
        embeds=embeds,
        view=view or discord.utils.MISSING,
        allowed_mentions=only(state.active if state.status != "ended" else None),
    )
    await after_game(interaction, result.outcome)


def next_view(game_id: int, seq: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(NextPhaseButton(game_id, seq))
    return view


def first_player_view(
    game_id: int, chooser: int, players: tuple[int, ...], names: dict[int, str]
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for player in players:
        view.add_item(FirstPlayerButton(game_id, chooser, player, names.get(player, "that player")))
    return view


class NextPhaseButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:next:(?P<game>\d{1,18}):(?P<seq>\d{1,9})",
):
    def __init__(self, game_id: int, seq: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Next phase",
                emoji="⏭️",
                style=discord.ButtonStyle.primary,
                custom_id=f"vox:next:{game_id}:{seq}",
            )
        )
        self.game_id = game_id
        self.seq = seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> NextPhaseButton:
        return cls(int(match.group("game")), int(match.group("seq")))

    async def act(self, interaction: VoxInteraction) -> None:
        result = await game.advance(interaction.client, actor(interaction), self.game_id, self.seq)
        await announce(interaction, result)


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
        await announce(interaction, result)

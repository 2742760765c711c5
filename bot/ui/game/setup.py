"""Eternum set-up buttons (seed 004): the roll-off winner picks the Attacker
(`vox:role:<game>:<chooser>:<attacker>`), then a player says who finished deploying first
(`vox:deployed:<game>:<player>`), which rolls the first-turn roll-off with that player's +1; its
winner chooses who goes first with the usual buttons. Each step is an undoable game event."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.errors import Stale, VoxError
from bot.game.flow import choose_roles, finish_deployment, may_finish_deployment
from bot.rules.deployment import first_turn_rolloff
from bot.tracker import Table
from bot.ui.components import Component
from bot.ui.dice.embeds import rolloff_embed
from bot.ui.game.buttons import first_player_view
from bot.ui.game.embeds import who
from bot.ui.mentions import only
from bot.ui.permissions import check_may_change

if TYPE_CHECKING:
    from bot.client import VoxBot


def roles_view(game_id: int, chooser: int, names: dict[int, str]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for player, name in names.items():
        view.add_item(RoleButton(game_id, chooser, player, name))
    return view


def deployed_view(game_id: int, names: dict[int, str]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for player, name in names.items():
        view.add_item(DeployedButton(game_id, player, name))
    return view


async def _table(interaction: discord.Interaction, game_id: int) -> tuple[VoxBot, Table]:
    bot = cast("VoxBot", interaction.client)
    table = await bot.tracker.table(interaction.channel_id or 0)
    if table is None or table.record.id != game_id:
        raise Stale("That game is over; this button no longer does anything.")
    return bot, table


async def _names(interaction: discord.Interaction, players: tuple[int, ...]) -> dict[int, str]:
    """Display names for buttons; a mention-free fallback when a member cannot be resolved."""
    guild = interaction.guild
    names = {}
    for player in players:
        member = guild.get_member(player) if guild else None
        names[player] = member.display_name if member else f"Player {players.index(player) + 1}"
    return names


class RoleButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:role:(?P<game>\d{1,18}):(?P<chooser>\d{1,20}):(?P<attacker>\d{1,20})",
):
    def __init__(self, game_id: int, chooser: int, attacker: int, name: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=f"{name} is the Attacker"[:80] if name else "Attacker",
                emoji="⚔️",
                style=discord.ButtonStyle.primary,
                custom_id=f"vox:role:{game_id}:{chooser}:{attacker}",
            )
        )
        self.game_id, self.chooser, self.attacker = game_id, chooser, attacker

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RoleButton:
        game, chooser, attacker = (int(match.group(k)) for k in ("game", "chooser", "attacker"))
        return cls(game, chooser, attacker)

    async def act(self, interaction: discord.Interaction) -> None:
        bot, _ = await _table(interaction, self.game_id)
        if interaction.user.id != self.chooser:
            raise VoxError(f"{who(self.chooser)} won the roll-off, so they pick the Attacker.")
        outcome = await bot.tracker.act(
            interaction.channel_id or 0,
            interaction.user.id,
            lambda s: choose_roles(s, self.attacker),
        )
        state = outcome.state
        text = (
            f"⚔️ {who(self.attacker)} is the **Attacker**, {who(state.other(self.attacker))} the "
            "**Defender**. Deploy now. The player who finishes deploying first gets +1 to the "
            "roll-off for the first turn: press their button when they are done."
        )
        view = deployed_view(self.game_id, await _names(interaction, state.players))
        both = only(*state.players)  # both players are asked to deploy now
        await interaction.response.send_message(text, view=view, allowed_mentions=both)


class DeployedButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:deployed:(?P<game>\d{1,18}):(?P<player>\d{1,20})",
):
    def __init__(self, game_id: int, player: int, name: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=f"{name} finished deploying first"[:80] if name else "Finished first",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:deployed:{game_id}:{player}",
            )
        )
        self.game_id, self.player = game_id, player

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DeployedButton:
        return cls(int(match.group("game")), int(match.group("player")))

    async def act(self, interaction: discord.Interaction) -> None:
        bot, table = await _table(interaction, self.game_id)
        check_may_change(interaction, table.state)
        players = table.state.players
        if self.player not in players:
            raise Stale("That player is not in this game; this button no longer does anything.")
        may_finish_deployment(table.state, self.player)  # before any dice are rolled
        rolloff = first_turn_rolloff(bot.dice, players.index(self.player))
        outcome = await bot.tracker.act(
            interaction.channel_id or 0,
            interaction.user.id,
            lambda s: finish_deployment(s, self.player, rolloff),
        )
        chooser = outcome.state.chooser
        assert chooser is not None
        names = await _names(interaction, players)
        embed = rolloff_embed(
            rolloff, names[players[0]], names[players[1]], title="🎲 Roll-off for the first turn"
        )
        embed.description = (
            f"{who(self.player)} finished deploying first: +1 to their roll.\n{embed.description}"
            f"\n\n{who(chooser)}, choose who takes the first turn."
        )
        view = first_player_view(self.game_id, chooser, players, names)
        await interaction.response.send_message(
            embed=embed, view=view, allowed_mentions=only(chooser)
        )

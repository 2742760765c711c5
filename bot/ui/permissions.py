"""Who may change a game: its two players, or a member with Manage Channels (anyone may roll)."""

from __future__ import annotations

import discord

from bot.errors import VoxError
from bot.game import GameState

NOT_A_PLAYER = "Only the two players (or someone with Manage Channels) can change this game."


def check_may_change(interaction: discord.Interaction, state: GameState) -> None:
    """Anyone may roll; only the players or a member with Manage Channels change a game."""
    perms = interaction.permissions
    if interaction.user.id not in state.players and not perms.manage_channels:
        raise VoxError(NOT_A_PLAYER)

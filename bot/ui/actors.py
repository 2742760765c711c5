"""The `Actor` (`bot.play.actor`) an interaction stands for."""

from __future__ import annotations

from typing import Any

import discord

from bot.play.actor import Actor


def actor(interaction: discord.Interaction[Any]) -> Actor:
    perms = interaction.permissions
    return Actor(
        user_id=interaction.user.id,
        channel_id=interaction.channel_id or 0,
        guild_id=interaction.guild_id,
        manages_channel=perms.manage_channels,
        manages_server=perms.manage_guild,
    )

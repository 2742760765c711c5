"""/help."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.ui.help.embeds import TOPICS, help_embed
from bot.ui.transformers import Choice

Topic = app_commands.Transform[str, Choice("a topic", tuple(TOPICS))]


class HelpCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    @app_commands.command(name="help")
    @app_commands.describe(topic="Show this topic's commands with examples")
    async def help(
        self, interaction: discord.Interaction[VoxBot], topic: Topic | None = None
    ) -> None:
        """What Vox does, and every command with an example."""
        embed = help_embed(self.bot.tree, topic)
        await interaction.response.send_message(embed=embed, ephemeral=True)


async def setup(bot: VoxBot) -> None:
    await bot.add_cog(HelpCog(bot))

"""/help."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.ui.help_view import help_embed


class HelpCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    @app_commands.command(name="help")
    async def help(self, interaction: discord.Interaction) -> None:
        """What Vox does, and every command with an example."""
        await interaction.response.send_message(embed=help_embed(self.bot.tree), ephemeral=True)


async def setup(bot: VoxBot) -> None:
    await bot.add_cog(HelpCog(bot))

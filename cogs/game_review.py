"""/game status|log|summary: reading the channel's game, the active one or else the one that
ended last (the commands of the /game group that `cogs.game` declares)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.errors import VoxError
from bot.play import review
from bot.play.review import MAX_ROUND, Review
from bot.ui.game.buttons import next_view
from bot.ui.game.embeds import log_embed, review_summary_embed, status_embed

Round = app_commands.Range[int, 1, MAX_ROUND]


def status_view(shown: Review) -> discord.ui.View | None:
    """The Next phase button of the phase the status shows, while the game is being played."""
    if shown.state.phase is None:
        return None
    return next_view(shown.game_id, shown.state.phase_seq)


class GameReviewCommands(commands.Cog):
    bot: VoxBot

    @app_commands.command(name="status")
    async def status(self, interaction: discord.Interaction[VoxBot]) -> None:
        """Round, player, phase, CP and VP, and every unit; a finished game: its result."""
        shown = await review.status(self.bot, interaction.channel_id or 0)
        view = status_view(shown)
        await interaction.response.send_message(
            embed=status_embed(shown.state, shown.ended), view=view or discord.utils.MISSING
        )

    @app_commands.command(name="log")
    @app_commands.describe(count="How many events to show (default 10)")
    async def log(
        self, interaction: discord.Interaction[VoxBot], count: app_commands.Range[int, 1, 50] = 10
    ) -> None:
        """The last events of this channel's game (or the one that just ended), in words, and the
        rolls made beside it."""
        if not 1 <= count <= 50:
            raise VoxError("Show 1 to 50 events.")
        found = await review.log(self.bot, interaction.channel_id or 0)
        await interaction.response.send_message(embed=log_embed(found.lines, count, found.finished))

    @app_commands.command(name="summary")
    @app_commands.describe(round="A round that has ended (default: the last one)")
    async def summary(
        self, interaction: discord.Interaction[VoxBot], round: Round | None = None
    ) -> None:
        """The summary of a finished round: points, casualties, the biggest attack."""
        shown = await review.summary(self.bot, interaction.channel_id or 0, round)
        await interaction.response.send_message(embed=review_summary_embed(shown))

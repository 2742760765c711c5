"""/rolls history|stats: the channel's roll log, a page at a time, and whether its D6s are fair.

A group of its own: /roll keeps its options, and Discord lets a command have options or
subcommands, not both.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import roll_history
from bot.ui.dice.fairness import stats_chart, stats_embed
from bot.ui.dice.history import HistoryButton, history_embed, history_view

SINCE_LENGTH = 10  # YYYY-MM-DD
Since = app_commands.Range[str, 8, SINCE_LENGTH]  # 2025-3-4 to 2025-03-04


class RollsCog(
    commands.GroupCog, group_name="rolls", group_description="This channel's rolls and their dice"
):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="history")
    async def history(self, interaction: discord.Interaction[VoxBot]) -> None:
        """The channel's recent rolls, newest first: who, what, the result, when."""
        page = await roll_history.history(self.bot, interaction.channel_id or 0)
        view = history_view(page)
        await interaction.response.send_message(
            embed=history_embed(page), view=view or discord.utils.MISSING
        )

    @app_commands.command(name="stats")
    @app_commands.describe(
        player="Only this member's rolls (default: everyone's)",
        since="Only rolls from this day on, UTC, as YYYY-MM-DD (default: every roll kept)",
    )
    async def stats(
        self,
        interaction: discord.Interaction[VoxBot],
        player: discord.User | None = None,
        since: Since | None = None,
    ) -> None:
        """How often each D6 face came up here, and whether that is unusual for fair dice."""
        day = None if since is None else roll_history.since_date(since, roll_history.today_utc())
        fair = await roll_history.stats(
            self.bot, interaction.channel_id or 0, user_id=player.id if player else None, since=day
        )
        who = player.display_name if player else None
        embed = stats_embed(fair, who, day)
        if fair.total == 0:
            await interaction.response.send_message(embed=embed)
            return
        file = await stats_chart(fair, who, day)
        await interaction.response.send_message(embed=embed, file=file)


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(HistoryButton)
    await bot.add_cog(RollsCog(bot))

"""/cp add|spend and /vp add for the channel's game."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play.game import PointsChange, change_points
from bot.ui.actors import actor
from bot.ui.game.embeds import who
from bot.ui.game.live import refresh
from bot.ui.replies import confirm
from bot.ui.transformers import BoundedText

Amount = app_commands.Range[int, 1, 100]
Reason = app_commands.Transform[str, BoundedText("the reason", 100)]


class PointsCog(commands.Cog):
    cp = app_commands.Group(name="cp", description="Command points")
    vp = app_commands.Group(name="vp", description="Victory points")

    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    async def _change(
        self,
        interaction: discord.Interaction[VoxBot],
        kind: PointsChange,
        amount: int,
        reason: str | None,
    ) -> None:
        points = await change_points(self.bot, actor(interaction), kind, amount, reason or "")
        text = f"{who(points.player)} now has **{points.cp}** CP and **{points.vp}** VP"
        await confirm(interaction, text + (f" ({reason})." if reason else "."))
        await refresh(interaction, points.outcome)

    @cp.command(name="add")
    @app_commands.describe(amount="How many CP", reason="What for")
    async def cp_add(
        self, interaction: discord.Interaction[VoxBot], amount: Amount, reason: Reason | None = None
    ) -> None:
        """Gain command points."""
        await self._change(interaction, "gain", amount, reason)

    @cp.command(name="spend")
    @app_commands.describe(amount="How many CP", reason="What for, e.g. Command Re-roll")
    async def cp_spend(
        self, interaction: discord.Interaction[VoxBot], amount: Amount, reason: Reason | None = None
    ) -> None:
        """Spend command points (never below 0)."""
        await self._change(interaction, "spend", amount, reason)

    @vp.command(name="add")
    @app_commands.describe(amount="How many VP", reason="What for, e.g. Hold the centre")
    async def vp_add(
        self, interaction: discord.Interaction[VoxBot], amount: Amount, reason: Reason | None = None
    ) -> None:
        """Score victory points."""
        await self._change(interaction, "score", amount, reason)


async def setup(bot: VoxBot) -> None:
    await bot.add_cog(PointsCog(bot))

"""/campaign requisition spend|add|supply: a mixin of the /campaign cog (discord.py collects a
cog's command groups from its base classes too)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import campaign_roster as roster
from bot.ui.actors import actor
from bot.ui.campaign.options import CampaignName, complete_campaigns
from bot.ui.campaign.sentences import requisition_line
from bot.ui.transformers import BoundedText

Reason = app_commands.Transform[str, BoundedText("the reason", 200)]
RP = app_commands.Range[int, 1, 10]


class RequisitionCommands(commands.Cog):
    bot: VoxBot
    requisition = app_commands.Group(name="requisition", description="Requisition points")

    @requisition.command(name="spend")
    @app_commands.describe(amount="RP to spend (1-10)", reason="What for")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def rp_spend(
        self,
        interaction: discord.Interaction[VoxBot],
        campaign: CampaignName,
        amount: RP,
        reason: Reason | None = None,
    ) -> None:
        """Spend your requisition points."""
        after = await roster.spend(self.bot, actor(interaction), campaign, amount, reason or "")
        await interaction.response.send_message(requisition_line(after))

    @requisition.command(name="add")
    @app_commands.describe(
        amount="RP to add (1-10)", reason="Why", player="Whose (admins only; default you)"
    )
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def rp_add(
        self,
        interaction: discord.Interaction[VoxBot],
        campaign: CampaignName,
        amount: RP,
        reason: Reason | None = None,
        player: discord.User | None = None,
    ) -> None:
        """Add requisition points (a correction, or a mission reward)."""
        who = (player or interaction.user).id
        after = await roster.grant(
            self.bot, actor(interaction), campaign, who, amount, reason or ""
        )
        await interaction.response.send_message(requisition_line(after))

    @requisition.command(name="supply")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def rp_supply(
        self, interaction: discord.Interaction[VoxBot], campaign: CampaignName
    ) -> None:
        """Increase Supply Limit: spend RP to raise your roster's supply limit."""
        after = await roster.raise_supply(self.bot, actor(interaction), campaign)
        await interaction.response.send_message(requisition_line(after))

"""/campaign create|join|status|roster|card|standings|history: a mixin of the /campaign cog
(discord.py collects a cog's commands from its base classes too)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.campaign import pending
from bot.client import VoxBot
from bot.errors import VoxError
from bot.play import campaigns
from bot.ui.actors import actor
from bot.ui.campaign.aftermath_embeds import step_embed
from bot.ui.campaign.buttons import step_view
from bot.ui.campaign.embeds import (
    card_embed,
    history_embed,
    roster_embed,
    standings_embed,
    status_embed,
)
from bot.ui.campaign.options import (
    CampaignName,
    CardName,
    NewCampaignName,
    complete_campaigns,
    complete_cards,
)
from bot.ui.campaign.sentences import created_line, joined_line
from bot.ui.transformers import Choice, NameText

Edition = app_commands.Transform[str, Choice("an edition", ("9th", "10th", "eternum"))]
Label = app_commands.Transform[str, NameText("the label", 40)]
Battles = app_commands.Range[int, 1, 25]


class BookCommands(commands.Cog):
    bot: VoxBot

    @app_commands.command(name="create")
    @app_commands.describe(name="The campaign's name", edition="Crusade rules (default 9th)")
    async def create(
        self,
        interaction: discord.Interaction[VoxBot],
        name: NewCampaignName,
        edition: Edition = "9th",
    ) -> None:
        """Start a campaign in this server; you join it and administer it."""
        created = await campaigns.create(self.bot, actor(interaction), name, edition)
        await interaction.response.send_message(created_line(created.state))

    @app_commands.command(name="join")
    @app_commands.describe(campaign="Which campaign", label="Your army or faction, for the roster")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def join(
        self,
        interaction: discord.Interaction[VoxBot],
        campaign: CampaignName,
        label: Label | None = None,
    ) -> None:
        """Join a campaign of this server with your own roster."""
        joined = await campaigns.enlist(self.bot, actor(interaction), campaign, label or "")
        await interaction.response.send_message(joined_line(joined.state, interaction.user.id))

    @app_commands.command(name="status")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def status(
        self, interaction: discord.Interaction[VoxBot], campaign: CampaignName
    ) -> None:
        """Players, requisition, supply, results, and the post-battle step waiting."""
        found = await campaigns.find(self.bot, actor(interaction), campaign)
        step = pending(found.state)
        view = step_view(found.campaign_id, found.state, step) if step else None
        embeds = [status_embed(found.state)]
        if step is not None and view is not None:
            embeds.append(step_embed(found.state, step))
        await interaction.response.send_message(embeds=embeds, view=view or discord.utils.MISSING)

    @app_commands.command(name="roster")
    @app_commands.describe(player="Whose roster (default: yours)")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def roster(
        self,
        interaction: discord.Interaction[VoxBot],
        campaign: CampaignName,
        player: discord.User | None = None,
    ) -> None:
        """A player's Crusade roster: every unit with its rank, XP, points, honours and scars."""
        who = (player or interaction.user).id
        found = await campaigns.roster(self.bot, actor(interaction), campaign, who)
        await interaction.response.send_message(embed=roster_embed(found.state, who))

    @app_commands.command(name="card")
    @app_commands.autocomplete(campaign=complete_campaigns, unit=complete_cards)
    async def card(
        self, interaction: discord.Interaction[VoxBot], campaign: CampaignName, unit: CardName
    ) -> None:
        """One unit's Crusade card."""
        found, card = await campaigns.card(self.bot, actor(interaction), campaign, unit)
        await interaction.response.send_message(embed=card_embed(found.state, card))

    @app_commands.command(name="standings")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def standings(
        self, interaction: discord.Interaction[VoxBot], campaign: CampaignName
    ) -> None:
        """Wins, losses, draws and victory points of every player."""
        found = await campaigns.find(self.bot, actor(interaction), campaign)
        await interaction.response.send_message(embed=standings_embed(found.state))

    @app_commands.command(name="history")
    @app_commands.describe(count="How many battles, newest first (default 10)")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def history(
        self, interaction: discord.Interaction[VoxBot], campaign: CampaignName, count: Battles = 10
    ) -> None:
        """The battles with their results and narrative notes."""
        if not 1 <= count <= 25:
            raise VoxError("Show 1 to 25 battles.")
        found = await campaigns.find(self.bot, actor(interaction), campaign)
        await interaction.response.send_message(embed=history_embed(found.state, count))

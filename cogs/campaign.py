"""/campaign: Crusade campaigns across a server's channels and evenings (thin: what each command
does is in bot/play, its embeds and components in bot/ui/campaign; the commands are spread over
the mixins this cog is made of)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import campaign_games, campaigns
from bot.ui.actors import actor
from bot.ui.campaign.buttons import HonourButton, MarkSelect, OutOfActionButton
from bot.ui.campaign.files import export_file
from bot.ui.campaign.options import (
    CampaignName,
    CardName,
    NewCampaignName,
    complete_campaigns,
    complete_cards,
)
from bot.ui.campaign.sentences import imported_line, undone_line
from bot.ui.campaign.table import fielded_line
from bot.ui.transformers import BoundedText
from cogs.campaign_books import BookCommands
from cogs.campaign_requisition import RequisitionCommands
from cogs.campaign_roster import RosterCommands

Note = app_commands.Transform[str, BoundedText("the note", 500)]
MAX_SEQ = 2**31 - 1  # a change's number, as undo names it


class CampaignCog(
    BookCommands,
    RequisitionCommands,
    RosterCommands,
    commands.GroupCog,
    group_name="campaign",
    group_description="Narrative Crusade campaigns",
):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="note")
    @app_commands.describe(battle="The battle's number (see /campaign history)", text="The story")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def note(
        self,
        interaction: discord.Interaction[VoxBot],
        campaign: CampaignName,
        battle: app_commands.Range[int, 1, 10000],
        text: Note,
    ) -> None:
        """Write a battle's narrative note (a player of that battle, or an admin)."""
        noted = await campaigns.note(self.bot, actor(interaction), campaign, battle, text)
        await interaction.response.send_message(
            f"📝 Battle {battle} of **{noted.state.name}**: *{text}*"
        )

    @app_commands.command(name="undo")
    @app_commands.describe(
        change="A moderator taking back someone else's change: its number, as undo names it"
    )
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def undo(
        self,
        interaction: discord.Interaction[VoxBot],
        campaign: CampaignName,
        change: app_commands.Range[int, 1, MAX_SEQ] | None = None,
    ) -> None:
        """Take back your latest change (a card, requisition, or a post-battle choice)."""
        undone = await campaigns.undo(self.bot, actor(interaction), campaign, change)
        await interaction.response.send_message(undone_line(undone, interaction.user.id))

    @app_commands.command(name="field")
    @app_commands.describe(unit="A unit of your roster, for this channel's campaign game")
    @app_commands.autocomplete(unit=complete_cards)
    async def field(self, interaction: discord.Interaction[VoxBot], unit: CardName) -> None:
        """Field a roster unit in this channel's campaign game: it becomes a tracked unit."""
        fielded = await campaign_games.field(self.bot, actor(interaction), unit)
        await interaction.response.send_message(fielded_line(fielded))

    @app_commands.command(name="export")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def export(
        self, interaction: discord.Interaction[VoxBot], campaign: CampaignName
    ) -> None:
        """The whole campaign as a JSON file (import it with /campaign import)."""
        found = await campaigns.find(self.bot, actor(interaction), campaign)
        await interaction.response.send_message(
            f"📦 **{found.state.name}**", file=export_file(found.state)
        )

    @app_commands.command(name="import")
    @app_commands.describe(
        file="A file from /campaign export", name="A new name (default: the file's)"
    )
    async def import_(
        self,
        interaction: discord.Interaction[VoxBot],
        file: discord.Attachment,
        name: NewCampaignName | None = None,
    ) -> None:
        """Create a campaign from an exported JSON file; a bad file changes nothing."""
        made = await campaigns.import_campaign(
            self.bot, actor(interaction), file.size, file.read, name
        )
        await interaction.response.send_message(imported_line(made.state))


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(HonourButton, MarkSelect, OutOfActionButton)
    await bot.add_cog(CampaignCog(bot))

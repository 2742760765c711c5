"""/campaign: Crusade campaigns across a server's channels and evenings (thin: the model is in
bot/campaign, the embeds and components in bot/ui)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.campaign import (
    CampaignState,
    Event,
    join,
    pending,
)
from bot.campaign.battles import describe, set_note, undo_choice
from bot.chronicle import Book
from bot.client import VoxBot
from bot.errors import VoxError
from bot.ui.campaign.aftermath import (
    HonourButton,
    MarkSelect,
    OutOfActionButton,
    is_admin,
    step_view,
)
from bot.ui.campaign.embeds import (
    card_embed,
    history_embed,
    roster_embed,
    standings_embed,
    status_embed,
    step_embed,
)
from bot.ui.campaign.files import export_file, import_campaign
from bot.ui.campaign.games import field
from bot.ui.campaign.options import (
    CampaignName,
    CardName,
    NewCampaignName,
    complete_campaigns,
    complete_cards,
)
from bot.ui.transformers import BoundedText, Choice, NameText
from cogs.campaign_roster import RosterCommands

Edition = app_commands.Transform[str, Choice("an edition", ("9th", "10th", "eternum"))]
Note = app_commands.Transform[str, BoundedText("the note", 500)]
Reason = app_commands.Transform[str, BoundedText("the reason", 200)]
Label = app_commands.Transform[str, NameText("the label", 40)]
RP = app_commands.Range[int, 1, 10]
Decide = Callable[[CampaignState], Sequence[Event]]
LedgerDecide = Callable[[CampaignState, int, bool], Sequence[Event]]
Count = app_commands.Range[int, 1, 100]
Points = app_commands.Range[int, 0, 10000]
MAX_SEQ = 2**31 - 1  # a change's number, as undo names it


class CampaignCog(
    RosterCommands,
    commands.GroupCog,
    group_name="campaign",
    group_description="Narrative Crusade campaigns",
):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        super().__init__()

    async def _act(self, interaction: discord.Interaction, name: str, decide: Decide) -> Book:
        book = await self.bot.chronicle.find(interaction.guild_id, name)
        return await self.bot.chronicle.act(book.record.id, interaction.user.id, decide)

    @app_commands.command(name="create")
    @app_commands.describe(name="The campaign's name", edition="Crusade rules (default 9th)")
    async def create(
        self, interaction: discord.Interaction, name: NewCampaignName, edition: Edition = "9th"
    ) -> None:
        """Start a campaign in this server; you join it and administer it."""
        if interaction.guild_id is None:
            raise VoxError("Campaigns live in a server; use this command in one.")
        book = await self.bot.chronicle.create(
            interaction.guild_id, name, edition, interaction.user.id
        )
        await interaction.response.send_message(
            f"📜 **{book.state.name}** begins ({book.state.rules.name}). Others join with "
            f"`/campaign join campaign:{book.state.name}`; add units with `/campaign unit add`."
        )

    @app_commands.command(name="join")
    @app_commands.describe(campaign="Which campaign", label="Your army or faction, for the roster")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def join(
        self, interaction: discord.Interaction, campaign: CampaignName, label: Label | None = None
    ) -> None:
        """Join a campaign of this server with your own roster."""
        me = interaction.user.id
        book = await self._act(interaction, campaign, lambda s: join(s, me, label or ""))
        ledger = book.state.players[me]
        await interaction.response.send_message(
            f"<@{me}> joins **{book.state.name}** with {ledger.rp} RP and a supply limit of "
            f"{ledger.supply_limit} {book.state.rules.supply.unit}."
        )

    @app_commands.command(name="status")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def status(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        """Players, requisition, supply, results, and the post-battle step waiting."""
        book = await self.bot.chronicle.find(interaction.guild_id, campaign)
        step = pending(book.state)
        view = step_view(book.record.id, book.state, step) if step else None
        embeds = [status_embed(book.state)]
        if step is not None and view is not None:
            embeds.append(step_embed(book.state, step))
        await interaction.response.send_message(embeds=embeds, view=view or discord.utils.MISSING)

    @app_commands.command(name="roster")
    @app_commands.describe(player="Whose roster (default: yours)")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def roster(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        player: discord.User | None = None,
    ) -> None:
        """A player's Crusade roster: every unit with its rank, XP, points, honours and scars."""
        book = await self.bot.chronicle.find(interaction.guild_id, campaign)
        who = (player or interaction.user).id
        if who not in book.state.players:
            raise VoxError(f"<@{who}> is not in {book.state.name}; they join with /campaign join.")
        await interaction.response.send_message(embed=roster_embed(book.state, who))

    @app_commands.command(name="card")
    @app_commands.autocomplete(campaign=complete_campaigns, unit=complete_cards)
    async def card(
        self, interaction: discord.Interaction, campaign: CampaignName, unit: CardName
    ) -> None:
        """One unit's Crusade card."""
        book = await self.bot.chronicle.find(interaction.guild_id, campaign)
        found = book.state.card(unit)
        if found is None:
            raise VoxError(f"{book.state.name} has no unit called {unit}; see /campaign roster.")
        await interaction.response.send_message(embed=card_embed(book.state, found))

    @app_commands.command(name="standings")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def standings(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        """Wins, losses, draws and victory points of every player."""
        book = await self.bot.chronicle.find(interaction.guild_id, campaign)
        await interaction.response.send_message(embed=standings_embed(book.state))

    @app_commands.command(name="history")
    @app_commands.describe(count="How many battles, newest first (default 10)")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def history(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        count: app_commands.Range[int, 1, 25] = 10,
    ) -> None:
        """The battles with their results and narrative notes."""
        if not 1 <= count <= 25:
            raise VoxError("Show 1 to 25 battles.")
        book = await self.bot.chronicle.find(interaction.guild_id, campaign)
        await interaction.response.send_message(embed=history_embed(book.state, count))

    @app_commands.command(name="note")
    @app_commands.describe(battle="The battle's number (see /campaign history)", text="The story")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def note(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        battle: app_commands.Range[int, 1, 10000],
        text: Note,
    ) -> None:
        """Write a battle's narrative note (a player of that battle, or an admin)."""
        book = await self.bot.chronicle.find(interaction.guild_id, campaign)
        state = book.state
        if 1 <= battle <= len(state.battles):
            players = state.battles[battle - 1].players
            if interaction.user.id not in players and not is_admin(interaction, state):
                raise VoxError("Only the two players of that battle (or an admin) write its note.")
        await self.bot.chronicle.act(
            book.record.id, interaction.user.id, lambda s: set_note(s, battle, text)
        )
        await interaction.response.send_message(f"📝 Battle {battle} of **{state.name}**: *{text}*")

    @app_commands.command(name="undo")
    @app_commands.describe(
        change="A moderator taking back someone else's change: its number, as undo names it"
    )
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def undo(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        change: app_commands.Range[int, 1, MAX_SEQ] | None = None,
    ) -> None:
        """Take back your latest change (a card, requisition, or a post-battle choice)."""
        book = await self.bot.chronicle.find(interaction.guild_id, campaign)
        me, state = interaction.user.id, book.state
        moderator = is_admin(interaction, state) or interaction.permissions.manage_channels
        if me not in state.players and not moderator:
            raise VoxError(f"You are not in {state.name}; only its players undo their changes.")
        action, _ = undo_choice(state, me, moderator=moderator, naming=change)
        seq = state.seq
        after = await self.bot.chronicle.act(
            book.record.id,
            me,
            lambda s: undo_choice(s, me, moderator=moderator, naming=change)[1],
            expect=lambda s: s.seq == seq,
        )
        whose = "" if action.actor == me else f" (<@{action.actor}>'s)"
        await interaction.response.send_message(
            f"↩️ Undone in **{after.state.name}**: #{action.seqs[0]}, {describe(action)}{whose}."
        )

    @app_commands.command(name="field")
    @app_commands.describe(unit="A unit of your roster, for this channel's campaign game")
    @app_commands.autocomplete(unit=complete_cards)
    async def field(self, interaction: discord.Interaction, unit: CardName) -> None:
        """Field a roster unit in this channel's campaign game: it becomes a tracked unit."""
        await interaction.response.send_message(await field(interaction, unit))

    @app_commands.command(name="export")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def export(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        """The whole campaign as a JSON file (import it with /campaign import)."""
        book = await self.bot.chronicle.find(interaction.guild_id, campaign)
        await interaction.response.send_message(
            f"📦 **{book.state.name}**", file=export_file(book.state)
        )

    @app_commands.command(name="import")
    @app_commands.describe(
        file="A file from /campaign export", name="A new name (default: the file's)"
    )
    async def import_(
        self,
        interaction: discord.Interaction,
        file: discord.Attachment,
        name: NewCampaignName | None = None,
    ) -> None:
        """Create a campaign from an exported JSON file; a bad file changes nothing."""
        text = await import_campaign(interaction, file, name)
        await interaction.response.send_message(text)


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(HonourButton, MarkSelect, OutOfActionButton)
    await bot.add_cog(CampaignCog(bot))

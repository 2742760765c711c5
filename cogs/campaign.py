"""/campaign: Crusade campaigns across a server's channels and evenings (thin: the model is in
bot/campaign, the embeds and components in bot/ui)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import discord
from discord import app_commands
from discord.ext import commands

from bot.campaign import (
    CampaignState,
    Card,
    Event,
    add_card,
    add_rp,
    edit_card,
    increase_supply,
    join,
    pending,
    remove_card,
    spend_rp,
)
from bot.campaign.battles import set_note, undo_choice
from bot.chronicle import Book
from bot.client import VoxBot
from bot.ui.aftermath_view import is_admin, step_view
from bot.ui.campaign_cards import copied_card, edited_card, new_card
from bot.ui.campaign_files import export_file, import_campaign
from bot.ui.campaign_games import field
from bot.ui.campaign_options import CampaignName, CardName, complete_campaigns, complete_cards
from bot.ui.campaign_view import (
    card_embed,
    history_embed,
    roster_embed,
    standings_embed,
    status_embed,
    step_embed,
)
from bot.ui.replies import UserError
from bot.ui.transformers import BoundedText, Choice
from bot.ui.unit_options import Keywords, ShortText, UnitName, complete_units

Edition = app_commands.Transform[str, Choice("an edition", ("9th", "10th", "eternum"))]
Note = app_commands.Transform[str, BoundedText("the note", 500)]
Reason = app_commands.Transform[str, BoundedText("the reason", 200)]
Label = app_commands.Transform[str, BoundedText("the label", 40)]
RP = app_commands.Range[int, 1, 10]
Decide = Callable[[CampaignState], Sequence[Event]]
LedgerDecide = Callable[[CampaignState, int, bool], Sequence[Event]]
Count = app_commands.Range[int, 1, 100]
Points = app_commands.Range[int, 0, 10000]


class CampaignCog(
    commands.GroupCog, group_name="campaign", group_description="Narrative Crusade campaigns"
):
    unit = app_commands.Group(name="unit", description="Units on your campaign roster")
    requisition = app_commands.Group(name="requisition", description="Requisition points")

    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        super().__init__()

    async def _act(self, interaction: discord.Interaction, name: str, decide: Decide) -> Book:
        book = await self.bot.chronicle.find(interaction.guild_id, name)
        return await self.bot.chronicle.act(book.record.id, interaction.user.id, decide)

    @app_commands.command(name="create")
    @app_commands.describe(name="The campaign's name", edition="Crusade rules (default 9th)")
    async def create(
        self, interaction: discord.Interaction, name: CampaignName, edition: Edition = "9th"
    ) -> None:
        """Start a campaign in this server; you join it and administer it."""
        if interaction.guild_id is None:
            raise UserError("Campaigns live in a server; use this command in one.")
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
            raise UserError(f"<@{who}> is not in {book.state.name}; they join with /campaign join.")
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
            raise UserError(f"{book.state.name} has no unit called {unit}; see /campaign roster.")
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
            raise UserError("Show 1 to 25 battles.")
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
                raise UserError("Only the two players of that battle (or an admin) write its note.")
        await self.bot.chronicle.act(
            book.record.id, interaction.user.id, lambda s: set_note(s, battle, text)
        )
        await interaction.response.send_message(f"📝 Battle {battle} of **{state.name}**: *{text}*")

    @app_commands.command(name="undo")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def undo(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        """Revert your latest change (a card, requisition, or a post-battle choice)."""
        book = await self.bot.chronicle.find(interaction.guild_id, campaign)
        action, _ = undo_choice(book.state)
        if action.actor != interaction.user.id and not is_admin(interaction, book.state):
            raise UserError(f"Only <@{action.actor}> (or an admin) can undo their last change.")
        seq = book.state.seq
        after = await self.bot.chronicle.act(
            book.record.id,
            interaction.user.id,
            lambda s: undo_choice(s)[1],
            expect=lambda s: s.seq == seq,
        )
        await interaction.response.send_message(
            f"↩️ Undone in **{after.state.name}**: "
            + ", ".join(k.replace("_", " ") for k in action.kinds)
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
        name: CampaignName | None = None,
    ) -> None:
        """Create a campaign from an exported JSON file; a bad file changes nothing."""
        text = await import_campaign(interaction, file, name)
        await interaction.response.send_message(text)

    @unit.command(name="add")
    @app_commands.describe(
        name="Unit name",
        points="Its points (10th) or Power Level (9th)",
        models="Models (Starting Strength)",
        wounds="Wounds per model",
        toughness="Toughness",
        save="Save: 3+, or - for none",
        invuln="Invulnerable save: 4+",
        fnp="Feel no pain: 5+",
        leadership="Leadership",
        oc="Objective Control",
        move="Move in inches",
        keywords="Comma-separated: infantry, character",
    )
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def unit_add(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        name: CardName,
        points: Points,
        models: Count,
        wounds: app_commands.Range[int, 1, 50],
        toughness: app_commands.Range[int, 1, 20],
        save: ShortText,
        invuln: ShortText | None = None,
        fnp: ShortText | None = None,
        leadership: app_commands.Range[int, 1, 12] = 7,
        oc: app_commands.Range[int, 0, 20] = 1,
        move: app_commands.Range[int, 0, 60] = 6,
        keywords: Keywords | None = None,
    ) -> None:
        """Add a unit card to your roster (add weapons in a game, then /campaign unit copy)."""
        me = interaction.user.id
        card = new_card(
            me,
            name,
            points,
            models=models,
            wounds=wounds,
            toughness=toughness,
            save=save,
            invuln=invuln,
            fnp=fnp,
            leadership=leadership,
            oc=oc,
            move=move,
            keywords=keywords,
        )
        await self._card(
            interaction,
            campaign,
            lambda s, admin: add_card(s, card, actor=me, admin=admin),
            card.name,
        )

    @unit.command(name="copy")
    @app_commands.describe(
        unit="A unit of this channel's game (its profile and weapons)",
        points="Its points or PL",
        name="The card's name (default: the unit's)",
    )
    @app_commands.autocomplete(campaign=complete_campaigns, unit=complete_units)
    async def unit_copy(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        unit: UnitName,
        points: Points,
        name: CardName | None = None,
    ) -> None:
        """Copy a unit of this channel's game, weapons included, onto your roster."""
        me = interaction.user.id
        card = await copied_card(interaction, unit, points, name)
        await self._card(
            interaction,
            campaign,
            lambda s, admin: add_card(s, card, actor=me, admin=admin),
            card.name,
        )

    @unit.command(name="edit")
    @app_commands.describe(
        unit="Which card",
        name="New name",
        points="Points or PL",
        notes="Notes on the card",
        legendary_veterans="The Legendary Veterans upgrade (non-characters pass 30 XP)",
    )
    @app_commands.autocomplete(campaign=complete_campaigns, unit=complete_cards)
    async def unit_edit(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        unit: CardName,
        name: CardName | None = None,
        points: Points | None = None,
        notes: Reason | None = None,
        legendary_veterans: bool | None = None,
    ) -> None:
        """Change a card of your roster: name, points, notes, Legendary Veterans."""
        me = interaction.user.id

        def decide(s: CampaignState, admin: bool) -> Sequence[Event]:
            after = edited_card(
                s,
                unit,
                name=name,
                points=points,
                notes=notes,
                legendary_veterans=legendary_veterans,
            )
            return edit_card(s, unit, after, actor=me, admin=admin)

        await self._card(interaction, campaign, decide, name or unit)

    @unit.command(name="remove")
    @app_commands.autocomplete(campaign=complete_campaigns, unit=complete_cards)
    async def unit_remove(
        self, interaction: discord.Interaction, campaign: CampaignName, unit: CardName
    ) -> None:
        """Remove a card from your roster (/campaign undo brings it back)."""
        me = interaction.user.id
        await self._card(
            interaction,
            campaign,
            lambda s, admin: remove_card(s, unit, actor=me, admin=admin),
            None,
        )

    async def _card(
        self,
        interaction: discord.Interaction,
        campaign: str,
        decide: Callable[[CampaignState, bool], Sequence[Event]],
        shown: str | None,
    ) -> None:
        book = await self.bot.chronicle.find(interaction.guild_id, campaign)
        admin = is_admin(interaction, book.state)
        after = await self.bot.chronicle.act(
            book.record.id, interaction.user.id, lambda s: decide(s, admin)
        )
        card = after.state.card(shown) if shown else None
        if card is None:
            await interaction.response.send_message(f"Removed from **{after.state.name}**.")
            return
        await interaction.response.send_message(embed=card_embed(after.state, card))

    @requisition.command(name="spend")
    @app_commands.describe(amount="RP to spend (1-10)", reason="What for")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def rp_spend(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        amount: RP,
        reason: Reason | None = None,
    ) -> None:
        """Spend your requisition points."""
        await self._ledger(
            interaction,
            campaign,
            lambda s, me, admin: spend_rp(s, me, amount, reason or "", actor=me, admin=admin),
        )

    @requisition.command(name="add")
    @app_commands.describe(
        amount="RP to add (1-10)", reason="Why", player="Whose (admins only; default you)"
    )
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def rp_add(
        self,
        interaction: discord.Interaction,
        campaign: CampaignName,
        amount: RP,
        reason: Reason | None = None,
        player: discord.User | None = None,
    ) -> None:
        """Add requisition points (a correction, or a mission reward)."""
        who = (player or interaction.user).id
        await self._ledger(
            interaction,
            campaign,
            lambda s, me, admin: add_rp(s, who, amount, reason or "", actor=me, admin=admin),
            who,
        )

    @requisition.command(name="supply")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def rp_supply(self, interaction: discord.Interaction, campaign: CampaignName) -> None:
        """Increase Supply Limit: spend RP to raise your roster's supply limit."""
        await self._ledger(
            interaction,
            campaign,
            lambda s, me, admin: increase_supply(s, me, actor=me, admin=admin),
        )

    async def _ledger(
        self,
        interaction: discord.Interaction,
        campaign: str,
        decide: LedgerDecide,
        who: int | None = None,
    ) -> None:
        book = await self.bot.chronicle.find(interaction.guild_id, campaign)
        me, admin = interaction.user.id, is_admin(interaction, book.state)
        after = await self.bot.chronicle.act(book.record.id, me, lambda s: decide(s, me, admin))
        ledger = after.state.players[who or me]
        await interaction.response.send_message(
            f"<@{who or me}> has **{ledger.rp}** RP and a supply limit of "
            f"**{ledger.supply_limit}** {after.state.rules.supply.unit}."
        )


def _adding(card: Card, me: int) -> Callable[[CampaignState, bool], Sequence[Event]]:
    return lambda s, admin: add_card(s, card, actor=me, admin=admin)


def _removing(name: str, me: int) -> Callable[[CampaignState, bool], Sequence[Event]]:
    return lambda s, admin: remove_card(s, name, actor=me, admin=admin)


async def setup(bot: VoxBot) -> None:
    await bot.add_cog(CampaignCog(bot))

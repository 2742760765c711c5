"""/campaign unit add|copy|edit|remove and /campaign requisition spend|add|supply: a mixin of
the /campaign cog (discord.py collects a cog's command groups from its base classes too)."""

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
    remove_card,
    spend_rp,
)
from bot.client import VoxBot
from bot.ui.campaign.aftermath import is_admin
from bot.ui.campaign.cards import copied_card, edited_card, new_card
from bot.ui.campaign.embeds import card_embed
from bot.ui.campaign.options import (
    CampaignName,
    CardName,
    NewCardName,
    complete_campaigns,
    complete_cards,
)
from bot.ui.game.units import UnitName, complete_units
from bot.ui.profiles import (
    Keywords,
    Leadership,
    Models,
    Move,
    ObjectiveControl,
    ShortText,
    Toughness,
    Wounds,
    described_profile,
)
from bot.ui.transformers import BoundedText

Reason = app_commands.Transform[str, BoundedText("the reason", 200)]
RP = app_commands.Range[int, 1, 10]
Points = app_commands.Range[int, 0, 10000]
LedgerDecide = Callable[[CampaignState, int, bool], Sequence[Event]]


class RosterCommands(commands.Cog):
    bot: VoxBot
    unit = app_commands.Group(name="unit", description="Units on your campaign roster")
    requisition = app_commands.Group(name="requisition", description="Requisition points")

    @unit.command(name="add")
    @described_profile(name="Unit name", points="Its points (10th) or Power Level (9th)")
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def unit_add(
        self,
        interaction: discord.Interaction[VoxBot],
        campaign: CampaignName,
        name: NewCardName,
        points: Points,
        models: Models,
        wounds: Wounds,
        toughness: Toughness,
        save: ShortText,
        invuln: ShortText | None = None,
        fnp: ShortText | None = None,
        leadership: Leadership = 7,
        oc: ObjectiveControl = 1,
        move: Move = 6,
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
        name: NewCardName | None = None,
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
        name: NewCardName | None = None,
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

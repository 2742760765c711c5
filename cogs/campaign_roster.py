"""/campaign unit add|copy|edit|remove: a mixin of the /campaign cog (discord.py collects a
cog's command groups from its base classes too)."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import campaign_roster as roster
from bot.play.campaign_roster import CardChanged
from bot.ui.actors import actor
from bot.ui.armies.options import complete_armies, complete_army_units
from bot.ui.campaign.cards import add
from bot.ui.campaign.embeds import card_embed
from bot.ui.campaign.options import (
    ArmyName,
    ArmyUnitName,
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
Points = app_commands.Range[int, 0, 10000]


async def _shown(interaction: discord.Interaction[VoxBot], changed: CardChanged) -> None:
    if changed.card is None:
        await interaction.response.send_message(f"Removed from **{changed.state.name}**.")
        return
    await interaction.response.send_message(embed=card_embed(changed.state, changed.card))


class RosterCommands(commands.Cog):
    bot: VoxBot
    unit = app_commands.Group(name="unit", description="Units on your campaign roster")

    @unit.command(name="add")
    @described_profile(
        name="Unit name (from an army: the unit's; a card of yours by this name takes its profile)",
        points="Its points (10th) or Power Level (9th); from an army: the unit's",
        army="One of your armies (/army list): the card takes a unit's profile and weapons",
        army_unit="The army's unit",
    )
    @app_commands.autocomplete(
        campaign=complete_campaigns, army=complete_armies, army_unit=complete_army_units
    )
    async def unit_add(
        self,
        interaction: discord.Interaction[VoxBot],
        campaign: CampaignName,
        name: NewCardName | None = None,
        points: Points | None = None,
        models: Models | None = None,
        wounds: Wounds | None = None,
        toughness: Toughness | None = None,
        save: ShortText | None = None,
        invuln: ShortText | None = None,
        fnp: ShortText | None = None,
        leadership: Leadership | None = None,
        oc: ObjectiveControl | None = None,
        move: Move | None = None,
        keywords: Keywords | None = None,
        army: ArmyName | None = None,
        army_unit: ArmyUnitName | None = None,
    ) -> None:
        """Add a unit card to your roster: type its profile, or take a unit of your army."""
        typed = {
            "models": models, "wounds": wounds, "toughness": toughness, "save": save,
            "invuln": invuln, "fnp": fnp, "leadership": leadership, "oc": oc, "move": move,
            "keywords": keywords,
        }  # fmt: skip
        me = actor(interaction)
        text, embed = await add(self.bot, me, campaign, name, points, army, army_unit, **typed)
        await interaction.response.send_message(text, embed=embed)

    @unit.command(name="copy")
    @app_commands.describe(
        unit="A unit of this channel's game (its profile and weapons)",
        points="Its points or PL",
        name="The card's name (default: the unit's)",
    )
    @app_commands.autocomplete(campaign=complete_campaigns, unit=complete_units)
    async def unit_copy(
        self,
        interaction: discord.Interaction[VoxBot],
        campaign: CampaignName,
        unit: UnitName,
        points: Points,
        name: NewCardName | None = None,
    ) -> None:
        """Copy a unit of this channel's game, weapons included, onto your roster."""
        copied = await roster.copy_unit(self.bot, actor(interaction), campaign, unit, points, name)
        await _shown(interaction, copied)

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
        interaction: discord.Interaction[VoxBot],
        campaign: CampaignName,
        unit: CardName,
        name: NewCardName | None = None,
        points: Points | None = None,
        notes: Reason | None = None,
        legendary_veterans: bool | None = None,
    ) -> None:
        """Change a card of your roster: name, points, notes, Legendary Veterans."""
        changes = {
            "name": name, "points": points, "notes": notes,
            "legendary_veterans": legendary_veterans,
        }  # fmt: skip
        edited = await roster.revise(self.bot, actor(interaction), campaign, unit, **changes)
        await _shown(interaction, edited)

    @unit.command(name="remove")
    @app_commands.autocomplete(campaign=complete_campaigns, unit=complete_cards)
    async def unit_remove(
        self, interaction: discord.Interaction[VoxBot], campaign: CampaignName, unit: CardName
    ) -> None:
        """Remove a card from your roster (/campaign undo brings it back)."""
        await _shown(interaction, await roster.retire(self.bot, actor(interaction), campaign, unit))

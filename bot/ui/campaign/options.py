"""Campaign options typed in Discord: names, with autocomplete."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.play.campaigns import campaign_names, card_names
from bot.ui.actors import actor
from bot.ui.transformers import BoundedText, NameText

if TYPE_CHECKING:
    from bot.client import VoxBot

CampaignName = app_commands.Transform[str, BoundedText("the campaign name", 60)]  # to look up
CardName = app_commands.Transform[str, BoundedText("the unit name", 40)]
NewCampaignName = app_commands.Transform[str, NameText("the campaign name", 60)]  # to choose
NewCardName = app_commands.Transform[str, NameText("the unit name", 40)]
ArmyName = app_commands.Transform[str, BoundedText("the army name", 100)]
ArmyUnitName = app_commands.Transform[str, BoundedText("the army unit", 110)]


def _choices(names: list[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=n, value=n) for n in names[:25]]


async def complete_campaigns(
    interaction: discord.Interaction[VoxBot], current: str
) -> list[app_commands.Choice[str]]:
    return _choices(await campaign_names(interaction.client, actor(interaction), current))


async def complete_cards(
    interaction: discord.Interaction[VoxBot], current: str
) -> list[app_commands.Choice[str]]:
    """Roster units matching what is typed (the caller's own first) of the command's `campaign`
    option, else of the campaign the channel's game is a battle of."""
    named = getattr(interaction.namespace, "campaign", None)
    campaign = str(named) if named else None
    return _choices(await card_names(interaction.client, actor(interaction), campaign, current))

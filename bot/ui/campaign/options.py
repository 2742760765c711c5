"""Campaign options typed in Discord: names with autocomplete, and who may administer."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord
from discord import app_commands

from bot.chronicle import Book
from bot.store import campaigns as store
from bot.ui.transformers import BoundedText, NameText

if TYPE_CHECKING:
    from bot.client import VoxBot

CampaignName = app_commands.Transform[str, BoundedText("the campaign name", 60)]  # to look up
CardName = app_commands.Transform[str, BoundedText("the unit name", 40)]
NewCampaignName = app_commands.Transform[str, NameText("the campaign name", 60)]  # to choose
NewCardName = app_commands.Transform[str, NameText("the unit name", 40)]


async def complete_campaigns(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    bot = cast("VoxBot", interaction.client)
    names = await bot.chronicle.names(interaction.guild_id, current)
    return [app_commands.Choice(name=n, value=n) for n in names[:25]]


async def _book(interaction: discord.Interaction) -> Book | None:
    """The campaign named in the command's `campaign` option, else the channel game's one."""
    bot = cast("VoxBot", interaction.client)
    named = getattr(interaction.namespace, "campaign", None)
    if named and interaction.guild_id is not None:
        record = await store.find_campaign(bot.db, interaction.guild_id, str(named))
    else:
        table = await bot.tracker.table(interaction.channel_id or 0)
        record = await store.campaign_for_game(bot.db, table.record.id) if table else None
    return await bot.chronicle.load(record) if record else None


async def complete_cards(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Roster units matching what is typed, the caller's own first."""
    book = await _book(interaction)
    if book is None:
        return []
    typed = current.casefold()
    cards = [c for c in book.state.cards.values() if typed in c.name.casefold()]
    cards.sort(key=lambda c: c.owner != interaction.user.id)
    return [app_commands.Choice(name=c.name, value=c.name) for c in cards[:25]]

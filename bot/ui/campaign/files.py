"""/campaign export and /campaign import: the whole campaign as one JSON file."""

from __future__ import annotations

import io
import re
from typing import TYPE_CHECKING, cast

import discord

from bot.campaign import CampaignState, export, import_events, parse_export
from bot.campaign.export import MAX_BYTES
from bot.rules.errors import IllegalAction

if TYPE_CHECKING:
    from bot.client import VoxBot


def export_file(state: CampaignState) -> discord.File:
    data = export(state).model_dump_json(indent=2).encode()
    slug = re.sub(r"[^a-z0-9]+", "-", state.name.casefold()).strip("-") or "campaign"
    return discord.File(io.BytesIO(data), filename=f"{slug}.json")


async def import_campaign(
    interaction: discord.Interaction, file: discord.Attachment, name: str | None
) -> str:
    """A new campaign from an exported file; a bad file is one sentence and changes nothing."""
    if interaction.guild_id is None:
        raise IllegalAction("Campaigns live in a server; use this command in one.")
    if file.size > MAX_BYTES:
        raise IllegalAction("That file is over 1 MB, too big for a campaign; pick the right one.")
    try:
        text = (await file.read()).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise IllegalAction("That file is not text; attach a /campaign export file.") from exc
    data = parse_export(text)
    if name:
        data = data.model_copy(update={"name": name.strip()})
    bot = cast("VoxBot", interaction.client)
    events = import_events(data, guild=interaction.guild_id, creator=interaction.user.id)
    book = await bot.chronicle.create(
        interaction.guild_id, data.name, data.edition, interaction.user.id, follow=events[1:]
    )
    state = book.state
    return (
        f"📜 Imported **{state.name}**: {len(state.players)} players, {len(state.cards)} units, "
        f"{len(state.battles)} battles."
    )

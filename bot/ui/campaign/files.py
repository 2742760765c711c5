"""/campaign export: the whole campaign as one JSON file (imported by `bot.play.campaigns`)."""

from __future__ import annotations

import io
import re

import discord

from bot.campaign import CampaignState, export


def export_file(state: CampaignState) -> discord.File:
    data = export(state).model_dump_json(indent=2).encode()
    slug = re.sub(r"[^a-z0-9]+", "-", state.name.casefold()).strip("-") or "campaign"
    return discord.File(io.BytesIO(data), filename=f"{slug}.json")

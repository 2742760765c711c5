"""Games played as campaign battles, for the game's commands and buttons: what they do is in
`bot.play.campaign_games`; here, what the channel is shown."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.play import campaign_games as games
from bot.tracker import Outcome
from bot.ui.campaign.buttons import send_next

if TYPE_CHECKING:
    from bot.client import VoxBot


async def after_game(interaction: discord.Interaction[VoxBot], outcome: Outcome) -> None:
    """If this action ended a campaign game: record the battle (`bot.play.campaign_games`) and
    post the first step a person must take."""
    after = await games.after_game(interaction.client, outcome)
    if after is not None:
        await send_next(interaction, after)

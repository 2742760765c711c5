"""Crusade cards from typed options or from a unit of the channel's game (weapons included)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord
from pydantic import ValidationError

from bot.campaign import CampaignState, Card
from bot.campaign.models import problem
from bot.rules.errors import IllegalAction
from bot.rules.quote import quoted
from bot.ui.game.units import new_profile

if TYPE_CHECKING:
    from bot.client import VoxBot


def _card(**fields: Any) -> Card:
    """A validated card; a bad value is one sentence naming it."""
    try:
        return Card.model_validate(fields)
    except ValidationError as exc:
        raise IllegalAction(f"{problem(exc)}; fix that value and try again.") from exc


def new_card(owner: int, name: str, points: int, **typed: Any) -> Card:
    profile = new_profile(name=name, **typed)
    return _card(name=profile.name, owner=owner, profile=profile, points=points)


async def copied_card(
    interaction: discord.Interaction, unit: str, points: int, name: str | None
) -> Card:
    """A card with the profile and weapons of a tracked unit of the channel's game."""
    bot = cast("VoxBot", interaction.client)
    table = await bot.tracker.require(interaction.channel_id or 0)
    found = table.state.unit(unit)
    if found is None:
        raise IllegalAction(
            f"This channel's game has no unit called {quoted(unit)}; see /unit list."
        )
    title = (name or found.name).strip()
    profile = found.profile.model_copy(update={"name": title})
    return _card(name=title, owner=interaction.user.id, profile=profile, points=points)


def edited_card(state: CampaignState, current: str, **changes: Any) -> Card:
    """The card with the given changes (None: unchanged); a rename renames its profile too."""
    before = state.card(current)
    if before is None:
        raise IllegalAction(
            f"{state.name} has no unit called {quoted(current)}; see /campaign roster."
        )
    given = {k: v for k, v in changes.items() if v is not None}
    if "name" in given:
        given["profile"] = before.profile.model_copy(update={"name": given["name"]})
    return _card(**{**before.model_dump(), **given})

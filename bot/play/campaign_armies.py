"""Campaign cards made from an army's units: re-importing the army updates their profiles."""

from __future__ import annotations

from bot.armies.model import Army
from bot.play.actor import Actor
from bot.play.services import Services


async def refresh_cards(services: Services, actor: Actor, guild_id: int | None, army: Army) -> int:
    """Update the profiles of the actor's campaign cards made from `army`'s units (keeping XP,
    honours and scars); how many cards changed (placeholder: none yet)."""
    return 0

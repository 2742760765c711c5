"""A Crusade card from the profile options typed in Discord."""

from __future__ import annotations

from typing import Any

from bot.campaign import Card
from bot.play.campaign_roster import validated
from bot.ui.game.units import new_profile


def new_card(owner: int, name: str, points: int, **typed: Any) -> Card:
    profile = new_profile(name=name, **typed)
    return validated(name=profile.name, owner=owner, profile=profile, points=points)

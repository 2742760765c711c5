"""A unit profile as slash options, shared by /unit add|edit and /campaign unit add: the same
ranges, transformers and descriptions wherever a profile is typed.

    @app_commands.command()
    @described_profile(name="Unit name", keywords="Comma-separated: infantry, psyker")
    async def add(self, interaction, name: NewUnitName, models: Models, wounds: Wounds, ...)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from discord import app_commands

from bot.ui.transformers import BoundedText

T = TypeVar("T")

ShortText = app_commands.Transform[str, BoundedText("that value", 20)]
Keywords = app_commands.Transform[str, BoundedText("the keywords", 200)]
Models = app_commands.Range[int, 1, 100]
Wounds = app_commands.Range[int, 1, 50]
Toughness = app_commands.Range[int, 1, 20]
Leadership = app_commands.Range[int, 1, 12]
ObjectiveControl = app_commands.Range[int, 0, 20]
Move = app_commands.Range[int, 0, 60]

PROFILE: dict[str, str] = {
    "models": "Models (Starting Strength)",
    "wounds": "Wounds per model",
    "toughness": "Toughness",
    "save": "Save: 3+, or - for none",
    "invuln": "Invulnerable save: 4+",
    "fnp": "Feel no pain: 5+",
    "leadership": "Leadership",
    "oc": "Objective Control",
    "move": "Move in inches",
    "keywords": "Comma-separated: infantry, character",
}
"""Each profile option's description; a command overrides or adds its own (name=, owner=)."""


def described_profile(**more: str) -> Callable[[T], T]:
    """`app_commands.describe` with the profile's descriptions, `more` added or overriding."""
    decorator: Callable[[Any], Any] = app_commands.describe(**(PROFILE | more))
    return decorator

"""The options that pick an army or one of its units, and their autocomplete (the caller's own
armies only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.game.units import NAME_LENGTH
from bot.play import army_lookup
from bot.ui.actors import actor
from bot.ui.transformers import BoundedText, NameText, last_item

if TYPE_CHECKING:
    from bot.client import VoxBot

LOOKUP_LENGTH = 100  # an imported army's or unit's name, as the list writes it
ArmyName = app_commands.Transform[str, BoundedText("the army name", LOOKUP_LENGTH)]
NewArmyName = app_commands.Transform[str, NameText("the army name", NAME_LENGTH)]
ArmyUnitName = app_commands.Transform[str, BoundedText("the unit name", LOOKUP_LENGTH)]
UnitPicks = app_commands.Transform[str, BoundedText("the units", 1000)]


def _choices(names: list[str]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=n[:100], value=n[:100]) for n in names][:25]


async def complete_armies(
    interaction: discord.Interaction[VoxBot], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the caller's armies whose name contains what was typed."""
    return _choices(await army_lookup.army_names(interaction.client, actor(interaction), current))


async def complete_army_units(
    interaction: discord.Interaction[VoxBot], current: str
) -> list[app_commands.Choice[str]]:
    """Autocomplete: the units of the army chosen so far (`army:`) containing what was typed;
    for `units:`, the text after the last comma is completed and the names before it kept."""
    army = str(getattr(interaction.namespace, "army", "") or "")
    prefix, typed = last_item(current)
    names = await army_lookup.unit_names(interaction.client, actor(interaction), army, typed)
    return _choices([prefix + n for n in names if len(prefix + n) <= 100])

"""Autocomplete for the unit options of /attack and /odds: the channel's units first, then the
member's own army units (`Army / Unit`); and the attacker's weapons for `weapon:`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

from bot.play.attack_units import army_unit_names, weapon_names
from bot.ui.actors import actor
from bot.ui.transformers import BoundedText, last_item

if TYPE_CHECKING:
    from bot.client import VoxBot

CHOICES = 25
UNIT_LENGTH = 100  # `Army / Unit`: a choice's value holds at most 100 characters
UnitRef = app_commands.Transform[str, BoundedText("the unit", UNIT_LENGTH)]
WeaponNames = app_commands.Transform[str, BoundedText("the weapon", 200)]


def _choices(names: list[str]) -> list[app_commands.Choice[str]]:
    unique = list(dict.fromkeys(n for n in names if len(n) <= UNIT_LENGTH))
    return [app_commands.Choice(name=n, value=n) for n in unique][:CHOICES]


async def complete_attack_units(
    interaction: discord.Interaction[VoxBot], current: str
) -> list[app_commands.Choice[str]]:
    """The channel's units containing what was typed, then the member's army units."""
    bot = interaction.client
    table = await bot.tracker.table(interaction.channel_id or 0) if interaction.guild_id else None
    typed = current.casefold()
    units = table.state.units.values() if table else ()
    names = [u.name for u in units if typed in u.name.casefold()]
    if len(names) < CHOICES:
        names += await army_unit_names(bot, actor(interaction), current, CHOICES - len(names))
    return _choices(names)


async def complete_attack_weapons(
    interaction: discord.Interaction[VoxBot], current: str
) -> list[app_commands.Choice[str]]:
    """The attacker's weapons (then `melee`, `ranged`) matching the text after the last comma,
    the names before it kept."""
    attacker = str(getattr(interaction.namespace, "attacker", "") or "")
    if not attacker:
        return []
    bot = interaction.client
    table = await bot.tracker.table(interaction.channel_id or 0) if interaction.guild_id else None
    names = await weapon_names(bot, actor(interaction), table.state if table else None, attacker)
    prefix, last = last_item(current)
    typed = last.casefold()
    return _choices([prefix + n for n in names if typed in n.casefold()])

"""/unit add|weapon|weapon-remove|list|show|edit|remove: the units' profiles and weapons (the
commands of the /unit group that `cogs.units` declares). A change is confirmed privately to the
member who made it; the list and a unit's card are public."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import units
from bot.play.campaign_games import unit_with_card
from bot.play.game import status
from bot.ui.actors import actor
from bot.ui.game.embeds import unit_line
from bot.ui.game.units import (
    NewUnitName,
    NewWeaponName,
    UnitName,
    WeaponAbilities,
    complete_units,
    complete_weapons,
    list_embed,
    new_profile,
    new_weapon,
    profile_changes,
    unit_embed,
)  # fmt: skip
from bot.ui.profiles import (
    Keywords,
    Leadership,
    Models,
    Move,
    ObjectiveControl,
    ShortText,
    Toughness,
    Wounds,
    described_profile,
)  # fmt: skip
from bot.ui.replies import confirm


class UnitProfileCommands(commands.Cog):
    bot: VoxBot

    @app_commands.command(name="add")
    @described_profile(
        name="Unit name", keywords="Comma-separated: infantry, psyker",
        owner="Whose unit (default: you)",
    )  # fmt: skip
    async def add(
        self, interaction: discord.Interaction[VoxBot], name: NewUnitName, models: Models,
        wounds: Wounds, toughness: Toughness, save: ShortText, invuln: ShortText | None = None,
        fnp: ShortText | None = None, leadership: Leadership = 7, oc: ObjectiveControl = 1,
        move: Move = 6, keywords: Keywords | None = None, owner: discord.User | None = None,
    ) -> None:  # fmt: skip
        """Add a unit to this channel's game."""
        profile = new_profile(
            name=name, models=models, wounds=wounds, toughness=toughness, save=save,
            invuln=invuln, fnp=fnp, leadership=leadership, oc=oc, move=move, keywords=keywords,
        )  # fmt: skip
        whose = (owner or interaction.user).id
        unit = await units.add(self.bot, actor(interaction), whose, profile)
        await confirm(interaction, f"Added {unit_line(unit)}.")

    @app_commands.command(name="weapon")
    @app_commands.describe(
        unit="Which unit", name="Weapon name", range='Range: 24" or Melee',
        attacks="Attacks: 2, D6", skill="BS/WS: 3+, or auto",
        strength="Strength: 4 (9th: User, +1, x2)", ap="AP: 0 to -6",
        damage="Damage: 1, D3, D6+1", abilities="Abilities, as for /attack",
    )  # fmt: skip
    @app_commands.autocomplete(unit=complete_units)
    async def weapon(
        self, interaction: discord.Interaction[VoxBot], unit: UnitName, name: NewWeaponName,
        range: ShortText, attacks: ShortText, skill: ShortText, strength: ShortText, ap: ShortText,
        damage: ShortText, abilities: WeaponAbilities | None = None,
    ) -> None:  # fmt: skip
        """Give a unit a weapon (used by /attack attacker:); the same name replaces that weapon."""
        typed = new_weapon(
            name=name, range=range, attacks=attacks, skill=skill, strength=strength, ap=ap,
            damage=damage, abilities=abilities,
        )  # fmt: skip
        added = await units.arm(self.bot, actor(interaction), unit, typed)
        text = f"{added.unit} now has {added.weapon.name}."
        if added.replaced is not None:
            text = (
                f"{added.unit}'s {added.weapon.name} is replaced. /game undo puts the old one back."
            )
        await confirm(interaction, text)

    @app_commands.command(name="weapon-remove")
    @app_commands.describe(unit="Which unit", name="Which of its weapons")
    @app_commands.autocomplete(unit=complete_units, name=complete_weapons)
    async def weapon_remove(
        self, interaction: discord.Interaction[VoxBot], unit: UnitName, name: UnitName
    ) -> None:
        """Take a weapon off a unit (/game undo puts it back)."""
        removed = await units.disarm(self.bot, actor(interaction), unit, name)
        await confirm(
            interaction,
            f"{removed.unit} no longer has {removed.weapon.name}. /game undo puts it back.",
        )

    @app_commands.command(name="list")
    async def list(self, interaction: discord.Interaction[VoxBot]) -> None:
        """Every unit of this channel's game with models and wounds left."""
        state = await status(self.bot, interaction.channel_id or 0)
        await interaction.response.send_message(embed=list_embed(state))

    @app_commands.command(name="show")
    @app_commands.autocomplete(unit=complete_units)
    async def show(self, interaction: discord.Interaction[VoxBot], unit: UnitName) -> None:
        """A unit's profile, weapons, models and wounds left; a Crusade card's rank and honours."""
        found, card = await unit_with_card(self.bot, interaction.channel_id or 0, unit)
        await interaction.response.send_message(embed=unit_embed(found, card))

    @app_commands.command(name="edit")
    @app_commands.autocomplete(unit=complete_units)
    async def edit(
        self, interaction: discord.Interaction[VoxBot], unit: UnitName,
        name: NewUnitName | None = None, toughness: Toughness | None = None,
        save: ShortText | None = None, invuln: ShortText | None = None,
        fnp: ShortText | None = None,
        leadership: Leadership | None = None, oc: ObjectiveControl | None = None,
        move: Move | None = None, keywords: Keywords | None = None,
    ) -> None:  # fmt: skip
        """Change a unit's profile (only the options you give)."""
        changes = profile_changes(
            name=name, toughness=toughness, save=save, invuln=invuln, fnp=fnp,
            leadership=leadership, oc=oc, move=move, keywords=keywords,
        )  # fmt: skip
        edited = await units.edit(self.bot, actor(interaction), unit, changes)
        await interaction.response.send_message(embed=unit_embed(edited), ephemeral=True)

    @app_commands.command(name="remove")
    @app_commands.autocomplete(unit=complete_units)
    async def remove(self, interaction: discord.Interaction[VoxBot], unit: UnitName) -> None:
        """Take a unit out of the game (not destroyed: removed)."""
        await units.remove(self.bot, actor(interaction), unit)
        await confirm(interaction, f"Removed {unit}. /game undo puts it back.")

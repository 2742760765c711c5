"""/army import|list|show|rename|remove|export: the caller's own armies, in any server and in
direct messages. Every answer is private: an army is its player's."""

from __future__ import annotations

import asyncio
import io
import re

import discord
from discord import app_commands
from discord.ext import commands

from bot.armies.model import Army
from bot.client import VoxBot
from bot.play import armies, army_lookup
from bot.play.armies import Upload
from bot.ui.actors import actor
from bot.ui.armies.buttons import RemoveArmyButton, remove_view
from bot.ui.armies.datasheet import unit_embed
from bot.ui.armies.embeds import army_embed, imported_text, list_embed, remove_question
from bot.ui.armies.options import (
    ArmyName,
    ArmyUnitName,
    NewArmyName,
    complete_armies,
    complete_army_units,
)
from bot.ui.replies import DONE, answer_when_ready, confirm


def export_file(army: Army) -> discord.File:
    """The army as Vox's JSON, `<name>.json` (what `python -m bot army FILE` prints)."""
    slug = re.sub(r"[^a-z0-9]+", "-", army.name.casefold()).strip("-") or "army"
    return discord.File(io.BytesIO(army.to_json().encode()), filename=f"{slug}.json")


class ArmyCog(commands.GroupCog, group_name="army", group_description="Your imported armies"):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="import")
    @app_commands.describe(
        file="A BattleScribe .ros/.rosz, New Recruit JSON or text, the app's text, or Vox JSON",
        name="The army's name (default: the list's)",
        update="Replace your army of that name (and update campaign cards made from it)",
    )
    async def import_(
        self, interaction: discord.Interaction[VoxBot], file: discord.Attachment,
        name: NewArmyName | None = None, update: bool = False,
    ) -> None:  # fmt: skip
        """Import an army list once; play it in every game and campaign battle."""
        upload = Upload(file.filename, file.size, file.read)
        work = asyncio.ensure_future(
            armies.import_army(self.bot, actor(interaction), upload, name, update)
        )
        done, send = await answer_when_ready(interaction, work, ephemeral=True)
        await send(f"{DONE} {imported_text(done)}", ephemeral=True)

    @app_commands.command(name="list")
    async def list(self, interaction: discord.Interaction[VoxBot]) -> None:
        """Your armies, with edition, units and points."""
        found = await armies.armies(self.bot, actor(interaction))
        await interaction.response.send_message(embed=list_embed(found), ephemeral=True)

    @app_commands.command(name="show")
    @app_commands.describe(army="Which of your armies", unit="One unit's datasheet")
    @app_commands.autocomplete(army=complete_armies, unit=complete_army_units)
    async def show(
        self, interaction: discord.Interaction[VoxBot], army: ArmyName,
        unit: ArmyUnitName | None = None,
    ) -> None:  # fmt: skip
        """An army's units, or one unit's datasheet: profiles, defences, keywords, weapons."""
        found = (await army_lookup.army(self.bot, actor(interaction), army)).army
        if unit is None:
            embed = army_embed(found)
        else:
            embed = unit_embed(found, *army_lookup.unit_of(found, unit))
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @app_commands.command(name="rename")
    @app_commands.describe(army="Which of your armies", name="Its new name")
    @app_commands.autocomplete(army=complete_armies)
    async def rename(
        self, interaction: discord.Interaction[VoxBot], army: ArmyName, name: NewArmyName
    ) -> None:
        """Rename one of your armies."""
        renamed = await armies.rename(self.bot, actor(interaction), army, name)
        await confirm(interaction, f"Renamed {army} to **{renamed.name}**.")

    @app_commands.command(name="remove")
    @app_commands.describe(army="Which of your armies")
    @app_commands.autocomplete(army=complete_armies)
    async def remove(self, interaction: discord.Interaction[VoxBot], army: ArmyName) -> None:
        """Remove one of your armies (asks first)."""
        found = await army_lookup.army(self.bot, actor(interaction), army)
        await interaction.response.send_message(
            embed=remove_question(found.name, found.army),
            view=remove_view(interaction.user.id, found.id),
            ephemeral=True,
        )

    @app_commands.command(name="export")
    @app_commands.describe(army="Which of your armies")
    @app_commands.autocomplete(army=complete_armies)
    async def export(self, interaction: discord.Interaction[VoxBot], army: ArmyName) -> None:
        """One of your armies as Vox's JSON file (import it again with /army import)."""
        found = (await army_lookup.army(self.bot, actor(interaction), army)).army
        await interaction.response.send_message(
            f"{DONE} **{found.name}** as Vox's army JSON.", file=export_file(found), ephemeral=True
        )


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(RemoveArmyButton)
    await bot.add_cog(ArmyCog(bot))

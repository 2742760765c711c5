"""/psychic and /smite (9th and Eternum), with the opponent's Deny the Witch button."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import psychic as powers
from bot.ui.actors import actor
from bot.ui.game.units import UnitName, complete_units
from bot.ui.psychic.buttons import BlastSelect, DenyButton, ResolveSmiteButton
from bot.ui.psychic.reply import send_power
from bot.ui.transformers import NameText

PowerName = app_commands.Transform[str, NameText("the power's name", 60)]
PSYKER = "The psyker's unit in this channel's game: limits checked, Perils applied to it"


class PsychicCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    @app_commands.command(name="psychic")
    @app_commands.describe(
        wc="The power's warp charge (2D6 must reach it)", power="The power's name", psyker=PSYKER
    )
    @app_commands.autocomplete(psyker=complete_units)
    async def psychic(
        self,
        interaction: discord.Interaction[VoxBot],
        wc: app_commands.Range[int, 2, 30],
        power: PowerName | None = None,
        psyker: UnitName | None = None,
    ) -> None:
        """Take a Psychic test: 2D6 against the warp charge; Perils on a double 1 or double 6."""
        rolled = await powers.manifest(self.bot, actor(interaction), wc, power, psyker)
        await send_power(interaction, rolled, title=power or "Psychic test")

    @app_commands.command(name="smite")
    @app_commands.describe(
        earlier="Smite attempts your army already made this phase (+1 each; counted in a game)",
        psyker=PSYKER,
        target="The enemy unit in this channel's game that suffers the mortal wounds",
    )
    @app_commands.autocomplete(psyker=complete_units, target=complete_units)
    async def smite(
        self,
        interaction: discord.Interaction[VoxBot],
        earlier: app_commands.Range[int, 0, 20] = 0,
        psyker: UnitName | None = None,
        target: UnitName | None = None,
    ) -> None:
        """Smite: warp charge 5 (+1 per earlier attempt this phase); D3 mortal wounds, D6 on 11+."""
        rolled = await powers.cast_smite(self.bot, actor(interaction), earlier, psyker, target)
        await send_power(interaction, rolled, title="Smite")


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(BlastSelect, ResolveSmiteButton, DenyButton)
    await bot.add_cog(PsychicCog(bot))

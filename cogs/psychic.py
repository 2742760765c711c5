"""/psychic (9th and Eternum: 2D6; 7th: Warp Charge dice), /smite (9th and Eternum) and
/warp-charge (7th), with the opponent's Deny the Witch button or select."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import psychic as powers
from bot.play import psychic7
from bot.ui.actors import actor
from bot.ui.game.units import UnitName, complete_units
from bot.ui.psychic.buttons import BlastSelect, DenyButton, ResolveSmiteButton
from bot.ui.psychic.reply import send_power
from bot.ui.psychic.warp import pool_embed
from bot.ui.psychic.warp_deny import WarpDenySelect
from bot.ui.transformers import Choice, NameText

PowerName = app_commands.Transform[str, NameText("the power's name", 60)]
PsychicEdition = app_commands.Transform[str, Choice("an edition", ("9th", "7th"))]
Mastery = app_commands.Range[int, 0, 30]
PSYKER = "The psyker's unit in this channel's game: limits checked, Perils applied to it"


class PsychicCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    @app_commands.command(name="psychic")
    @app_commands.describe(
        wc="The power's warp charge (9th: 2D6 must reach it, 2-30; 7th: successes needed, 1-12)",
        power="The power's name",
        psyker=PSYKER,
        dice="7th: Warp Charge dice to roll from your pool (1-24); each 4+ is a success",
        deny_on="7th: what each Deny the Witch die needs (default 6; 5 if the target has a psyker)",
        edition="9th (2D6 test) or 7th (Warp Charge dice); default: this channel's game, else 9th",
    )
    @app_commands.autocomplete(psyker=complete_units)
    async def psychic(
        self,
        interaction: discord.Interaction[VoxBot],
        wc: app_commands.Range[int, 1, 30],
        power: PowerName | None = None,
        psyker: UnitName | None = None,
        dice: app_commands.Range[int, 1, 24] | None = None,
        deny_on: app_commands.Range[int, 2, 6] | None = None,
        edition: PsychicEdition | None = None,
    ) -> None:
        """Take a Psychic test: 9th's 2D6 against the warp charge, or 7th's Warp Charge dice."""
        typed = psychic7.Typed(wc, dice, deny_on, edition)
        rolled = await psychic7.attempt_power(self.bot, actor(interaction), typed, power, psyker)
        await send_power(interaction, rolled, title=power or "Psychic test")

    @app_commands.command(name="warp-charge")
    @app_commands.describe(
        mastery="7th: the Mastery Levels of your psykers on the battlefield, added up (0-30)",
        opponent="Your opponent's psykers' Mastery Levels, added up (0-30; default 0)",
    )
    async def warp_charge(
        self, interaction: discord.Interaction[VoxBot], mastery: Mastery, opponent: Mastery = 0
    ) -> None:
        """7th edition: roll the Warp Charge pools, a D6 for both players plus Mastery Levels."""
        pool = await psychic7.pool(self.bot, actor(interaction), mastery, opponent)
        await interaction.response.send_message(
            embed=pool_embed(pool, interaction.user.display_name)
        )

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
    bot.add_dynamic_items(BlastSelect, ResolveSmiteButton, DenyButton, WarpDenySelect)
    await bot.add_cog(PsychicCog(bot))

"""/psychic and /smite (9th and Eternum), with the opponent's Deny the Witch button."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.rules.psychic import perils_of_the_warp, psychic_test, smite, smite_warp_charge
from bot.ui.perils import TrackedPerils
from bot.ui.psychic_view import deny_view, psychic_embed
from bot.ui.transformers import BoundedText
from bot.ui.unit_options import UnitName, complete_units

PowerName = app_commands.Transform[str, BoundedText("the power's name", 60)]


class PsychicCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        self.perils = TrackedPerils(bot)

    @app_commands.command(name="psychic")
    @app_commands.describe(
        wc="The power's warp charge (2D6 must reach it)",
        power="The power's name",
        psyker="The psyker's unit in this channel's game: Perils' mortal wounds are applied to it",
    )
    @app_commands.autocomplete(psyker=complete_units)
    async def psychic(
        self,
        interaction: discord.Interaction,
        wc: app_commands.Range[int, 2, 30],
        power: PowerName | None = None,
        psyker: UnitName | None = None,
    ) -> None:
        """Take a Psychic test: 2D6 against the warp charge; Perils on a double 1 or double 6."""
        unit = await self.perils.psyker(interaction, psyker) if psyker else None
        test = psychic_test(self.bot.dice, wc)
        perils = perils_of_the_warp(self.bot.dice) if test.perils else None
        survived, tracked = await self.perils.apply(interaction, unit, perils)
        embed = psychic_embed(
            test, title=power or "Psychic test", caster=interaction.user.display_name, perils=perils
        )
        if tracked:
            embed.add_field(name="Tracked unit", value=tracked, inline=False)
        await self._send(interaction, embed, test.passed and survived, test.total)

    @app_commands.command(name="smite")
    @app_commands.describe(
        earlier="Smite attempts your army already made this phase (+1 each)",
        psyker="The psyker's unit in this channel's game: Perils' mortal wounds are applied to it",
    )
    @app_commands.autocomplete(psyker=complete_units)
    async def smite(
        self,
        interaction: discord.Interaction,
        earlier: app_commands.Range[int, 0, 20] = 0,
        psyker: UnitName | None = None,
    ) -> None:
        """Smite: warp charge 5 (+1 per earlier attempt this phase); D3 mortal wounds, D6 on 11+."""
        unit = await self.perils.psyker(interaction, psyker) if psyker else None
        test = psychic_test(self.bot.dice, smite_warp_charge(earlier))
        perils = perils_of_the_warp(self.bot.dice) if test.perils else None
        survived, tracked = await self.perils.apply(interaction, unit, perils)
        effect = None
        if test.passed and survived:
            wounds = smite(self.bot.dice, test)
            size = "D6 (the result was 11+)" if test.total >= 11 else "D3"
            effect = f"{size} = **{wounds.mortal_wounds}** mortal wounds on the closest enemy unit"
        embed = psychic_embed(
            test, title="Smite", caster=interaction.user.display_name, perils=perils, effect=effect
        )
        if tracked:
            embed.add_field(name="Tracked unit", value=tracked, inline=False)
        await self._send(interaction, embed, test.passed and survived, test.total)

    async def _send(
        self, interaction: discord.Interaction, embed: discord.Embed, passed: bool, result: int
    ) -> None:
        """A passed power can be denied once, by anyone but the caster (outside a game)."""
        if passed:
            view = deny_view(interaction.user.id, result)
            await interaction.response.send_message(embed=embed, view=view)
        else:
            await interaction.response.send_message(embed=embed)


async def setup(bot: VoxBot) -> None:
    await bot.add_cog(PsychicCog(bot))

"""/psychic and /smite (9th and Eternum), with the opponent's Deny the Witch button."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.errors import VoxError
from bot.game.psychic import SMITE, Manifesting
from bot.rules.psychic import (
    MortalWoundsRoll,
    PsychicTest,
    perils_of_the_warp,
    psychic_test,
    smite,
    smite_warp_charge,
)
from bot.ui.game.embeds import who
from bot.ui.game.units import UnitName, complete_units
from bot.ui.mentions import only
from bot.ui.psychic.buttons import BlastSelect, ResolveSmiteButton, blast_view, power_view
from bot.ui.psychic.embeds import DenyButton, psychic_embed
from bot.ui.psychic.tracked import Cast, TrackedPsychic, survives
from bot.ui.transformers import NameText

PowerName = app_commands.Transform[str, NameText("the power's name", 60)]
PSYKER = "The psyker's unit in this channel's game: limits checked, Perils applied to it"


class PsychicCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        self.tracked = TrackedPsychic(bot)

    @app_commands.command(name="psychic")
    @app_commands.describe(
        wc="The power's warp charge (2D6 must reach it)", power="The power's name", psyker=PSYKER
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
        allowed = await self.tracked.check(interaction, psyker, power) if psyker else None
        test = psychic_test(self.bot.dice, wc)
        perils = perils_of_the_warp(self.bot.dice) if test.perils else None
        cast = await self.tracked.record(interaction, allowed, test, perils) if allowed else None
        embed = psychic_embed(
            test, title=power or "Psychic test", caster=interaction.user.display_name, perils=perils
        )
        await self._send(interaction, embed, test, cast)

    @app_commands.command(name="smite")
    @app_commands.describe(
        earlier="Smite attempts your army already made this phase (+1 each; counted in a game)",
        psyker=PSYKER,
        target="The enemy unit in this channel's game that suffers the mortal wounds",
    )
    @app_commands.autocomplete(psyker=complete_units, target=complete_units)
    async def smite(
        self,
        interaction: discord.Interaction,
        earlier: app_commands.Range[int, 0, 20] = 0,
        psyker: UnitName | None = None,
        target: UnitName | None = None,
    ) -> None:
        """Smite: warp charge 5 (+1 per earlier attempt this phase); D3 mortal wounds, D6 on 11+."""
        if target and not psyker:
            raise VoxError("Name the psyker too, so Vox can apply Smite to the target.")
        allowed = await self.tracked.check(interaction, psyker, SMITE, target) if psyker else None
        if allowed is not None:
            earlier = allowed.earlier_smites  # seed 002: counted from the game's own log
        test = psychic_test(self.bot.dice, smite_warp_charge(earlier))
        perils = perils_of_the_warp(self.bot.dice) if test.perils else None
        wounds = smite(self.bot.dice, test) if test.passed and survives(allowed, perils) else None
        cast = None
        if allowed is not None:
            dealt = wounds.mortal_wounds if wounds and target else None
            cast = await self.tracked.record(
                interaction, allowed, test, perils, target=target, smite=dealt
            )
        embed = psychic_embed(
            test, title="Smite", caster=interaction.user.display_name, perils=perils,
            effect=_smite_effect(test, wounds, target, allowed),
        )  # fmt: skip
        await self._send(interaction, embed, test, cast, smite=bool(target and wounds))

    async def _send(
        self,
        interaction: discord.Interaction,
        embed: discord.Embed,
        test: PsychicTest,
        cast: Cast | None,
        *,
        smite: bool = False,
    ) -> None:
        """A power that works can be denied once; Perils that killed the psyker ask for the units
        within 6"."""
        if cast is not None and cast.lines:
            embed.add_field(name="Tracked unit", value="\n".join(cast.lines)[:1024], inline=False)
        view: discord.ui.View | None = None
        ask, opponent = None, None  # a tracked power that works asks the opponent to deny it
        if cast is not None and not cast.survived and cast.blast:
            view = blast_view(cast.game_id, cast.seq, cast.blast)
        elif test.passed and (cast is None or cast.survived):
            game, seq = (cast.game_id, cast.seq) if cast else (None, None)
            view = power_view(interaction.user.id, test.total, game, seq, smite=smite)
            opponent = cast.opponent if cast is not None else None
            if opponent is not None:
                through = ", or let it through with **No deny: resolve Smite**" if smite else ""
                ask = f"{who(opponent)}: deny this power with **Deny the Witch**{through}."
        await interaction.response.send_message(
            ask,
            embed=embed,
            view=view or discord.utils.MISSING,
            allowed_mentions=only(opponent),
        )


def _smite_effect(
    test: PsychicTest,
    wounds: MortalWoundsRoll | None,
    target: str | None,
    allowed: Manifesting | None,
) -> str | None:
    if wounds is None:
        return None
    size = "D6 (the result was 11+)" if test.total >= 11 else "D3"
    on = f"**{target}**, unless denied" if target else "the closest enemy unit"
    earlier = allowed.earlier_smites if allowed is not None else 0
    counted = f" (the army's Smite number {earlier + 1} this phase)" if earlier else ""
    return f"{size} = **{wounds.mortal_wounds}** mortal wounds on {on}{counted}"


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(BlastSelect, ResolveSmiteButton, DenyButton)
    await bot.add_cog(PsychicCog(bot))

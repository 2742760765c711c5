"""/psychic and /smite embeds, and the once-per-power "Deny the Witch" button."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.errors import VoxError
from bot.rules.psychic import (
    DenyTest,
    MortalWoundsRoll,
    PsychicTest,
    chance_of_perils,
    chance_to_deny,
    chance_to_pass,
    deny_the_witch,
)
from bot.ui.components import Component
from bot.ui.dice.embeds import die_text
from bot.ui.psychic.buttons import claim, deny_key, resolve_smite

if TYPE_CHECKING:
    from bot.client import VoxBot

PSYCHIC_COLOUR = discord.Colour.purple()


def _dice(test: PsychicTest | DenyTest) -> str:
    return " + ".join(die_text(d) for d in test.dice) + f" = **{test.total}**"


def psychic_embed(
    test: PsychicTest,
    *,
    title: str,
    caster: str,
    perils: MortalWoundsRoll | None,
    effect: str | None = None,
) -> discord.Embed:
    """The test, passed or failed, Perils if it struck, and the exact odds beside it."""
    verdict = "**passed**" if test.passed else "**failed**"
    embed = discord.Embed(
        title=f"🔮 {title} — warp charge {test.warp_charge}",
        description=f"{_dice(test)}: {verdict}",
        colour=PSYCHIC_COLOUR,
    )
    if perils is not None:
        embed.add_field(
            name="⚠️ Perils of the Warp",
            value=f"A double {test.dice[0].value}: the psyker's unit suffers D3 = "
            f"**{perils.mortal_wounds}** mortal wounds. If that destroys it, the power fails and "
            'each unit within 6" suffers D3 mortal wounds.',
            inline=False,
        )
    if effect:
        embed.add_field(name="Effect", value=effect, inline=False)
    embed.add_field(
        name="Exact odds",
        value=f"Pass {float(chance_to_pass(test.warp_charge)):.1%} · "
        f"Perils {float(chance_of_perils()):.1%} · "
        f"Deny this result {float(chance_to_deny(test.total)):.1%}",
        inline=False,
    )
    embed.set_footer(text=f"Manifested by {caster}")
    return embed


class DenyButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:deny:(?P<caster>\d{1,20}):(?P<result>\d{1,2})(?::(?P<game>\d{1,18}):(?P<seq>\d{1,9}))?",
):
    """Deny the Witch: 2D6 that must beat the Psychic test's result; once per power, never the
    caster, and inside a game only the caster's opponent (seed 000). The claim in `meta` makes a
    double click deny at most once. A tracked power (`game`, `seq`) that is not denied resolves:
    a Smite's mortal wounds land on its target."""

    def __init__(
        self, caster: int, result: int, game_id: int | None = None, seq: int | None = None
    ) -> None:
        tracked = f":{game_id}:{seq}" if game_id is not None and seq is not None else ""
        super().__init__(
            discord.ui.Button(
                label="Deny the Witch",
                emoji="🛡️",
                style=discord.ButtonStyle.danger,
                custom_id=f"vox:deny:{caster}:{result}{tracked}",
            )
        )
        self.caster, self.result = caster, result
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DenyButton:
        game, seq = match.group("game"), match.group("seq")
        return cls(
            int(match.group("caster")),
            int(match.group("result")),
            int(game) if game else None,
            int(seq) if seq else None,
        )

    async def act(self, interaction: discord.Interaction) -> None:
        bot = cast("VoxBot", interaction.client)
        if interaction.user.id == self.caster:
            raise VoxError("The caster cannot deny their own power; their opponent presses this.")
        table = await bot.tracker.table(interaction.channel_id or 0)
        if table and self.caster in table.state.players:
            opponent = table.state.other(self.caster)
            if interaction.user.id != opponent:
                raise VoxError(f"In this game only <@{opponent}> can deny this power.")
        if not await claim(interaction, deny_key(interaction)):
            raise VoxError("Deny the Witch was already attempted against this power.")
        deny = deny_the_witch(bot.dice, self.result)
        outcome = "**denied**: the power fails" if deny.denied else "not denied: the power works"
        text = f"{interaction.user.display_name}: {_dice(deny)} against {self.result}, {outcome}."
        if not deny.denied and self.game_id is not None and self.seq is not None:
            smite = await resolve_smite(interaction, self.game_id, self.seq)
            text = f"{text}\n{smite}" if smite else text
        embed = (
            interaction.message.embeds[0]
            if interaction.message and interaction.message.embeds
            else None
        )
        if embed is None:
            await interaction.response.send_message(f"🛡️ {text}")
            return
        embed.add_field(name="🛡️ Deny the Witch", value=text, inline=False)
        await interaction.response.edit_message(embed=embed, view=None)

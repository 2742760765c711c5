"""Buttons of a manifested power: Deny the Witch (`vox:deny:<caster>:<result>[:<game>:<seq>]`),
resolving a tracked Smite once the opponent lets it through (`vox:smite:<game>:<seq>`) and the
Perils blast select menu (`vox:blast:<game>:<seq>`), where `seq` is the power's PowerAttempted
event. Everything they need is in the custom_id and the log, so they survive a restart; what
they do is `bot.play.psychic`."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.play import psychic
from bot.ui.actors import actor
from bot.ui.components import Component, VoxInteraction
from bot.ui.psychic.embeds import BLAST_TITLE, blast_text, deny_text, smite_text

MAX_OPTIONS = 25  # Discord's limit for a select menu


def message_id(interaction: VoxInteraction) -> int:
    """The power's message (whose claims exclude each other)."""
    return interaction.message.id if interaction.message else interaction.id


def power_view(
    caster: int, result: int, game_id: int | None = None, seq: int | None = None,
    *, smite: bool = False,
) -> discord.ui.View:  # fmt: skip
    """Deny the Witch, and for a tracked Smite the opponent's "not denied" button."""
    view = discord.ui.View(timeout=None)
    view.add_item(DenyButton(caster, result, game_id, seq))
    if smite and game_id is not None and seq is not None:
        view.add_item(ResolveSmiteButton(game_id, seq))
    return view


def blast_view(game_id: int, seq: int, units: tuple[str, ...]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(BlastSelect(game_id, seq, units))
    return view


class DenyButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:deny:(?P<caster>\d{1,20}):(?P<result>\d{1,2})(?::(?P<game>\d{1,18}):(?P<seq>\d{1,9}))?",
):
    """Deny the Witch: once per power, never the caster, and inside a game only the caster's
    opponent (seed 000). A tracked power (`game`, `seq`) that is not denied resolves."""

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

    async def act(self, interaction: VoxInteraction) -> None:
        power = (
            (self.game_id, self.seq) if self.game_id is not None and self.seq is not None else None
        )
        denied = await psychic.deny(
            interaction.client, actor(interaction), self.caster, self.result, power,
            message_id(interaction),
        )  # fmt: skip
        text = deny_text(denied, self.result, interaction.user.display_name)
        message = interaction.message
        if message is None or not message.embeds:
            await interaction.response.send_message(f"🛡️ {text}")
            return
        embed = message.embeds[0]
        embed.add_field(name="🛡️ Deny the Witch", value=text, inline=False)
        await interaction.response.edit_message(embed=embed, view=None)


class ResolveSmiteButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:smite:(?P<game>\d{1,18}):(?P<seq>\d{1,9})",
):
    """The opponent lets the Smite through without a Deny attempt: its damage is applied."""

    def __init__(self, game_id: int, seq: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="No deny: resolve Smite",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:smite:{game_id}:{seq}",
            )
        )
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ResolveSmiteButton:
        return cls(int(match.group("game")), int(match.group("seq")))

    async def act(self, interaction: VoxInteraction) -> None:
        smitten = await psychic.let_through(
            interaction.client, actor(interaction), self.game_id, self.seq, message_id(interaction)
        )
        await edit_power(interaction, "Smite", smite_text(smitten))


class BlastSelect(
    Component,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"vox:blast:(?P<game>\d{1,18}):(?P<seq>\d{1,9})",
):
    """Seed 002: Perils destroyed the psyker, so each unit within 6" suffers D3 mortal wounds;
    the psyker's player picks those units."""

    def __init__(self, game_id: int, seq: int, units: tuple[str, ...] = ()) -> None:
        options = [discord.SelectOption(label=u[:100], value=u[:100]) for u in units[:MAX_OPTIONS]]
        super().__init__(
            discord.ui.Select(
                placeholder='Units within 6" of the psyker: D3 mortal wounds each',
                min_values=1,
                max_values=max(1, len(options)),
                options=options or [discord.SelectOption(label="(none)", value="-")],
                custom_id=f"vox:blast:{game_id}:{seq}",
            )
        )
        self.game_id, self.seq = game_id, seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> BlastSelect:
        return cls(int(match.group("game")), int(match.group("seq")))

    async def act(self, interaction: VoxInteraction) -> None:
        picked = [v for v in self.item.values if v != "-"]
        hits = await psychic.blast(
            interaction.client, actor(interaction), self.game_id, self.seq, picked
        )
        await edit_power(interaction, BLAST_TITLE, blast_text(hits))


async def edit_power(interaction: VoxInteraction, name: str, text: str) -> None:
    """Add the outcome to the power's embed and take its components away."""
    message = interaction.message
    if message is None or not message.embeds:
        await interaction.response.send_message(text or name)
        return
    embed = message.embeds[0]
    if text:
        embed.add_field(name=name, value=text[:1024], inline=False)
    await interaction.response.edit_message(embed=embed, view=None)

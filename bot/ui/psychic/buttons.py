"""Buttons of a tracked psyker's power: resolving Smite once the opponent lets it through, and
the Perils blast select menu (`vox:smite:<game>:<seq>`, `vox:blast:<game>:<seq>`, where `seq`
is the power's PowerAttempted event). Everything they need is in the log, so they survive a
restart; a claim in `meta` makes each act once."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.errors import Stale, VoxError
from bot.game import chain, damage
from bot.game.events import DiceRolled, Event, EventUndone, PowerAttempted
from bot.rules.psychic import perils_blast
from bot.store.meta import claim_meta
from bot.tracker import Table
from bot.ui.components import Component
from bot.ui.game.embeds import unit_line

if TYPE_CHECKING:
    from bot.client import VoxBot

BLAST = 'Perils of the Warp (within 6")'
MAX_OPTIONS = 25  # Discord's limit for a select menu


async def _attempt(
    interaction: discord.Interaction, game_id: int, seq: int
) -> tuple[VoxBot, Table, PowerAttempted]:
    """The power this button belongs to, if its game is still on and it was not undone."""
    bot = cast("VoxBot", interaction.client)
    table = await bot.tracker.table(interaction.channel_id or 0)
    if table is None or table.record.id != game_id:
        raise Stale("That game is over; this no longer does anything.")
    events = await bot.tracker.history(table)
    found = next((r.event for r in events if r.seq == seq), None)
    undone = any(isinstance(r.event, EventUndone) and seq in r.event.seqs for r in events)
    if not isinstance(found, PowerAttempted) or undone:
        raise Stale("That power was undone; this no longer does anything.")
    return bot, table, found


async def claim(interaction: discord.Interaction, key: str) -> bool:
    bot = cast("VoxBot", interaction.client)
    return await claim_meta(bot.db, key, str(interaction.user.id))


def deny_key(interaction: discord.Interaction) -> str:
    """One claim per power's message: denying it and letting it through exclude each other."""
    message_id = interaction.message.id if interaction.message else interaction.id
    return f"deny:{message_id}"


async def resolve_smite(interaction: discord.Interaction, game_id: int, seq: int) -> str:
    """Apply a Smite's mortal wounds to its target (spilling over); the words for the reply."""
    bot, table, power = await _attempt(interaction, game_id, seq)
    if power.target is None or power.mortal_wounds is None:
        return ""
    target = table.state.unit(power.target)
    if target is None or target.destroyed:
        return f"{power.target} is already gone: Smite has nothing left to hit."
    wounds, name = power.mortal_wounds, target.name
    source = f"Smite ({power.unit})"
    outcome = await bot.tracker.act(
        interaction.channel_id or 0,
        power.player,
        lambda s: damage(s, name, [wounds], mortal=True, source=source, attacker=power.unit),
    )
    after = outcome.state.unit(name)
    return f"Smite: {wounds} mortal wounds on " + (unit_line(after) if after else name)


def power_view(
    caster: int, result: int, game_id: int | None = None, seq: int | None = None,
    *, smite: bool = False,
) -> discord.ui.View:  # fmt: skip
    """Deny the Witch, and for a tracked Smite the opponent's "not denied" button."""
    from bot.ui.psychic.embeds import DenyButton

    view = discord.ui.View(timeout=None)
    view.add_item(DenyButton(caster, result, game_id, seq))
    if smite and game_id is not None and seq is not None:
        view.add_item(ResolveSmiteButton(game_id, seq))
    return view


def blast_view(game_id: int, seq: int, units: tuple[str, ...]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(BlastSelect(game_id, seq, units))
    return view


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

    async def act(self, interaction: discord.Interaction) -> None:
        _, table, power = await _attempt(interaction, self.game_id, self.seq)
        opponent = table.state.other(power.player)
        if interaction.user.id != opponent:
            raise VoxError(f"<@{opponent}> decides whether to deny this Smite.")
        if not await claim(interaction, deny_key(interaction)):
            raise VoxError("This Smite was already resolved.")
        text = await resolve_smite(interaction, self.game_id, self.seq)
        await _edit(interaction, "Smite", text)


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

    async def act(self, interaction: discord.Interaction) -> None:
        bot, table, power = await _attempt(interaction, self.game_id, self.seq)
        if interaction.user.id != power.player:
            raise VoxError(f'<@{power.player}> picks the units within 6" of their psyker.')
        picked = [v for v in self.item.values if v != "-"]
        units = [table.state.unit(v) for v in picked]
        alive = [u.name for u in units if u is not None and not u.destroyed]
        if not alive:
            raise VoxError("None of those units is still on the table; pick living units.")
        if not await claim(interaction, f"blast:{self.game_id}:{self.seq}"):
            raise VoxError("The Perils blast was already rolled.")
        blast = perils_blast(bot.dice, len(alive))

        def decide(state: Any) -> list[Event]:
            hurt: list[Event] = []
            for name, wounds in zip(alive, blast.mortal_wounds, strict=True):
                hurt += damage(state, name, [wounds], mortal=True, source=BLAST)
            faces = tuple(d.value for d in blast.dice)
            total = sum(blast.mortal_wounds)
            roll = DiceRolled(label=BLAST, expression=f"{len(alive)}×D3", dice=faces,
                              total=total, notable=True)  # fmt: skip
            return chain(*hurt, roll)

        outcome = await bot.tracker.act(interaction.channel_id or 0, interaction.user.id, decide)
        lines = []
        for name, wounds in zip(alive, blast.mortal_wounds, strict=True):
            after = outcome.state.unit(name)
            lines.append(f"D3 = **{wounds}** on " + (unit_line(after) if after else name))
        await _edit(interaction, "💥 " + BLAST, "\n".join(lines))


async def _edit(interaction: discord.Interaction, name: str, text: str) -> None:
    """Add the outcome to the power's embed and take its components away."""
    message = interaction.message
    if message is None or not message.embeds:
        await interaction.response.send_message(text or name)
        return
    embed = message.embeds[0]
    if text:
        embed.add_field(name=name, value=text[:1024], inline=False)
    await interaction.response.edit_message(embed=embed, view=None)

"""Game buttons: "Next phase" (`vox:next:<game>:<seq>`) and who goes first after a roll-off
(`vox:first:<game>:<chooser>:<player>`). What they need is in the custom_id, so they work after a
restart, and a button from an older prompt says so instead of acting twice."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.errors import Stale, VoxError
from bot.game import choose_first_player, next_phase, phase_prompt, round_summary
from bot.game.events import GameEnded, Recorded
from bot.tracker import Outcome, Table, in_phase
from bot.ui.checks.buttons import add_test_buttons
from bot.ui.components import Component
from bot.ui.game.embeds import final_embed, prompt_embed, summary_embed, who
from bot.ui.mentions import only
from bot.ui.permissions import check_may_change

if TYPE_CHECKING:
    from bot.client import VoxBot


def round_ended(outcome: Outcome) -> bool:
    before, state = outcome.before, outcome.state
    return bool(before.round) and (state.round != before.round or state.status == "ended")


def announcement(
    outcome: Outcome, log: Sequence[Recorded] = ()
) -> tuple[list[discord.Embed], discord.ui.View | None]:
    """The round summary if a round ended (from `log`, the game's whole log), then the new phase
    prompt (or the final result)."""
    before, state, table = outcome.before, outcome.state, outcome.table
    embeds: list[discord.Embed] = []
    if round_ended(outcome):
        embeds.append(summary_embed(round_summary(log, before.round), state.players))
    if state.status == "ended":
        ended = [r.event for r in outcome.appended if isinstance(r.event, GameEnded)]
        embeds.append(final_embed(state, ended[-1].reason if ended else ""))
        return embeds, None
    prompt = phase_prompt(state)
    embed = prompt_embed(prompt)
    embeds.append(embed)
    view = next_view(table.record.id, prompt.seq)
    left = add_test_buttons(view, table.record.id, prompt)
    if left:
        command = "/morale" if prompt.test == "morale" else "/battleshock"
        embed.add_field(name="More tests", value=f"{left} more units: use {command} unit:")
    return embeds, view


async def announce(interaction: discord.Interaction, outcome: Outcome) -> None:
    """Answer with the announcement; a campaign game that just ended opens its aftermath."""
    from bot.ui.campaign.games import after_game

    bot = cast("VoxBot", interaction.client)
    log = await bot.tracker.history(outcome.table) if round_ended(outcome) else ()
    embeds, view = announcement(outcome, log)
    state = outcome.state
    await interaction.response.send_message(
        embeds=embeds,
        view=view or discord.utils.MISSING,
        allowed_mentions=only(state.active if state.status != "ended" else None),
    )
    await after_game(interaction, outcome)


def next_view(game_id: int, seq: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(NextPhaseButton(game_id, seq))
    return view


def first_player_view(
    game_id: int, chooser: int, players: tuple[int, ...], names: dict[int, str]
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for player in players:
        view.add_item(FirstPlayerButton(game_id, chooser, player, names.get(player, "that player")))
    return view


async def _table_for(interaction: discord.Interaction, game_id: int) -> tuple[VoxBot, Table]:
    bot = cast("VoxBot", interaction.client)
    table = await bot.tracker.table(interaction.channel_id or 0)
    if table is None or table.record.id != game_id:
        raise Stale("That game is over; this button no longer does anything.")
    return bot, table


class NextPhaseButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:next:(?P<game>\d{1,18}):(?P<seq>\d{1,9})",
):
    def __init__(self, game_id: int, seq: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Next phase",
                emoji="⏭️",
                style=discord.ButtonStyle.primary,
                custom_id=f"vox:next:{game_id}:{seq}",
            )
        )
        self.game_id = game_id
        self.seq = seq

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> NextPhaseButton:
        return cls(int(match.group("game")), int(match.group("seq")))

    async def act(self, interaction: discord.Interaction) -> None:
        bot, table = await _table_for(interaction, self.game_id)
        check_may_change(interaction, table.state)
        outcome = await bot.tracker.act(
            interaction.channel_id or 0, interaction.user.id, next_phase, expect=in_phase(self.seq)
        )
        await announce(interaction, outcome)


class FirstPlayerButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:first:(?P<game>\d{1,18}):(?P<chooser>\d{1,20}):(?P<player>\d{1,20})",
):
    def __init__(self, game_id: int, chooser: int, player: int, name: str = "") -> None:
        label = f"{name} goes first"[:80] if name else "Goes first"
        super().__init__(
            discord.ui.Button(
                label=label,
                style=discord.ButtonStyle.primary,
                custom_id=f"vox:first:{game_id}:{chooser}:{player}",
            )
        )
        self.game_id, self.chooser, self.player = game_id, chooser, player

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FirstPlayerButton:
        return cls(
            int(match.group("game")), int(match.group("chooser")), int(match.group("player"))
        )

    async def act(self, interaction: discord.Interaction) -> None:
        bot, _ = await _table_for(interaction, self.game_id)
        if interaction.user.id != self.chooser:
            raise VoxError(f"{who(self.chooser)} won the roll-off, so they choose who goes first.")
        outcome = await bot.tracker.act(
            interaction.channel_id or 0,
            interaction.user.id,
            lambda s: choose_first_player(s, self.player),
        )
        await announce(interaction, outcome)

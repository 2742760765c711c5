"""The live prompt: one public message per player turn, which follows the table.

A player turn begins (the first turn, the other player's, a new round): one new public message,
the round summary when a round ended and the new prompt with its "Next phase" and test buttons,
recorded as the game's live prompt (`PromptShown`); the previous turn's prompt collapses to one
line. Within the turn, Next phase edits the live prompt (its own button answers by editing it;
/game next or a button elsewhere edits it and answers privately), and so does any change that
keeps the phase (`refresh`: points, moves, damage, tests, attacks…). A live prompt that cannot
be edited (deleted, or none recorded: an older game) is posted anew. The end of the game is one
public post, and /game undo posts the current prompt again (`repost`), leaving the older one
saying it is out of date.
"""

from __future__ import annotations

import logging
import re
from typing import Any

import discord

from bot.game import GameState, PhasePrompt, phase_prompt
from bot.play import game
from bot.play.game import Announcement, Undone
from bot.tracker import Outcome, Table
from bot.ui.actors import actor
from bot.ui.campaign.games import after_game
from bot.ui.checks.buttons import add_tests
from bot.ui.components import Component, VoxInteraction
from bot.ui.game.embeds import announcement_embeds
from bot.ui.game.prompt import prompt_embed, who
from bot.ui.game.reserves import add_reserve_buttons
from bot.ui.mentions import only
from bot.ui.replies import MOVED_ON

log = logging.getLogger("vox.live")

OUT_OF_DATE = "Out of date after an undo — see the newer prompt below."


def done_line(state: GameState) -> str:
    """What a finished turn's prompt collapses to: "Battle round 1 · @A's turn — done"."""
    round_name = state.edition.round_name if state.edition else "Battle round"
    return f"{round_name} {state.round} · {who(state.active)}'s turn — done"


def updated_line(prompt: PhasePrompt) -> str:
    return f"{MOVED_ON} {prompt.phase_name} — the prompt above is updated."


def next_view(game_id: int, seq: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(NextPhaseButton(game_id, seq))
    return view


def prompt_view(
    game_id: int, prompt: PhasePrompt, embed: discord.Embed, state: GameState
) -> discord.ui.View:
    """The prompt's buttons: Next phase, a test button per unit that must test now, and (Eternum,
    Movement phase) a Reserve Roll button per unit that may make one."""
    view = next_view(game_id, prompt.seq)
    add_tests(view, embed, game_id, prompt)
    add_reserve_buttons(view, game_id, state)
    return view


def announcement(result: Announcement) -> tuple[list[discord.Embed], discord.ui.View | None]:
    """The embeds (`announcement_embeds`), and under a prompt its buttons."""
    embeds = announcement_embeds(result)
    if result.prompt is None:
        return embeds, None
    return embeds, prompt_view(result.game_id, result.prompt, embeds[-1], result.state)


async def show(interaction: VoxInteraction, result: Announcement) -> None:
    """Answer a change of phase: a new turn's prompt, the live prompt edited, or the result (a
    campaign game that just ended then opens its aftermath)."""
    embeds, view = announcement(result)
    before = result.outcome.before
    if result.prompt is not None and not result.turn_began:
        await moved(interaction, result, embeds, view)
        return
    ping = result.state.active if result.prompt is not None else None
    await post(interaction, result.game_id, embeds, view, ping=ping)
    await retire(interaction, before.prompt_message, done_line(before))
    if result.prompt is None:
        await after_game(interaction, result.outcome)


async def moved(
    interaction: VoxInteraction,
    result: Announcement,
    embeds: list[discord.Embed],
    view: discord.ui.View | None,
) -> None:
    """Next phase within a turn: the live prompt shows the new phase."""
    live = result.state.prompt_message
    message = interaction.message
    on_prompt = interaction.type is discord.InteractionType.component and message is not None
    if on_prompt and message is not None and live in (None, message.id):
        await interaction.response.edit_message(embeds=embeds, view=view)
        if live is None:  # an older game's prompt: it is the live one from now on
            await game.shown(interaction.client, actor(interaction), result.game_id, message.id)
        return
    if live is not None and await edit(interaction, live, embeds, view):
        assert result.prompt is not None
        await interaction.response.send_message(updated_line(result.prompt), ephemeral=True)
        return
    await post(interaction, result.game_id, embeds, view, ping=result.state.active)


async def post(
    interaction: VoxInteraction,
    game_id: int,
    embeds: list[discord.Embed],
    view: discord.ui.View | None,
    *,
    content: str | None = None,
    ping: int | None = None,
) -> None:
    """Answer with a new public message; under a prompt (`view`) it is the live one from now."""
    response = await interaction.response.send_message(
        content,
        embeds=embeds,
        view=view or discord.utils.MISSING,
        allowed_mentions=only(ping),
    )
    message_id = response.message_id if response is not None else None
    if view is not None and message_id is not None:
        await game.shown(interaction.client, actor(interaction), game_id, message_id)


async def edit(
    interaction: VoxInteraction,
    message_id: int,
    embeds: list[discord.Embed],
    view: discord.ui.View | None,
    content: str | None = None,
) -> bool:
    """Edit a message of the channel; False if it cannot be (deleted, or not Vox's to edit)."""
    channel = interaction.client.get_partial_messageable(interaction.channel_id or 0)
    try:
        await channel.get_partial_message(message_id).edit(
            content=content, embeds=embeds, view=view, allowed_mentions=only()
        )
    except discord.HTTPException as error:
        log.info("could not edit message %s: %s", message_id, error)
        return False
    return True


async def retire(interaction: VoxInteraction, message_id: int | None, line: str) -> None:
    """Collapse an older live prompt to one line, without buttons."""
    if message_id is not None:
        await edit(interaction, message_id, [], None, content=line)


async def refresh(interaction: VoxInteraction, now: Outcome | Table | None = None) -> None:
    """Edit the channel's live prompt to the game as it now stands (`now`, else as read), after
    a change that keeps the phase; call it once the interaction is answered. Nothing is shown
    when there is no live prompt (no game, no phase, none recorded) or it cannot be edited: the
    next Next phase posts a new one."""
    if now is None:
        now = await game.table(interaction.client, interaction.channel_id or 0)
    if now is None:
        return
    state = now.state
    if state.phase is None or state.prompt_message is None:
        return
    prompt = phase_prompt(state)
    embed = prompt_embed(prompt)
    view = prompt_view(now.record.id, prompt, embed, state)
    await edit(interaction, state.prompt_message, [embed], view)


async def repost(interaction: VoxInteraction, undone: Undone, text: str) -> None:
    """After /game undo: `text` with the current prompt, the live prompt from now on; the older
    one says it is out of date."""
    prompt, embeds, view = undone.prompt, [], None
    if prompt is not None:
        embed = prompt_embed(prompt)
        embeds, view = [embed], prompt_view(undone.game_id, prompt, embed, undone.state)
    await post(interaction, undone.game_id, embeds, view, content=text)
    await retire(interaction, undone.outcome.before.prompt_message, OUT_OF_DATE)


class NextPhaseButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:next:(?P<game>\d{1,18}):(?P<seq>\d{1,9})",
):
    """`vox:next:<game>:<seq>`: the phase it was shown for, so an older prompt's button says it
    is out of date instead of acting twice."""

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

    async def act(self, interaction: VoxInteraction) -> None:
        result = await game.advance(interaction.client, actor(interaction), self.game_id, self.seq)
        await show(interaction, result)

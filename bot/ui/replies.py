"""Answering an interaction once, whatever state it is in, and turning errors into sentences."""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.play.refusals import refusal
from bot.rules.quote import shorten
from bot.ui.mentions import only

log = logging.getLogger("vox.errors")

T = TypeVar("T")
MAX_CONTENT = 2000  # Discord's limit for a message's content
DEFER_AFTER = 2.0  # seconds; Discord wants the first response within 3
DONE = "✅"  # opens a private confirmation, so it never reads as a refusal
MOVED_ON = "➡️"  # opens the private note that the live prompt moved on to the next phase
CONFIRMATIONS = (DONE, MOVED_ON)  # how a private answer that is not a refusal begins
APOLOGY = "Sorry, something went wrong on Vox's side (error id `{id}`); it has been logged."


def user_sentence(error: BaseException) -> str | None:
    """The sentence to show for an error a user caused, or None for a bug."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, app_commands.CheckFailure) and str(current):
            return str(current)
        if (refused := refusal(current)) is not None:  # Vox refused; the disk refused
            return refused
        nxt = getattr(current, "original", None) or current.__cause__
        current = nxt if isinstance(nxt, BaseException) else None
    return None


async def send_ephemeral(interaction: discord.Interaction, text: str) -> None:
    """One ephemeral message, as the first response or as a follow-up (cut to Discord's 2,000
    characters, so no sentence is too long to be shown)."""
    text = shorten(text, MAX_CONTENT)
    if interaction.response.is_done():
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.response.send_message(text, ephemeral=True)


async def confirm(interaction: discord.Interaction, text: str) -> None:
    """A change done, told only to the member who made it (the channel stays quiet): `✅ text`."""
    await interaction.response.send_message(f"{DONE} {text}", ephemeral=True)


def logged(error: BaseException, where: str) -> str:
    """Log a bug with a short id (`where`: "in attack"…) and return the id to show the user."""
    error_id = uuid.uuid4().hex[:8]
    log.error("error %s %s", error_id, where, exc_info=error)
    return error_id


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """The one error handler of commands and components: a user's mistake gets its sentence;
    anything else is logged with an id and apologised for. An interaction that has expired (no
    reply within Discord's 3 seconds, or older than 15 minutes: Discord answers 404 Unknown
    interaction) cannot be answered any more, so the sentence goes to the channel instead,
    addressed to the member (`too_late`)."""
    sentence = user_sentence(error)
    if sentence is None:
        command = interaction.command.qualified_name if interaction.command else "component"
        sentence = APOLOGY.format(id=logged(error, f"in {command}"))
    try:
        await send_ephemeral(interaction, sentence)
    except discord.NotFound:  # 10062 Unknown interaction (10015 for a follow-up): expired
        await too_late(interaction, sentence)
    except discord.HTTPException:
        log.warning("could not send the error reply for interaction %s", interaction.id)


async def too_late(interaction: discord.Interaction[Any], sentence: str) -> None:
    """The fallback for an expired interaction: one message in the channel that notifies only
    the member (nothing else when Vox may not post there)."""
    channel = interaction.channel
    text = shorten(f"{interaction.user.mention} {sentence}", MAX_CONTENT)
    if not isinstance(channel, discord.abc.Messageable):
        log.info("interaction %s expired; no channel to tell: %s", interaction.id, sentence)
        return
    try:
        await channel.send(text, allowed_mentions=only(interaction.user.id))
    except discord.HTTPException:
        log.warning("interaction %s expired and its channel refused the error", interaction.id)


async def answer_when_ready(
    interaction: discord.Interaction,
    work: asyncio.Future[T],
    *,
    ephemeral: bool,
    patience: float | None = None,
) -> tuple[T, Callable[..., Awaitable[Any]]]:
    """Wait for `work`; defer the interaction only if it is still running after `patience` s.

    Returns the result and the function that sends the one reply (the first response, or a
    follow-up after a defer), so a slow computation never leaves "The application did not respond".
    """
    done, _ = await asyncio.wait({work}, timeout=DEFER_AFTER if patience is None else patience)
    if work in done:
        return work.result(), interaction.response.send_message
    await interaction.response.defer(thinking=True, ephemeral=ephemeral)
    return await work, interaction.followup.send

"""What an interaction rolled becomes a row of the channel's roll log once it is over.

Every slash command, button, select and form counts its dice in a tally (`bot.tally`); when it
ends without an error, its tally is saved here, credited to the member who used it. A refused or
failed action saves nothing (its dice, if any, changed nothing). Writing the log is an aside: if it
fails, the failure is logged and the member's action stands as it was answered.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.play.roll_log import save_tally
from bot.play.services import Services
from bot.tally import Tally
from bot.ui.actors import actor

log = logging.getLogger("vox")


async def log_rolls(
    services: Services,
    interaction: discord.Interaction[Any],
    command: str,
    tally: Tally,
    *,
    secret: bool = False,
) -> None:
    """Save `tally` as the roll `command` made (unless nothing was rolled); `secret`: the answer
    was shown only to the member."""
    if tally.dice == 0:
        return
    try:
        await save_tally(
            services, actor(interaction), interaction.user.display_name, command, tally,
            key=interaction.id, secret=secret or tally.secret,
        )  # fmt: skip
    except Exception:
        log.exception("could not log the dice rolled by %s", command)

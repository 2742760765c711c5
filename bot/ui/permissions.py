"""Who may change a game, asked of an interaction (the rule is `bot.play.actor.may_change`)."""

from __future__ import annotations

from typing import Any

import discord

from bot.game import GameState
from bot.play.actor import NOT_A_PLAYER, may_change
from bot.ui.actors import actor

__all__ = ["NOT_A_PLAYER", "check_may_change"]


def check_may_change(interaction: discord.Interaction[Any], state: GameState) -> None:
    """Anyone may roll; only the players or a member with Manage Channels change a game."""
    may_change(actor(interaction), state)

"""Who a message may notify. The client's default (bot/client.py) notifies nobody, whatever the
text names: @everyone, @here, roles and users typed into names, reasons or notes stay silent.
A message that asks particular players to act allows exactly them, with `only`."""

from __future__ import annotations

import discord


def only(*players: int | None) -> discord.AllowedMentions:
    """Mentions that may notify these players and nobody else (never @everyone or a role)."""
    ids = sorted({p for p in players if p is not None})
    return discord.AllowedMentions(
        everyone=False,
        roles=False,
        users=[discord.Object(id=p) for p in ids],
        replied_user=False,
    )

"""The reply to a manifested power (/psychic, /smite): its embed and its buttons. A power that
works can be denied once (a tracked one by the caster's opponent, who is asked to); Perils that
killed the psyker ask for the units within 6"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.play.psychic import Manifested
from bot.ui.game.embeds import who
from bot.ui.mentions import only
from bot.ui.psychic.buttons import blast_view, power_view
from bot.ui.psychic.embeds import power_embed

if TYPE_CHECKING:
    from bot.client import VoxBot


async def send_power(
    interaction: discord.Interaction[VoxBot], rolled: Manifested, *, title: str
) -> None:
    embed = power_embed(rolled, title=title, caster=interaction.user.display_name)
    cast, test = rolled.cast, rolled.test
    smite = rolled.target is not None and rolled.wounds is not None
    view: discord.ui.View | None = None
    ask, opponent = None, None
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

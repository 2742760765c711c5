"""The reply to a manifested power (/psychic, /smite; 7th's /psychic on Warp Charge dice): its
embed and its components. A power that works can be denied once (a tracked one by the caster's
opponent, who is asked to); Perils that killed a 9th psyker ask for the units within 6"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.play.psychic import Manifested
from bot.play.psychic7 import Warped
from bot.ui.game.embeds import who
from bot.ui.mentions import only
from bot.ui.psychic.buttons import blast_view, power_view
from bot.ui.psychic.embeds import power_embed
from bot.ui.psychic.warp import warp_embed
from bot.ui.psychic.warp_deny import warp_deny_view

if TYPE_CHECKING:
    from bot.client import VoxBot

    Interaction = discord.Interaction[VoxBot]


async def send_power(interaction: Interaction, rolled: Manifested | Warped, *, title: str) -> None:
    if isinstance(rolled, Warped):
        await _send_warp(interaction, rolled, title=title)
        return
    embed = power_embed(rolled, title=title, caster=interaction.user.display_name)
    cast, test = rolled.cast, rolled.test
    smite = rolled.target is not None and rolled.wounds is not None
    view: discord.ui.View | None = None
    opponent = None
    if cast is not None and not cast.survived and cast.blast:
        view = blast_view(cast.game_id, cast.seq, cast.blast)
    elif test.passed and (cast is None or cast.survived):
        game, seq = (cast.game_id, cast.seq) if cast else (None, None)
        view = power_view(interaction.user.id, test.total, game, seq, smite=smite)
        opponent = cast.opponent if cast is not None else None
    through = ", or let it through with **No deny: resolve Smite**" if smite else ""
    await _answer(interaction, embed, view, opponent, f"with **Deny the Witch**{through}")


async def _send_warp(interaction: Interaction, rolled: Warped, *, title: str) -> None:
    embed = warp_embed(rolled, title=title, caster=interaction.user.display_name)
    cast, test = rolled.cast, rolled.test
    view, opponent = None, None
    if test.passed:
        game, seq = (cast.game_id, cast.seq) if cast else (None, None)
        view = warp_deny_view(interaction.user.id, test, rolled.deny_on, game, seq)
        opponent = cast.opponent if cast is not None else None
    await _answer(interaction, embed, view, opponent, "by picking your **Deny the Witch** dice")


async def _answer(
    interaction: Interaction, embed: discord.Embed, view: discord.ui.View | None,
    opponent: int | None, how: str,
) -> None:  # fmt: skip
    """The power's embed; a tracked power's opponent is asked whether to deny it."""
    ask = f"{who(opponent)}: deny this power {how}." if opponent is not None else None
    await interaction.response.send_message(
        ask,
        embed=embed,
        view=view or discord.utils.MISSING,
        allowed_mentions=only(opponent),
    )

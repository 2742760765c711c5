"""How /attack and /odds answer: the compact card at once (with Details and Chart under it) and
its one line of odds edited in after; /odds with its embed and chart."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from bot.play.attack import Attacked, Plan, exact_odds
from bot.rules.odds import Odds
from bot.ui.attack.card import card_embed
from bot.ui.attack.details import details_view
from bot.ui.attack.embeds import ODDS_PENDING
from bot.ui.attack.kept import Shown, keep_shown
from bot.ui.attack.odds import chart_file, odds_embed
from bot.ui.attack.work import odds_and_chart, unavailable
from bot.ui.game.embeds import unit_line
from bot.ui.replies import answer_when_ready

if TYPE_CHECKING:
    from bot.client import VoxBot

RESOLVED = "Resolved: the attack is below."
Edit = Callable[..., Awaitable[Any]]


async def post_card(
    interaction: discord.Interaction[VoxBot], done: Attacked, secret: bool, *, fresh: bool
) -> None:
    """The card at once (and, on a tracked unit, the damage already recorded); the odds edited
    in after, so a busy compute pool never holds back the roll. From a button (`fresh` False)
    the private choice is closed and the card follows it (in its place when `secret`)."""
    roller = interaction.user.display_name
    shown = [unit_line(u) for u in (done.target, done.leader) if u is not None]
    tracked = "\n".join(shown) or None
    view = details_view(keep_shown(interaction, Shown(done, roller, tracked)))

    def embed(odds: Odds | str) -> discord.Embed:
        return card_embed(done, roller, odds, tracked)

    bot = interaction.client
    work = bot.loop.create_task(exact_odds(bot, done.plan.spec, interaction.user.id))
    try:
        edit = await _send(interaction, embed(ODDS_PENDING), view, secret, fresh)
    except BaseException:
        work.cancel()
        raise
    try:
        odds = await work
    except Exception as error:
        await edit(embed=embed(unavailable(error)))
        return
    await edit(embed=embed(odds))


async def _send(
    interaction: discord.Interaction[VoxBot],
    embed: discord.Embed,
    view: discord.ui.View,
    secret: bool,
    fresh: bool,
) -> Edit:
    """Send the card; the function that edits it."""
    if fresh:
        await interaction.response.send_message(embed=embed, view=view, ephemeral=secret)
        return interaction.edit_original_response
    if secret:
        await interaction.response.edit_message(content=None, embed=embed, view=view)
        return interaction.edit_original_response
    await interaction.response.edit_message(content=RESOLVED, embeds=[], view=None)
    message = await interaction.followup.send(embed=embed, view=view, wait=True)
    return message.edit


async def answer_odds(interaction: discord.Interaction[VoxBot], plan: Plan, secret: bool) -> None:
    """The odds embed and its chart, deferring only if the odds take a while."""
    bot = interaction.client
    work = bot.loop.create_task(odds_and_chart(bot, plan, owner=interaction.user.id))
    (odds, png), send = await answer_when_ready(interaction, work, ephemeral=secret)
    await send(
        embed=odds_embed(odds, plan.spec, plan.edition, (plan.target_name, plan.leader_name)),
        file=chart_file(png),
        ephemeral=secret,
    )

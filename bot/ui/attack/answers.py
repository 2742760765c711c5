"""How /attack and /odds answer: the dice at once, the exact odds and the chart edited in after."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.play.attack import Attacked, Plan, exact_odds
from bot.play.services import Services
from bot.rules.attack import AttackResult
from bot.rules.odds import Odds
from bot.ui.attack.embeds import ODDS_PENDING, attack_embed, odds_unavailable
from bot.ui.attack.odds import CHART_NAME, chart_file, odds_chart, odds_embed
from bot.ui.charts import render
from bot.ui.game.embeds import unit_line
from bot.ui.replies import answer_when_ready, logged, user_sentence

if TYPE_CHECKING:
    from bot.client import VoxBot


async def odds_and_chart(
    services: Services, plan: Plan, result: AttackResult | None = None, owner: int | None = None
) -> tuple[Odds, bytes]:
    """The exact odds (in the compute pool, `owner`'s turn) and their chart (in the chart thread),
    both cached; with `result`, the chart marks where that roll fell."""
    odds = await exact_odds(services, plan.spec, owner)
    chart = odds_chart(
        odds, plan.spec, plan.edition,
        destroyed=result.models_destroyed if result else None,
        damage=result.damage_dealt if result else None,
    )  # fmt: skip
    return odds, await render(chart)


def unavailable(error: Exception) -> str:
    """The odds field of an attack whose odds failed: the refusal's sentence, or a logged id."""
    sentence = user_sentence(error)
    if sentence is None:
        error_id = logged(error, "working out the odds of an attack")
        sentence = f"something went wrong on Vox's side (error id `{error_id}`)."
    return odds_unavailable(sentence)


async def answer_attack(
    interaction: discord.Interaction[VoxBot], done: Attacked, secret: bool
) -> None:
    """The dice (and the tracked damage) at once; the exact odds and the chart edited in after,
    so a busy compute pool never holds back the roll."""
    plan, roller = done.plan, interaction.user.display_name
    tracked = unit_line(done.target) if done.target else None

    def embed(odds: Odds | str) -> discord.Embed:
        return attack_embed(
            done.result, plan.spec, plan.edition, roller, odds=odds, tracked=tracked
        )

    bot = interaction.client
    work = bot.loop.create_task(odds_and_chart(bot, plan, done.result, interaction.user.id))
    try:
        await interaction.response.send_message(embed=embed(ODDS_PENDING), ephemeral=secret)
    except BaseException:
        work.cancel()
        raise
    try:
        odds, png = await work
    except Exception as error:
        await interaction.edit_original_response(embed=embed(unavailable(error)))
        return
    final = embed(odds)
    final.set_image(url=f"attachment://{CHART_NAME}")
    await interaction.edit_original_response(embed=final, attachments=[chart_file(png)])


async def answer_odds(interaction: discord.Interaction[VoxBot], plan: Plan, secret: bool) -> None:
    """The odds embed and its chart, deferring only if the odds take a while."""
    bot = interaction.client
    work = bot.loop.create_task(odds_and_chart(bot, plan, owner=interaction.user.id))
    (odds, png), send = await answer_when_ready(interaction, work, ephemeral=secret)
    await send(
        embed=odds_embed(odds, plan.spec, plan.edition), file=chart_file(png), ephemeral=secret
    )

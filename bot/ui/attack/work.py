"""The slow part of an attack's answer: its exact odds (in the compute pool) and their chart (in
the chart thread), both cached, and the line shown when they cannot be worked out."""

from __future__ import annotations

from bot.play.attack import Plan, exact_odds
from bot.play.services import Services
from bot.rules.attack import AttackResult
from bot.rules.odds import Odds
from bot.ui.attack.embeds import odds_unavailable
from bot.ui.attack.odds import odds_chart
from bot.ui.charts import render
from bot.ui.replies import logged, user_sentence


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

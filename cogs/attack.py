"""/attack (real dice, every stage shown, with its exact odds) and /odds (the distribution)."""

from __future__ import annotations

from typing import cast

import discord

from bot.client import VoxBot
from bot.game import Event, GameState, set_health
from bot.rules.attack import AttackResult, resolve
from bot.rules.odds import Odds, compute
from bot.rules.odds.cost import check as check_size
from bot.ui.attack.embeds import ODDS_PENDING, attack_embed, odds_unavailable
from bot.ui.attack.odds import CHART_NAME, chart_file, odds_chart, odds_embed
from bot.ui.attack.options import AttackRequest, attack_command
from bot.ui.charts import render
from bot.ui.game.embeds import unit_line
from bot.ui.permissions import check_may_change
from bot.ui.replies import answer_when_ready, logged, user_sentence


async def roll_on_target(
    interaction: discord.Interaction, request: AttackRequest
) -> tuple[AttackRequest, AttackResult, str | None]:
    """Roll the attack; on a tracked target, record its outcome (the damaged model first).

    Permission comes before any dice. The roll is made inside the channel's decision, against the
    target as it is when the attack lands: forty attacks sent at once on one unit each resolve
    against what the ones before them left, instead of thirty-nine being refused as out of date.
    """
    bot = cast(VoxBot, interaction.client)
    if request.target is None:
        return request, resolve(request.spec, bot.dice), None
    table = await bot.tracker.require(interaction.channel_id or 0)
    check_may_change(interaction, table.state)
    landed: list[tuple[AttackRequest, AttackResult]] = []

    def decide(state: GameState) -> list[Event]:
        now = request.against(state)
        result = resolve(now.spec, bot.dice)
        landed[:] = [(now, result)]
        unit = now.target
        assert unit is not None
        source = " + ".join(w.name or "attack" for w in now.spec.weapons)
        return set_health(
            state, unit.name, result.models_left, result.wounds_left, source, now.attacker
        )

    outcome = await bot.tracker.act(table.record.channel_id, interaction.user.id, decide)
    [(now, result)] = landed
    assert now.target is not None
    after = outcome.state.unit(now.target.name)
    return now, result, unit_line(after) if after else None


async def odds_and_chart(
    bot: VoxBot,
    request: AttackRequest,
    result: AttackResult | None = None,
    owner: int | None = None,
) -> tuple[Odds, bytes]:
    """The exact odds (in the compute pool, `owner`'s turn) and their chart (in the chart thread),
    both cached; with `result`, the chart marks where that roll fell. Odds over the budget are
    refused before anything is computed."""
    check_size(request.spec)
    odds = await bot.compute.run(compute, request.spec, owner=owner)
    chart = odds_chart(
        odds, request.spec, request.edition,
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


async def respond_attack(interaction: discord.Interaction, request: AttackRequest) -> None:
    """The dice (and the tracked damage) at once; the exact odds and the chart edited in after,
    so a busy compute pool never holds back the roll."""
    bot = cast(VoxBot, interaction.client)
    request, result, applied = await roll_on_target(interaction, request)
    roller = interaction.user.display_name

    def embed(odds: Odds | str) -> discord.Embed:
        return attack_embed(
            result, request.spec, request.edition, roller, odds=odds, tracked=applied
        )

    work = bot.loop.create_task(odds_and_chart(bot, request, result, interaction.user.id))
    try:
        await interaction.response.send_message(embed=embed(ODDS_PENDING), ephemeral=request.secret)
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


async def respond_odds(interaction: discord.Interaction, request: AttackRequest) -> None:
    bot = cast(VoxBot, interaction.client)
    work = bot.loop.create_task(odds_and_chart(bot, request, owner=interaction.user.id))
    (odds, png), send = await answer_when_ready(interaction, work, ephemeral=request.secret)
    await send(
        embed=odds_embed(odds, request.spec, request.edition),
        file=chart_file(png),
        ephemeral=request.secret,
    )


ATTACK_DESCRIPTION = (
    "Roll a whole attack: hits, wounds, saves, damage, every die shown, with its odds"
)
ODDS_DESCRIPTION = (
    "Exact odds of an attack: hits, wounds, damage and models destroyed, with a chart"
)


async def setup(bot: VoxBot) -> None:
    bot.tree.add_command(attack_command("attack", ATTACK_DESCRIPTION, respond_attack))
    bot.tree.add_command(attack_command("odds", ODDS_DESCRIPTION, respond_odds))


async def teardown(bot: VoxBot) -> None:
    bot.tree.remove_command("attack")
    bot.tree.remove_command("odds")

"""/attack (real dice, every stage shown, with its exact odds) and /odds (the distribution)."""

from __future__ import annotations

from typing import cast

import discord

from bot.client import VoxBot
from bot.game import Event, GameState, set_health
from bot.rules.attack import AttackResult, resolve
from bot.rules.odds import compute
from bot.ui.attack_options import AttackRequest, attack_command
from bot.ui.attack_view import attack_embed
from bot.ui.game_view import unit_line
from bot.ui.odds_view import CHART_NAME, odds_chart, odds_embed
from bot.ui.permissions import check_may_change
from bot.ui.replies import answer_when_ready


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


async def respond_attack(interaction: discord.Interaction, request: AttackRequest) -> None:
    bot = cast(VoxBot, interaction.client)
    request, result, applied = await roll_on_target(interaction, request)
    work = bot.loop.create_task(bot.compute.run(compute, request.spec))
    odds, send = await answer_when_ready(interaction, work, ephemeral=request.secret)
    embed = attack_embed(result, request.spec, odds, request.edition, interaction.user.display_name)
    chart = odds_chart(
        odds, request.spec, request.edition,
        destroyed=result.models_destroyed, damage=result.damage_dealt,
    )  # fmt: skip
    embed.set_image(url=f"attachment://{CHART_NAME}")
    if applied:
        embed.add_field(name="Tracked unit", value=applied, inline=False)
    await send(embed=embed, file=chart, ephemeral=request.secret)


async def respond_odds(interaction: discord.Interaction, request: AttackRequest) -> None:
    bot = cast(VoxBot, interaction.client)
    work = bot.loop.create_task(bot.compute.run(compute, request.spec))
    odds, send = await answer_when_ready(interaction, work, ephemeral=request.secret)
    chart = odds_chart(odds, request.spec, request.edition)
    await send(
        embed=odds_embed(odds, request.spec, request.edition), file=chart, ephemeral=request.secret
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

"""/attack (real dice, every stage shown, with its exact odds) and /odds (the distribution)."""

from __future__ import annotations

from typing import cast

import discord

from bot.client import VoxBot
from bot.game import set_health
from bot.rules.attack import AttackResult, resolve
from bot.rules.odds import compute
from bot.ui.attack_options import AttackRequest, attack_command
from bot.ui.attack_view import attack_embed
from bot.ui.game_view import unit_line
from bot.ui.odds_view import CHART_NAME, odds_chart, odds_embed
from bot.ui.permissions import check_may_change
from bot.ui.replies import answer_when_ready


async def apply_to_target(
    interaction: discord.Interaction, request: AttackRequest, result: AttackResult
) -> str | None:
    """Record the attack's outcome on the tracked target (the damaged model first, as resolved)."""
    unit = request.target
    if unit is None:
        return None
    bot = cast(VoxBot, interaction.client)
    table = await bot.tracker.require(interaction.channel_id or 0)
    check_may_change(interaction, table.state)
    source = " + ".join(w.name or "attack" for w in request.spec.weapons)
    outcome = await bot.tracker.act(
        table.record.channel_id,
        interaction.user.id,
        lambda s: set_health(
            s, unit.name, result.models_left, result.wounds_left, source, request.attacker
        ),
        expect=lambda s: s.unit(unit.name) == unit,
    )
    after = outcome.state.unit(unit.name)
    return unit_line(after) if after else None


async def respond_attack(interaction: discord.Interaction, request: AttackRequest) -> None:
    bot = cast(VoxBot, interaction.client)
    result = resolve(request.spec, bot.dice)
    applied = await apply_to_target(interaction, request, result)
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

"""The /odds embed: means, the models-destroyed table, the wording used, and a chart."""

from __future__ import annotations

import io

import discord

from bot.rules.odds import Distribution, Odds
from bot.rules.profiles import AttackSpec
from bot.ui.attack.embeds import profile_line
from bot.ui.charts import Chart
from bot.ui.tables import pmf_table

ODDS_COLOUR = discord.Colour.blurple()
CHART_NAME = "odds.png"
DEVASTATING_WORDING = {
    "current": "Devastating Wounds (current): no save of any kind, damage applied normally with "
    "excess lost, resolved after the other attacks",
    "mortal": "Devastating Wounds (mortal, launch wording): mortal wounds equal to the Damage, "
    "spilling over",
}


def table(dist: Distribution) -> str:
    return pmf_table(dist.pmf)


def means_text(odds: Odds) -> str:
    unsaved = f"Unsaved **{odds.unsaved.mean:.2f}** · " if odds.unsaved is not None else ""
    return (
        f"Hits **{odds.hits.mean:.2f}** · Wounds **{odds.wounds.mean:.2f}** · "
        f"{unsaved}Damage **{odds.damage.mean:.2f}** · "
        f"Models destroyed **{odds.destroyed.mean:.2f}**"
    )


def wording(spec: AttackSpec, edition: str) -> str:
    lines = [f"{edition} edition rules"]
    for kind in sorted({w.abilities.devastating for w in spec.weapons if w.abilities.devastating}):
        lines.append(DEVASTATING_WORDING[kind])
    return "\n".join(lines)


def charts_damage(spec: AttackSpec) -> bool:
    """Against a single model, models destroyed is a coin flip: chart damage dealt instead."""
    return spec.target.models == 1 and spec.target.wounds > 1


def odds_chart(
    odds: Odds,
    spec: AttackSpec,
    edition: str,
    *,
    destroyed: int | None = None,
    damage: int | None = None,
) -> Chart:
    """The chart of models destroyed (damage dealt against one model), `this roll` highlighted."""
    by_damage = charts_damage(spec)
    return Chart(
        odds.damage.pmf if by_damage else odds.destroyed.pmf,
        title="Damage dealt" if by_damage else "Models destroyed",
        subtitle=f"{profile_line(spec)} · {edition}",
        xlabel="wounds lost by the target" if by_damage else "models destroyed",
        highlight=damage if by_damage else destroyed,
    )


def chart_file(png: bytes) -> discord.File:
    """The chart as the attachment the embeds show (`attachment://odds.png`)."""
    return discord.File(io.BytesIO(png), filename=CHART_NAME)


def odds_embed(odds: Odds, spec: AttackSpec, edition: str) -> discord.Embed:
    embed = discord.Embed(
        title=f"📊 Exact odds — {edition} edition",
        description=f"{profile_line(spec)}\n\n**Models destroyed**\n{table(odds.destroyed)}",
        colour=ODDS_COLOUR,
    )
    if charts_damage(spec):
        embed.description = f"{embed.description}\n**Damage dealt**\n{table(odds.damage)}"
    embed.add_field(name="Averages", value=means_text(odds), inline=False)
    embed.add_field(name="Rules used", value=wording(spec, edition), inline=False)
    embed.set_image(url=f"attachment://{CHART_NAME}")
    embed.set_footer(text="Exact: every combination of dice is counted, nothing is simulated.")
    return embed

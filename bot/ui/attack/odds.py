"""The /odds embed: means, the models-destroyed table, the wording used, and a chart."""

from __future__ import annotations

import io

import discord

from bot.rules.odds import Distribution, Odds
from bot.rules.pools import Reroll
from bot.rules.profiles import AttackSpec
from bot.rules.quote import shorten
from bot.rules.sequence import Steps, steps_of
from bot.ui.attack.embeds import profile_line
from bot.ui.charts import Chart
from bot.ui.tables import pmf_table

ODDS_COLOUR = discord.Colour.blurple()
CHART_NAME = "odds.png"
SUBTITLE_LIMIT = 300  # the chart's subtitle line
PROFILE_LIMIT = 2500  # the description holds the tables too (4096 in all)
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


MORTAL_AT_ATTACK = (
    "Mortal wounds are applied at their attack; add `mortal wounds last` to apply them after "
    "all other damage"
)
MORTAL_LAST = (
    "Mortal wounds are applied after all other damage (`mortal wounds last`); leave it out to "
    "apply them at their attack"
)
LEADER_WORDING = (
    "Leader: the unit is wounded with the Bodyguard's Toughness; attacks are allocated to the "
    "Bodyguard first and the Leader last; mortal wounds spill over from the Bodyguard to the "
    "Leader"
)
PRECISION_WORDING = "Precision: those attacks are allocated to the Leader first"


def wording(spec: AttackSpec, edition: str) -> str:
    """The edition, the Devastating Wounds wording, when mortal wounds land (whenever there
    are any), and how a Leader is allocated attacks."""
    lines = [f"{edition} edition rules"]
    for kind in sorted({w.abilities.devastating for w in spec.weapons if w.abilities.devastating}):
        lines.append(DEVASTATING_WORDING[kind])
    steps = steps_of(spec)
    if any(s.hit_mortal or s.extra_mortal or s.devastating == "mortal" for s in steps):
        lines.append(MORTAL_LAST if any(s.mortal_last for s in steps) else MORTAL_AT_ATTACK)
    if spec.target.leader is not None:
        lines.append(LEADER_WORDING)
        if any(s.precision for s in steps):
            lines.append(PRECISION_WORDING)
    lines.extend(reroll_all_wording(spec, steps))
    return "\n".join(lines)


def reroll_all_wording(spec: AttackSpec, steps: tuple[Steps, ...]) -> list[str]:
    """What a typed `reroll hits: all` (or wounds) did: fish for criticals only when a critical
    does more than a success, else re-roll the failed dice (a player keeps a success)."""
    out = []
    for roll in ("hits", "wounds"):
        used = {
            step.reroll
            for w, s in zip(spec.weapons, steps, strict=True)
            if getattr(w.abilities, f"reroll_{roll}") is Reroll.ALL
            and not w.abilities.has(f"reroll {roll}: fish")
            and (step := s.hit if roll == "hits" else s.wound) is not None
        }
        if Reroll.ALL in used:
            out.append(f"`reroll {roll}: all` fishes: every non-critical result is re-rolled")
        if Reroll.FAILED in used:
            out.append(
                f"`reroll {roll}: all` re-rolls the failed {roll} only, as a critical does no more "
                f"than a success here (`reroll {roll}: fish` re-rolls every non-critical result)"
            )
    return out


def leader_text(odds: Odds, spec: AttackSpec) -> str | None:
    """The chance the Leader is destroyed (every Leader model), None without a Leader."""
    part = spec.target.leader
    if odds.leader is None or part is None:
        return None
    chance = odds.leader.at_least(part.models)
    return (
        f"Destroyed in **{chance:.1%}** of rolls "
        f"(average {odds.leader.mean:.2f} of {part.models} Leader model"
        f"{'' if part.models == 1 else 's'})"
    )


def charts_damage(spec: AttackSpec) -> bool:
    """Against a single model, models destroyed is a coin flip: chart damage dealt instead."""
    return spec.target.all_models == 1 and spec.target.wounds > 1


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
        subtitle=shorten(f"{profile_line(spec)} · {edition}", SUBTITLE_LIMIT),
        xlabel="wounds lost by the target" if by_damage else "models destroyed",
        highlight=damage if by_damage else destroyed,
    )


def chart_file(png: bytes) -> discord.File:
    """The chart as the attachment the embeds show (`attachment://odds.png`)."""
    return discord.File(io.BytesIO(png), filename=CHART_NAME)


def odds_embed(
    odds: Odds, spec: AttackSpec, edition: str, names: tuple[str | None, str | None] = (None, None)
) -> discord.Embed:
    """The averages, the table, the Leader's fate and the wording; `names`: the target's and
    the Leader's, as the answer names them."""
    profile = shorten(profile_line(spec, *names), PROFILE_LIMIT)
    embed = discord.Embed(
        title=f"📊 Exact odds — {edition} edition",
        description=f"{profile}\n\n**Models destroyed**\n{table(odds.destroyed)}",
        colour=ODDS_COLOUR,
    )
    if charts_damage(spec):
        embed.description = f"{embed.description}\n**Damage dealt**\n{table(odds.damage)}"
    embed.add_field(name="Averages", value=means_text(odds), inline=False)
    if (leader := leader_text(odds, spec)) is not None:
        embed.add_field(name="Leader", value=leader, inline=False)
    embed.add_field(name="Rules used", value=wording(spec, edition), inline=False)
    embed.set_image(url=f"attachment://{CHART_NAME}")
    embed.set_footer(text="Exact: every combination of dice is counted, nothing is simulated.")
    return embed

"""/rolls stats: how often each D6 face came up, the chi-square test, and one sentence a group
understands, with a bar chart of the faces against a fair die's 1 in 6."""

from __future__ import annotations

import io
from datetime import date

import discord
from discord.utils import escape_markdown

from bot.rules.fairness import DEGREES_OF_FREEDOM, FACES, MIN_DICE, MIN_EXPECTED, Fairness
from bot.rules.quote import shorten
from bot.ui.charts import FaceChart, render
from bot.ui.dice.embeds import ROLL_COLOUR

CHART_NAME = "faces.png"
NAME = 40  # the most characters of a member's name shown
UNUSUAL, RARE = 0.05, 0.01
FOOTER = (
    "Every D6 face shown counts, a re-rolled die's first face too; secret rolls never count. "
    "Dates are UTC."
)


def p_text(p: float) -> str:
    """`0.43`, `0.004`, `< 0.001`: two decimals, or one significant figure when small."""
    if p >= RARE:
        return f"{p:.2f}"
    return f"{p:.3f}" if p >= 0.001 else "< 0.001"


def verdict(fair: Fairness) -> str:
    """The test's answer in plain words, or why there is none."""
    if fair.total == 0:
        return "No D6 has been rolled here yet, so there is nothing to judge."
    if not fair.enough:
        return (
            f"Too few dice to judge: the test needs at least {MIN_DICE} D6 "
            f"({MIN_EXPECTED} expected of each face). Keep rolling and ask again."
        )
    p = fair.p_value
    spread = f"p = {p_text(p)}: fair dice give a spread at least this uneven"
    if p >= UNUSUAL:
        return f"{spread} {p:.0%} of the time — nothing unusual."
    if p >= RARE:
        return (
            f"{spread} only {p:.0%} of the time — unusual, though one group in twenty sees "
            "this by chance; keep rolling and look again."
        )
    return f"{spread} less than 1% of the time — very unusual: look at which faces stand out."


def table(fair: Fairness) -> str:
    """Each face's count and share, then what a fair die would give, in a code block."""
    rows = [f"{'face':<6}{'rolled':>8}{'share':>8}"]
    rows += [
        f"{face:<6}{fair.counts[face - 1]:>8,}{fair.share(face):>8.1%}"
        for face in range(1, FACES + 1)
    ]
    rows.append(f"{'fair':<6}{fair.expected:>8,.1f}{1 / FACES:>8.1%}")
    return "```\n" + "\n".join(rows) + "\n```"


def scope(who: str | None, since: date | None) -> str:
    """`Alice's public rolls in this channel since 2025-03-01`: whose rolls and from when."""
    whose = f"{shorten(who, NAME)}'s public rolls" if who else "All public rolls"
    return f"{whose} in this channel" + (f" since {since.isoformat()}" if since else "")


def stats_embed(fair: Fairness, who: str | None, since: date | None) -> discord.Embed:
    """Counts and shares per face, χ² and p, the sentence; the chart when any die was rolled."""
    title = f"🎲 Are the dice fair? {fair.total:,} D6 rolled"
    embed = discord.Embed(title=title, colour=ROLL_COLOUR)
    heading = f"{escape_markdown(scope(who, since))}."
    if fair.total == 0:
        embed.description = f"{heading}\n{verdict(fair)}"
        return embed
    lines = [heading, table(fair)]
    if fair.enough:
        lines.append(
            f"χ² = **{fair.statistic:.2f}** ({DEGREES_OF_FREEDOM} degrees of freedom) · "
            f"p = **{p_text(fair.p_value)}**"
        )
    lines.append(verdict(fair))
    embed.description = "\n".join(lines)
    embed.set_image(url=f"attachment://{CHART_NAME}")
    embed.set_footer(text=FOOTER)
    return embed


async def stats_chart(fair: Fairness, who: str | None, since: date | None) -> discord.File:
    """The bar chart of the faces (drawn in the chart thread, cached by what it shows)."""
    shares = tuple(fair.share(face) for face in range(1, FACES + 1))
    chart = FaceChart(shares, title=f"D6 faces: {fair.total:,} dice", subtitle=scope(who, since))
    return discord.File(io.BytesIO(await render(chart)), filename=CHART_NAME)

"""7th edition's psychic embeds: a Psychic test on Warp Charge dice with its exact odds, the Warp
Charge pools, and what a Deny the Witch roll did."""

from __future__ import annotations

from fractions import Fraction

import discord

from bot.play.psychic7 import Warped
from bot.rules.dice import DieRoll
from bot.rules.psychic7 import (
    SUCCESS_ON,
    WarpDeny,
    WarpPool,
    chance_of_perils,
    chance_to_deny,
    chance_to_manifest,
)
from bot.ui.dice.faces import die_text
from bot.ui.psychic.embeds import PSYCHIC_COLOUR, tracked_lines

EDITION = "7th edition"
DENY_ODDS_SHOWN = 3  # deny chances with 1, 2 and 3 dice beside the test
PERILS = (
    "Two or more 6s: the psyker suffers Perils of the Warp. Roll on the rulebook's Perils of the "
    "Warp table (Vox does not roll it)."
)


def percent(chance: Fraction) -> str:
    return f"{float(chance):.1%}"


def dice_count(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def _faces(dice: tuple[DieRoll, ...], on: int) -> str:
    return ", ".join(die_text(d, d.value >= on) for d in dice)


def deny_odds(successes: int, warp_charge: int, deny_on: int, dice: int) -> str:
    return percent(chance_to_deny(successes, warp_charge, dice, deny_on))


def _odds(rolled: Warped) -> str:
    test = rolled.test
    n = len(test.dice)
    text = (
        f"Manifest {percent(chance_to_manifest(n, test.warp_charge))} · "
        f"Perils {percent(chance_of_perils(n))}"
    )
    if not test.passed:
        return text
    each = ", ".join(
        f"{dice_count(k)} {deny_odds(test.successes, test.warp_charge, rolled.deny_on, k)}"
        for k in range(1, DENY_ODDS_SHOWN + 1)
    )
    return f"{text}\nDeny this result (each die {rolled.deny_on}+): {each}"


def warp_embed(rolled: Warped, *, title: str, caster: str) -> discord.Embed:
    """The Warp Charge dice, successes against the warp charge, Perils, and the exact odds."""
    test = rolled.test
    verdict = "**manifested**" if test.passed else "**failed**"
    embed = discord.Embed(
        title=f"🔮 {title} — warp charge {test.warp_charge}",
        description=f"{_faces(test.dice, SUCCESS_ON)}: **{test.successes}** of "
        f"{dice_count(len(test.dice))} on {SUCCESS_ON}+, {verdict}",
        colour=PSYCHIC_COLOUR,
    )
    if test.perils:
        embed.add_field(name="⚠️ Perils of the Warp", value=PERILS, inline=False)
    embed.add_field(name="Exact odds", value=_odds(rolled), inline=False)
    lines = tracked_lines(rolled.cast, None) if rolled.cast else ()
    if lines:
        embed.add_field(name="Tracked unit", value="\n".join(lines)[:1024], inline=False)
    embed.set_footer(text=f"{EDITION} · manifested by {caster}")
    return embed


def warp_deny_text(roll: WarpDeny, denier: str) -> str:
    """The deny dice, the successes they cancelled, and whether the power still works."""
    outcome = "**denied**: the power fails" if roll.denied else "not denied: the power works"
    return (
        f"{denier}: {_faces(roll.dice, roll.deny_on)} on {roll.deny_on}+ cancel "
        f"{roll.cancelled} of {roll.successes} successes, {roll.left} left against warp charge "
        f"{roll.warp_charge}: {outcome}."
    )


def pool_embed(pool: WarpPool, roller: str) -> discord.Embed:
    """The D6 both pools share, and each side's Warp Charge dice."""
    d6 = pool.die.value
    return discord.Embed(
        title=f"🌀 Warp Charge — D6 = {d6}",
        description=(
            f"{roller}'s pool: {d6} + {pool.mastery} Mastery Levels = **{pool.points}** dice\n"
            f"The opponent's pool (for Deny the Witch): {d6} + {pool.opponent_mastery} = "
            f"**{pool.opponent_points}** dice"
        ),
        colour=PSYCHIC_COLOUR,
    ).set_footer(text=f"{EDITION}: rolled at the start of the Psychic phase")

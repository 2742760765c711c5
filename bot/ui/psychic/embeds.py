"""/psychic and /smite embeds, and the sentences of what their buttons did."""

from __future__ import annotations

import discord

from bot.play.psychic import BLAST, Cast, Denied, Hit, Manifested, Smitten
from bot.rules.psychic import (
    DenyTest,
    MortalWoundsRoll,
    PsychicTest,
    chance_of_perils,
    chance_to_deny,
    chance_to_pass,
)
from bot.ui.dice.faces import die_text
from bot.ui.game.embeds import unit_line

PSYCHIC_COLOUR = discord.Colour.purple()
BLAST_TITLE = "💥 " + BLAST


def _dice(test: PsychicTest | DenyTest) -> str:
    return " + ".join(die_text(d) for d in test.dice) + f" = **{test.total}**"


def psychic_embed(
    test: PsychicTest,
    *,
    title: str,
    caster: str,
    perils: MortalWoundsRoll | None,
    effect: str | None = None,
) -> discord.Embed:
    """The test, passed or failed, Perils if it struck, and the exact odds beside it."""
    verdict = "**passed**" if test.passed else "**failed**"
    embed = discord.Embed(
        title=f"🔮 {title} — warp charge {test.warp_charge}",
        description=f"{_dice(test)}: {verdict}",
        colour=PSYCHIC_COLOUR,
    )
    if perils is not None:
        embed.add_field(
            name="⚠️ Perils of the Warp",
            value=f"A double {test.dice[0].value}: the psyker's unit suffers D3 = "
            f"**{perils.mortal_wounds}** mortal wounds. If that destroys it, the power fails and "
            'each unit within 6" suffers D3 mortal wounds.',
            inline=False,
        )
    if effect:
        embed.add_field(name="Effect", value=effect, inline=False)
    embed.add_field(
        name="Exact odds",
        value=f"Pass {float(chance_to_pass(test.warp_charge)):.1%} · "
        f"Perils {float(chance_of_perils()):.1%} · "
        f"Deny this result {float(chance_to_deny(test.total)):.1%}",
        inline=False,
    )
    embed.set_footer(text=f"Manifested by {caster}")
    return embed


def power_embed(rolled: Manifested, *, title: str, caster: str) -> discord.Embed:
    """A manifested power's embed: Smite's effect, and what it did to a tracked psyker."""
    effect = smite_effect(rolled)
    embed = psychic_embed(
        rolled.test, title=title, caster=caster, perils=rolled.perils, effect=effect
    )
    lines = tracked_lines(rolled.cast, rolled.perils) if rolled.cast else ()
    if lines:
        embed.add_field(name="Tracked unit", value="\n".join(lines)[:1024], inline=False)
    return embed


def smite_effect(rolled: Manifested) -> str | None:
    wounds = rolled.wounds
    if wounds is None:
        return None
    size = "D6 (the result was 11+)" if rolled.test.total >= 11 else "D3"
    on = f"**{rolled.target}**, unless denied" if rolled.target else "the closest enemy unit"
    earlier = rolled.earlier if rolled.cast is not None else 0
    counted = f" (the army's Smite number {earlier + 1} this phase)" if earlier else ""
    return f"{size} = **{wounds.mortal_wounds}** mortal wounds on {on}{counted}"


def tracked_lines(cast: Cast, perils: MortalWoundsRoll | None) -> tuple[str, ...]:
    """The phase warning, and Perils on the psyker (destroyed: the power fails)."""
    lines = [cast.warning] if cast.warning else []
    if not cast.survived:
        lines.append(f"{cast.psyker} is destroyed by Perils: the power fails.")
    elif perils is not None and cast.after is not None:
        lines.append(f"Perils: {unit_line(cast.after)}")
    return tuple(lines)


def smite_text(smitten: Smitten | None) -> str:
    """A Smite's mortal wounds landing on its target (nothing for a power that is no Smite)."""
    if smitten is None:
        return ""
    if not smitten.landed:
        return f"{smitten.target} is already gone: Smite has nothing left to hit."
    on = unit_line(smitten.after) if smitten.after else smitten.target
    return f"Smite: {smitten.wounds} mortal wounds on " + on


def deny_text(denied: Denied, result: int, denier: str) -> str:
    outcome = "**denied**: the power fails" if denied.roll.denied else "not denied: the power works"
    text = f"{denier}: {_dice(denied.roll)} against {result}, {outcome}."
    smite = smite_text(denied.smite)
    return f"{text}\n{smite}" if smite else text


def blast_text(hits: tuple[Hit, ...]) -> str:
    return "\n".join(
        f"D3 = **{wounds}** on " + (unit_line(after) if after else name)
        for name, wounds, after in hits
    )

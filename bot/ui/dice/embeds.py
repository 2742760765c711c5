"""Embeds for /roll and /rolloff: every die shown, re-rolled dice marked with their first face."""

from __future__ import annotations

from collections import Counter

import discord

from bot.rules.deployment import FirstTurnRollOff
from bot.rules.dice import DieRoll
from bot.rules.notation import ExpressionRoll
from bot.rules.pools import PoolRoll, RollOff

ROLL_COLOUR = discord.Colour.dark_gold()
MAX_DICE_TEXT = 3000


def die_text(die: DieRoll, success: bool | None = None) -> str:
    """`5`, `**5**` for a success, `~~1~~→5` for a die re-rolled from a 1."""
    face = f"**{die.value}**" if success else str(die.value)
    return f"~~{die.first}~~→{face}" if die.rerolled else face


def _tally(values: list[int]) -> str:
    counts = Counter(values)
    return " · ".join(f"{v}×{counts[v]}" for v in sorted(counts, reverse=True))


def _title(label: str | None, text: str) -> str:
    return f"🎲 {label} — {text}"[:256] if label else f"🎲 {text}"[:256]


def pool_embed(pool: PoolRoll, roller: str, label: str | None = None) -> discord.Embed:
    """Successes against a target, every die shown (a tally replaces them for huge pools)."""
    values = pool.values
    shown = " ".join(
        die_text(d, pool.target.met_by(v)) for d, v in zip(pool.dice, values, strict=True)
    )
    if len(shown) > MAX_DICE_TEXT:
        shown = f"{len(values)} dice — faces: {_tally([d.value for d in pool.dice])}"
    rerolled = sum(d.rerolled for d in pool.dice)
    embed = discord.Embed(
        title=_title(label, f"{pool.expression.text} needing {pool.target}"),
        description=shown,
        colour=ROLL_COLOUR,
    )
    embed.add_field(name="Successes", value=f"**{pool.successes}** of {len(values)}")
    if rerolled:
        embed.add_field(name="Re-rolled", value=f"{rerolled} (first face struck through)")
    embed.set_footer(text=f"Rolled by {roller}")
    return embed


def expression_embed(
    result: ExpressionRoll, roller: str, label: str | None = None
) -> discord.Embed:
    """The dice of each group, the modifiers, and the total."""
    lines: list[str] = []
    for group in result.groups:
        faces = " ".join(die_text(d) for d in group.dice)
        if len(faces) > MAX_DICE_TEXT // max(1, len(result.groups)):
            faces = f"faces: {_tally([d.value for d in group.dice])}"
        sign = "−" if group.negative else "+"
        lines.append(f"{sign} {group.group.label()}: {faces} = {group.value}")
    expr = result.expression
    mods = [f"÷{d}" for d in expr.divisors] + [f"×{m}" for m in expr.multipliers]
    mods += [f"+{n}" for n in (expr.constant, expr.plus) if n] + (
        [f"−{expr.minus}"] if expr.minus else []
    )
    if mods:
        lines.append(
            "Modifiers (÷ then × then + then −, rounded up, never below 1): " + " ".join(mods)
        )
    embed = discord.Embed(
        title=_title(label, expr.text),
        description="\n".join(lines) or "No dice: a fixed number.",
        colour=ROLL_COLOUR,
    )
    embed.add_field(name="Total", value=f"**{result.total}**")
    embed.set_footer(text=f"Rolled by {roller}")
    return embed


def rolloff_embed(
    off: RollOff | FirstTurnRollOff, first: str, second: str, *, title: str = "🎲 Roll-off"
) -> discord.Embed:
    """Every round, ties included, and the winner; the Eternum first-turn +1 shown as added."""
    bonus = off.bonus_player if isinstance(off, FirstTurnRollOff) else None
    lines = []
    for number, dice in enumerate(off.rounds, start=1):
        totals = [d + (i == bonus) for i, d in enumerate(dice)]
        shown = [
            f"{d}+1 = **{t}**" if i == bonus else f"**{t}**"
            for i, (d, t) in enumerate(zip(dice, totals, strict=True))
        ]
        tie = " — tie, roll again" if totals[0] == totals[1] else ""
        lines.append(f"Round {number}: {first} {shown[0]} · {second} {shown[1]}{tie}")
    winner = (first, second)[off.winner]
    embed = discord.Embed(title=title, description="\n".join(lines), colour=ROLL_COLOUR)
    embed.add_field(name="Winner", value=f"**{winner}**")
    return embed

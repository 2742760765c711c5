"""Embeds for /roll and /rolloff: every die of every set shown, with what was done to it."""

from __future__ import annotations

import discord

from bot.rules.deployment import FirstTurnRollOff
from bot.rules.dice import DieRoll
from bot.rules.dice_groups import GroupRoll
from bot.rules.notation import DiceExpr, ExpressionRoll
from bot.rules.pools import PoolRoll, RollOff
from bot.rules.roll_sets import SpecRoll
from bot.rules.roll_spec import RollSpec
from bot.ui.dice.faces import MAX_DICE_TEXT, die_text, fitted, modifiers_text, pool_die

ROLL_COLOUR = discord.Colour.dark_gold()
ORDER = "÷ then × then + then −, rounded up, never below 1"


def _title(label: str | None, text: str) -> str:
    return f"🎲 {label} — {text}"[:256] if label else f"🎲 {text}"[:256]


def _pool_dice(pool: PoolRoll, limit: int) -> str:
    mods = modifiers_text(pool.expression)
    shown = (
        pool_die(d, v, pool.target.met_by(v), mods)
        for d, v in zip(pool.dice, pool.values, strict=True)
    )
    return fitted(shown, (d.value for d in pool.dice), limit)


def _group_dice(group: GroupRoll, limit: int) -> str:
    shown = (
        f"({die_text(d)})" if i in group.dropped else die_text(d) for i, d in enumerate(group.dice)
    )
    return fitted(shown, (d.value for d in group.dice), limit)


def _total_lines(result: ExpressionRoll, limit: int) -> list[str]:
    lines = []
    for group in result.groups:
        sign = "−" if group.negative else "+"
        faces = _group_dice(group, limit // max(1, len(result.groups)))
        lines.append(f"{sign} {group.group.label()}: {faces} = {group.value}")
    return lines


def _modifier_line(expr: DiceExpr, per_die: bool) -> list[str]:
    mods = modifiers_text(expr)
    if not mods:
        return []
    return [f"Modifiers{' on every die' if per_die else ''} ({ORDER}): {mods}"]


def _single(done: SpecRoll) -> tuple[list[str], list[tuple[str, str]]]:
    (rolled,) = done.sets
    if isinstance(rolled, PoolRoll):
        lines = [_pool_dice(rolled, MAX_DICE_TEXT)]
        fields = [("Successes", f"**{rolled.successes}** of {len(rolled.dice)}")]
        dice: tuple[DieRoll, ...] = rolled.dice
    else:
        lines = _total_lines(rolled, MAX_DICE_TEXT) or ["No dice: a fixed number."]
        fields = [("Total", f"**{rolled.total}**")]
        dice = tuple(d for g in rolled.groups for d in g.dice)
    rerolled = sum(d.rerolled for d in dice)
    if rerolled:
        fields.append(("Re-rolled", f"{rerolled} (first face struck through)"))
    return lines, fields


def _set_faces(result: ExpressionRoll, limit: int) -> str:
    """One set's dice on one line: `3 5`, or `2D6: 3 5 + D3: 2` when it has several groups."""
    shown = []
    for n, group in enumerate(result.groups):
        faces = _group_dice(group, limit // len(result.groups))
        named = f"{group.group.label()}: {faces}" if len(result.groups) > 1 else faces
        shown.append(
            named if n == 0 and not group.negative else f"{'−' if group.negative else '+'} {named}"
        )
    return " ".join(shown)


def _sets(done: SpecRoll) -> tuple[list[str], list[tuple[str, str]]]:
    limit = MAX_DICE_TEXT // len(done.sets)
    lines, results = [], []
    for number, rolled in enumerate(done.sets, start=1):
        if isinstance(rolled, PoolRoll):
            word = "success" if rolled.successes == 1 else "successes"
            shown = f"{_pool_dice(rolled, limit)} → **{rolled.successes}** {word}"
            results.append(rolled.successes)
        else:
            shown = f"{_set_faces(rolled, limit)} → **{rolled.total}**"
            results.append(rolled.total)
        lines.append(f"**{number}.** {shown}")
    name = "Successes" if done.spec.target is not None else "Totals"
    summary = " · ".join(str(r) for r in results)
    return lines, [(name, f"{summary} (all {len(results)}: **{sum(results)}**)")]


def roll_embed(
    done: SpecRoll, roller: str, label: str | None = None, *, again: bool = False
) -> discord.Embed:
    """Every die of every set, what each keep, drop, re-roll and modifier did, and the result."""
    lines, fields = _single(done) if len(done.sets) == 1 else _sets(done)
    if done.spec.keep is not None:
        lines.append(f"Dice in brackets are left out ({done.spec.keep.text}).")
    lines += _modifier_line(done.spec.expression, done.spec.target is not None)
    embed = discord.Embed(
        title=_title(label, done.spec.text), description="\n".join(lines), colour=ROLL_COLOUR
    )
    for name, value in fields:
        embed.add_field(name=name, value=value)
    embed.set_footer(text=f"{'Rolled again' if again else 'Rolled'} by {roller}")
    return embed


def single_pool_embed(pool: PoolRoll, roller: str, label: str | None = None) -> discord.Embed:
    """A kept pool, after its Re-roll failed button was pressed."""
    return roll_embed(SpecRoll(RollSpec(pool.expression, pool.target), (pool,)), roller, label)


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

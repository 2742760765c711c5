"""Embeds for the tests and rolls: /morale, /battleshock, /desperate-escape, /charge, /advance and
/reserves, with what a tracked one did to its unit. Every die is shown, with its exact chances
worked out from fractions."""

from __future__ import annotations

from fractions import Fraction

import discord

from bot.play.charges import Charge
from bot.play.leadership import BattleShock, Escape, Morale, OnUnit
from bot.play.moves import Advance, Reserves
from bot.rules.deployment import RESERVE_TARGET, ReserveRolls
from bot.ui.dice.embeds import ROLL_COLOUR
from bot.ui.dice.faces import die_text
from bot.ui.game.embeds import unit_line
from bot.ui.tables import percent, pmf_table


def odds_table(pmf: dict[int, Fraction]) -> str:
    """The shared table for a distribution given as {k: chance}."""
    return pmf_table([pmf.get(k, Fraction(0)) for k in range(max(pmf) + 1)])


def _embed(title: str, lines: list[str], roller: str) -> discord.Embed:
    embed = discord.Embed(title=f"🎲 {title}"[:256], description="\n".join(lines))
    embed.colour = ROLL_COLOUR
    embed.set_footer(text=f"Rolled by {roller}")
    return embed


def _faces(dice: tuple[str, ...]) -> str:
    return " ".join(dice) if dice else "none"


def morale_embed(roll: Morale, roller: str) -> discord.Embed:
    """9th edition (and Eternum) Morale: the test die, Combat Attrition, models lost, and odds."""
    test = roll.test
    lines = [
        f"D6 **{test.die.value}** + {test.destroyed_this_turn} destroyed this turn = "
        f"**{test.total}** against Leadership {test.leadership}"
    ]
    if test.die.value == 1:
        lines.append("An unmodified 1 always passes.")
    if not test.passed:
        minus = " (−1: Below Half-strength, so 1s and 2s flee)" if test.attrition_below_half else ""
        shown = tuple(
            die_text(d, r == 1) for d, r in zip(test.attrition, test.attrition_results, strict=True)
        )
        lines.append(
            f"One model flees. Combat Attrition, a D6 per remaining model, each 1 flees one more"
            f"{minus}: {_faces(shown)}"
        )
    lines += ["", "**Models lost — exact odds**", odds_table(roll.lost_odds)]
    embed = _embed(f"Morale test (9th edition) — Ld {test.leadership}", lines, roller)
    verdict = "**Passed**: no model flees" if test.passed else "**Failed**"
    embed.add_field(name="Result", value=verdict)
    embed.add_field(
        name="Models lost",
        value=f"**{test.models_fled}** — {test.models_left} of {test.models_before} left",
    )
    embed.add_field(name="Chance to pass", value=f"**{percent(roll.chance)}**")
    return embed


def battleshock_embed(roll: BattleShock, roller: str) -> discord.Embed:
    """10th edition Battle-shock: 2D6 against Leadership."""
    test = roll.test
    first, second = (d.value for d in test.dice)
    lines = [f"2D6: {first} {second} = **{test.total}**, needing {test.leadership} or more"]
    embed = _embed(f"Battle-shock test — Ld {test.leadership}+", lines, roller)
    embed.add_field(name="Result", value="**Passed**" if test.passed else "**Battle-shocked**")
    embed.add_field(name="Chance to pass", value=f"**{percent(roll.chance)}**")
    return embed


def desperate_escape_embed(roll: Escape, roller: str) -> discord.Embed:
    """Desperate Escape: a D6 per model, each 1-2 (bold) destroys one."""
    escape = roll.rolled
    shown = tuple(die_text(d, d.value <= 2) for d in escape.dice)
    lines = [
        f"A D6 per model, each 1–2 destroys one: {_faces(shown)}",
        "",
        "**Models destroyed — exact odds**",
        odds_table(roll.odds),
    ]
    embed = _embed(f"Desperate Escape — {len(escape.dice)} models", lines, roller)
    embed.add_field(
        name="Models destroyed", value=f"**{escape.models_destroyed}** of {len(escape.dice)}"
    )
    return embed


def _needs(rolled: Charge) -> str:
    """`needs 8+ (9" to the enemy, less 1" Engagement Range)`; 7th: into base contact."""
    roll, reach = rolled.roll, rolled.engagement_range
    less = f'less {reach}" Engagement Range' if reach else "into base contact"
    return f'needs {roll.needed}+ ({roll.distance}" to the enemy, {less})'


def _charged(rolled: Charge) -> str:
    """What a declared charge did to its unit, with the edition's charge bonus."""
    if not rolled.roll.succeeded:
        return f"{rolled.unit} failed its charge and did not move."
    if rolled.targets:
        text = f"{rolled.unit} charged {', '.join(rolled.targets)}: now in combat."
    else:
        text = f"{rolled.unit} charged (recorded)."
    return f"{text} {rolled.bonus}." if rolled.bonus else text


def charge_embed(rolled: Charge, roller: str) -> discord.Embed:
    """A charge roll: 2D6 against the roll it needs; a re-rolled first roll is struck through."""
    charge = rolled.roll
    faces = " ".join(die_text(d) for d in charge.dice)
    lines = [f"2D6: {faces} = **{charge.total}**, {_needs(rolled)}"]
    if charge.first_total is not None:
        lines.append(f"First roll ~~{charge.first_total}~~ failed, so both dice were re-rolled.")
    embed = _embed(f'Charge — {charge.distance}"', lines, roller)
    verdict = "**Charge succeeds**" if charge.succeeded else "**Charge fails**"
    embed.add_field(name="Result", value=verdict)
    embed.add_field(name="Chance to charge", value=f"**{percent(rolled.chance)}**")
    embed.add_field(name="With a re-roll", value=f"**{percent(rolled.with_reroll)}**")
    if rolled.unit is not None:
        embed.add_field(name="Tracked unit", value=_charged(rolled), inline=False)
    return embed


def advance_embed(rolled: Advance, roller: str) -> discord.Embed:
    """An Advance: a D6 added to Move for this phase."""
    roll = rolled.roll
    lines = [f"D6: **{roll.die.value}**"]
    embed = _embed(f'Advance — Move {roll.move}"', lines, roller)
    embed.add_field(
        name="Move this phase", value=f'**{roll.total}"** ({roll.move}" + {roll.die.value}")'
    )
    if rolled.unit is not None:
        text = f"{rolled.unit} advanced (recorded: Assault weapons only, and it cannot charge)."
        embed.add_field(name="Tracked unit", value=text, inline=False)
    return embed


def _units(numbers: list[int]) -> str:
    if not numbers:
        return "none"
    return ("unit " if len(numbers) == 1 else "units ") + ", ".join(map(str, numbers))


def _reserve_die(rolls: ReserveRolls, index: int) -> str:
    die, result = rolls.dice[index], rolls.results[index]
    face = f"**{result}**" if rolls.arrives[index] else str(result)
    shown = f"{die.value}{rolls.modifier:+d}={face}" if rolls.modifier else face
    return f"{index + 1}: {shown}"


def reserves_embed(rolled: Reserves, roller: str) -> discord.Embed:
    """Eternum Reserve Rolls: a D6 per unit (3+ arrives, an unmodified 1 never), or turn 4."""
    rolls, pmf, chance = rolled.rolls, rolled.odds, rolled.chance
    arriving = [i + 1 for i, a in enumerate(rolls.arrives) if a]
    staying = [i + 1 for i, a in enumerate(rolls.arrives) if not a]
    if rolls.automatic:
        lines = [f"Turn {rolls.turn}: every unit still in Reserve arrives automatically."]
    else:
        modifier = f" after the {rolls.modifier:+d}" if rolls.modifier else ""
        dice = " · ".join(_reserve_die(rolls, i) for i in range(rolls.units))
        lines = [
            f"A D6 per unit: {RESERVE_TARGET}+{modifier} arrives; "
            "an unmodified 1 never arrives, whatever the modifier.",
            dice,
        ]
        if rolls.turn == 3:
            lines.append("Units still in Reserve arrive automatically in your fourth turn.")
        lines += ["", "**Units arriving — exact odds**", odds_table(pmf)]
    embed = _embed(f"Reserve Rolls — turn {rolls.turn}", lines, roller)
    embed.add_field(
        name="Arrive", value=f"**{rolls.arrived}** of {rolls.units} ({_units(arriving)})"
    )
    embed.add_field(name="Still in Reserve", value=f"{rolls.remaining} ({_units(staying)})")
    expected = sum((k * p for k, p in pmf.items()), Fraction(0))
    embed.add_field(
        name="Chance each arrives",
        value=f"**{percent(chance)}** · expected arrivals {float(expected):.2f}",
    )
    return embed


def _after(on: OnUnit[Morale] | OnUnit[BattleShock] | OnUnit[Escape]) -> str:
    return unit_line(on.after) if on.after else f"{on.name} is gone"


def tracked_text(on: OnUnit[Morale] | OnUnit[BattleShock] | OnUnit[Escape]) -> str:
    """What a tracked unit's test did to the unit, in a line."""
    match on.roll:
        case Morale() as roll:
            fled = roll.test.models_fled
            return (f"{fled} fled: " if fled else "No model flees: ") + _after(on)
        case BattleShock() as roll:
            shocked = " — battle-shocked: OC 0 until its next Command phase"
            return _after(on) + ("" if roll.test.passed else shocked)
        case Escape() as roll:
            if roll.rolled.models_destroyed or on.after is None:
                return _after(on)
            return f"{unit_line(on.after)} — no model lost."


def test_line(on: OnUnit[Morale] | OnUnit[BattleShock]) -> str:
    """A prompt button's test in a line: the dice against Leadership, then what it did."""
    match on.roll:
        case Morale(test=morale):
            dice = f"D6 {morale.die.value} + {morale.destroyed_this_turn} destroyed this turn"
            total, ld, passed = morale.total, morale.leadership, morale.passed
        case BattleShock(test=shock):
            dice = "2D6 " + " ".join(str(d.value) for d in shock.dice)
            total, ld, passed = shock.total, shock.leadership, shock.passed
    verdict = "passed" if passed else "failed"
    return f"{dice} = **{total}** against Ld {ld}: {verdict}. {tracked_text(on)}"


def tracked_embed(
    on: OnUnit[Morale] | OnUnit[BattleShock] | OnUnit[Escape], roller: str
) -> discord.Embed:
    """A tracked unit's test: the test's embed and what it did to the unit."""
    match on.roll:
        case Morale() as roll:
            embed = morale_embed(roll, roller)
        case BattleShock() as roll:
            embed = battleshock_embed(roll, roller)
        case Escape() as roll:
            embed = desperate_escape_embed(roll, roller)
    embed.add_field(name="Tracked unit", value=tracked_text(on), inline=False)
    return embed

"""Game embeds: status, the round summary, the final result and the log (the phase prompt is
`bot.ui.game.prompt`)."""

from __future__ import annotations

from collections.abc import Sequence

import discord
from discord.utils import escape_markdown

from bot.game import GameState, RoundSummary, Unit, describe, on_vp
from bot.game.events import GameEnded
from bot.play.game import Announcement
from bot.play.review import FreeRoll, Line, Summary, round_word
from bot.ui.game.prompt import GAME_COLOUR, points, prompt_embed, who

__all__ = [
    "GAME_COLOUR",
    "announcement_embeds",
    "log_embed",
    "prompt_embed",
    "review_summary_embed",
    "status_embed",
    "who",
]

SUMMARY_COLOUR = discord.Colour.gold()


def _has_cp(state: GameState) -> bool:
    return state.edition is None or state.edition.command_points is not None


def unit_line(unit: Unit) -> str:
    p = unit.profile
    if unit.destroyed:
        return f"~~{p.name}~~ — destroyed"
    wounds = (
        f", {unit.wounds_left}/{p.wounds} W on the damaged model"
        if unit.wounds_left < p.wounds
        else ""
    )
    per = f" ({p.wounds} W each)" if p.wounds > 1 else ""
    shocked = " · battle-shocked (OC 0)" if unit.battle_shocked else ""
    shocked += " · in Reserve" if unit.in_reserve else ""
    return f"**{p.name}** — {unit.alive}/{p.models} models{per}{wounds}{shocked}"


def units_text(state: GameState, owner: int, limit: int = 1000) -> str:
    lines = [unit_line(u) for u in state.units.values() if u.owner == owner]
    text = "\n".join(lines) or "no units yet — add them with /unit add"
    return text if len(text) <= limit else text[: text.rfind("\n", 0, limit - 20)] + "\n…"


def status_embed(state: GameState, ended: GameEnded | None = None) -> discord.Embed:
    """The game as it stands; a finished one (`ended`: how) says so with its result."""
    ed, word = state.edition, round_word(state)
    title = f"🎲 {ed.name if ed else 'Game'} — "
    if state.status == "ended":
        title += "finished"
    elif state.phase is None:
        title += "deciding who goes first"
    else:
        title += f"{word} {state.round}/{state.rounds}, {state.phase.name}"
    embed = discord.Embed(title=title, colour=GAME_COLOUR)
    lines = []
    if state.status == "ended":
        lines.append(result_line(state, *_how(ended)))
        if state.round:
            lines.append(f"Ended in {word} {state.round}/{state.rounds}")
    elif state.active is not None and state.status == "active":
        lines.append(f"{who(state.active)}'s turn")
    if state.attacker is not None:
        defender = state.other(state.attacker)
        lines.append(f"Attacker {who(state.attacker)} · Defender {who(defender)}")
    embed.description = "\n".join(lines) or None
    embed.add_field(
        name="Command and victory points" if _has_cp(state) else "Victory points",
        value=points(state.players, dict(state.cp), dict(state.vp), _has_cp(state)),
        inline=False,
    )
    return add_units(embed, state)


def _how(ended: GameEnded | None) -> tuple[str, int | None]:
    return ("", None) if ended is None else (ended.reason, ended.conceded)


def add_units(embed: discord.Embed, state: GameState) -> discord.Embed:
    """One field per player listing their units with models and wounds left."""
    for player in state.players:
        embed.add_field(
            name="Units", value=f"{who(player)}\n{units_text(state, player)}", inline=False
        )
    return embed


def summary_embed(
    summary: RoundSummary, players: Sequence[int], word: str = "battle round"
) -> discord.Embed:
    """The end of a round; `word` is what the edition calls a round (`round_word`)."""
    embed = discord.Embed(title=f"End of {word} {summary.round}", colour=SUMMARY_COLOUR)
    lines = []
    for p in players:
        changes = [
            f"started with {summary.starting_cp[p]} CP" if summary.starting_cp.get(p) else "",
            f"+{summary.cp_gained[p]} CP" if summary.cp_gained.get(p) else "",
            f"−{summary.cp_spent[p]} CP spent" if summary.cp_spent.get(p) else "",
            f"+{summary.vp_scored[p]} VP" if summary.vp_scored.get(p) else "",
        ]
        change = ", ".join(c for c in changes if c)
        shown = points([p], summary.cp, summary.vp, summary.has_cp)
        lines.append(shown + (f" ({change})" if change else ""))
    embed.add_field(name="Points", value="\n".join(lines), inline=False)
    casualties = "\n".join(
        f"{unit}: {n} model{'s' if n != 1 else ''}" for unit, n in summary.casualties.items()
    )
    embed.add_field(name="Casualties", value=casualties[:1024] or "none", inline=False)
    if summary.destroyed:
        embed.add_field(name="Destroyed", value=", ".join(summary.destroyed)[:1024], inline=False)
    notable = [
        f"{r.label}: {r.total}" + (f" ({r.unit})" if r.unit else "") for r in summary.notable
    ]
    if summary.biggest:
        b = summary.biggest
        notable.insert(0, f"Biggest attack: {b.source} destroyed {b.models_destroyed} of {b.unit}")
    if notable:
        embed.add_field(name="Notable rolls", value="\n".join(notable)[:1024], inline=False)
    return embed


def review_summary_embed(shown: Summary) -> discord.Embed:
    """/game summary: a finished round's summary, in the edition's words."""
    return summary_embed(shown.summary, shown.state.players, round_word(shown.state))


def result_line(state: GameState, reason: str = "", conceded: int | None = None) -> str:
    """Who won (or a draw) and why; "on victory points" only when the VP decided it (not a named
    winner); a concession names who conceded (`GameEnded.conceded`)."""
    won = state.winner
    result = f"🏆 {who(won)} wins" if won is not None else "🤝 A draw"
    if conceded is None and reason == "conceded" and won is not None:
        conceded = state.other(won)
    if conceded is not None:
        return f"{result}: {who(conceded)} conceded."
    if won is not None and won == on_vp(state):
        result += " on victory points"
    because = f" ({reason})" if reason else ""
    return f"{result}{because}."


def final_embed(state: GameState, reason: str = "", conceded: int | None = None) -> discord.Embed:
    """The result (`result_line`) and the final score."""
    embed = discord.Embed(
        title="Game over",
        description=result_line(state, reason, conceded),
        colour=SUMMARY_COLOUR,
    )
    embed.add_field(
        name="Final score",
        value=points(state.players, dict(state.cp), dict(state.vp), _has_cp(state)),
        inline=False,
    )
    return embed


def announcement_embeds(result: Announcement) -> list[discord.Embed]:
    """The round summary if a round ended, then the new phase's prompt (or the final result)."""
    state = result.state
    embeds = [] if result.summary is None else [summary_embed(result.summary, state.players)]
    if result.prompt is None:
        return [*embeds, final_embed(state, result.reason)]
    return [*embeds, prompt_embed(result.prompt)]


def log_line(line: Line) -> str:
    """`#12` and the event in words, or a roll made beside the game:
    `🎲 Alice: 10D6 3+ → 7 successes`."""
    if isinstance(line, FreeRoll):
        return f"🎲 {escape_markdown(line.roller)}: {line.what} → {line.result}"
    return f"`#{line.seq}` {describe(line.event)}"


def log_embed(log: Sequence[Line], count: int, finished: bool = False) -> discord.Embed:
    """The last `count` lines of the log (events and rolls) in words; `finished`: of a game that
    has ended."""
    shown = list(log)[-count:]
    lines = [log_line(r) for r in shown]
    text = "\n".join(lines)
    while len(text) > 4000 and lines:
        lines.pop(0)
        shown.pop(0)
        text = "\n".join(lines)
    rolls = " and rolls" if any(isinstance(r, FreeRoll) for r in shown) else ""
    embed = discord.Embed(
        title=f"Last {len(lines)} events{rolls}",
        description=text or "nothing yet",
        colour=GAME_COLOUR,
    )
    if finished:
        embed.set_footer(text="This game has finished; /game start begins a new one.")
    return embed

"""The phase prompt as an embed, and the points and player mentions every game embed shares."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.game import PhasePrompt, UnitNote
from bot.game.leadership import NAMES

GAME_COLOUR = discord.Colour.dark_green()


def who(player: int | None) -> str:
    return "nobody" if player is None else f"<@{player}>"


def points(
    state_players: Sequence[int], cp: dict[int, int], vp: dict[int, int], has_cp: bool = True
) -> str:
    """`@A — **3** CP · **5** VP` per player; without Command points (7th) only the VP."""
    return "\n".join(
        f"{who(p)} — " + (f"**{cp.get(p, 0)}** CP · " if has_cp else "") + f"**{vp.get(p, 0)}** VP"
        for p in state_players
    )


# Per list field (Discord: 1024). The prompt stays under 4000 characters so a round summary and
# test results fit beside it within Discord's 6000 per message.
LIMIT = 700
LISTS = {
    "move": ("Still to move", "Cannot move"),
    "manifest": ("Eligible to manifest", "Cannot manifest"),
    "shoot": ("Eligible to shoot", "Cannot shoot"),
    "charge": ("Eligible to charge", "Cannot charge"),
}
COMBAT = {"fight": "Fight order", "move": "In combat"}


def capped(parts: Sequence[str], sep: str = "\n", limit: int = LIMIT) -> str:
    """`parts` joined while they fit in `limit` characters, then "…and N more" (a part longer
    than half the limit is cut short, so one always fits)."""
    shown: list[str] = []
    for i, whole in enumerate(parts):
        part = whole if len(whole) <= limit // 2 else whole[: limit // 2 - 1] + "…"
        left = len(parts) - i
        room = limit if left == 1 else limit - len(f"{sep}…and {left - 1} more")
        if len(sep.join([*shown, part])) > room:
            return sep.join([*shown, f"…and {left} more"])
        shown.append(part)
    return sep.join(shown)


def _line(note: UnitNote, owner: bool = False) -> str:
    mine = f" ({who(note.owner)})" if owner else ""
    return f"**{note.unit}**{mine}" + (f" — {note.reason}" if note.reason else "")


def _eligible(notes: Sequence[UnitNote]) -> str:
    """Units without a restriction on one line, the restricted ones a line each."""
    plain = [f"**{n.unit}**" for n in notes if not n.reason]
    lines = [_line(n) for n in notes if n.reason]
    return capped([capped(plain, ", ", LIMIT // 2), *lines] if plain else lines)


def _this_turn(prompt: PhasePrompt) -> str:
    lines = [f"{label}: {capped(items, ', ', LIMIT // 4)}" for label, items in prompt.this_turn]
    if prompt.turn_vp:
        lines.append("VP: " + ", ".join(f"{who(p)} +{n}" for p, n in prompt.turn_vp.items()))
    return capped(lines)


def _fields(prompt: PhasePrompt) -> list[tuple[str, str]]:
    """(name, value) of every field with something to show, in the order a player reads them."""
    fields: list[tuple[str, str]] = []
    if prompt.checklist and prompt.full_checklist:
        fields.append(("Checklist", capped([f"• {line}" for line in prompt.checklist])))
    if prompt.units:
        name = f"{NAMES[prompt.test]} tests" if prompt.test else "Units"
        fields.append((name, capped([_line(n, owner=True) for n in prompt.units])))
    can, cannot = LISTS.get(prompt.action or "", ("Eligible", "Not eligible"))
    if prompt.eligible:
        fields.append((can, _eligible(prompt.eligible)))
    if prompt.not_eligible:
        fields.append((cannot, capped([_line(n) for n in prompt.not_eligible])))
    if prompt.combat:
        both = prompt.action == "fight"  # the Fight phase lists both players' units
        name = COMBAT.get(prompt.action or "", "In combat")
        fields.append((name, capped([_line(n, owner=both) for n in prompt.combat])))
    if prompt.this_turn or prompt.turn_vp:
        fields.append(("This turn", _this_turn(prompt)))
    return fields


def prompt_embed(prompt: PhasePrompt) -> discord.Embed:
    """The live prompt: title, whose turn (and whether anything is left to do), then the lists;
    empty lists are left out, and the checklist is shown in full only in the game's first turn."""
    description = f"{who(prompt.player)}'s turn · {prompt.edition}"
    if prompt.idle:
        description += f"\nNothing to do: {prompt.idle} — press Next phase."
    embed = discord.Embed(
        title=f"{prompt.round_name} {prompt.round}/{prompt.rounds} — {prompt.phase_name}",
        description=description,
        colour=GAME_COLOUR,
    )
    for name, value in _fields(prompt):
        embed.add_field(name=name, value=value, inline=False)
    embed.add_field(
        name="Points",
        value=points(list(prompt.cp), prompt.cp, prompt.vp, prompt.has_cp),
        inline=False,
    )
    folded = "" if prompt.full_checklist else f"Checklist as in {prompt.round_name.lower()} 1 · "
    embed.set_footer(text=f"{folded}Press Next phase (or /game next) when this phase is done.")
    return embed

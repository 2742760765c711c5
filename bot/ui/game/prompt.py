"""The phase prompt as an embed, and the points and player mentions every game embed shares."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.game import PhasePrompt

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


def prompt_embed(prompt: PhasePrompt) -> discord.Embed:
    embed = discord.Embed(
        title=f"Battle round {prompt.round}/{prompt.rounds} — {prompt.phase_name}",
        description=f"{who(prompt.player)}'s turn · {prompt.edition}",
        colour=GAME_COLOUR,
    )
    if prompt.checklist:
        embed.add_field(
            name="Now",
            value="\n".join(f"• {line}" for line in prompt.checklist)[:1024],
            inline=False,
        )
    if prompt.units:
        lines = []
        for note in prompt.units:
            block = f" — {note.blocks}" if note.blocks else ""
            lines.append(f"**{note.unit}** ({who(note.owner)}): {note.reason}{block}")
        embed.add_field(name="Units this concerns", value="\n".join(lines)[:1024], inline=False)
    embed.add_field(
        name="Points",
        value=points(list(prompt.cp), prompt.cp, prompt.vp, prompt.has_cp),
        inline=False,
    )
    embed.set_footer(text="Press Next phase (or /game next) when this phase is done.")
    return embed

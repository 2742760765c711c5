"""/help: what Vox does and every command with an example, built from the live command tree."""

from __future__ import annotations

import discord
from discord import app_commands

INTRO = (
    "Vox rolls dice the way Warhammer 40,000 rolls them and keeps your table honest. "
    "Every die is shown; errors tell you what to type instead."
)

# One example per command, keyed by qualified name. A test checks every command has one.
EXAMPLES: dict[str, str] = {
    "roll": "/roll dice:10D6 target:3+ reroll:ones label:Bolter hits",
    "rolloff": "/rolloff opponent:@Alex",
    "attack": "/attack attacks:2 skill:3+ strength:4 ap:-1 damage:1 toughness:4 save:3+ "
    "models:10 attackers:10 abilities:sustained hits 1, reroll hits: 1s edition:10th",
    "odds": "/odds attacks:D6 skill:4+ strength:9 ap:-3 damage:D6 toughness:10 save:3+ wounds:12 "
    "invuln:5+ abilities:devastating wounds, half range, melta 2 edition:10th",
    "help": "/help",
}


def command_lines(tree: app_commands.CommandTree[discord.Client]) -> list[str]:
    """`/name` — description, then the example, for every command in the tree."""
    lines: list[str] = []
    for cmd in sorted(tree.walk_commands(), key=lambda c: c.qualified_name):
        if isinstance(cmd, app_commands.Group):
            continue
        example = EXAMPLES.get(cmd.qualified_name, f"/{cmd.qualified_name}")
        lines.append(f"**/{cmd.qualified_name}** — {cmd.description}\n`{example}`")
    return lines


def help_embed(tree: app_commands.CommandTree[discord.Client]) -> discord.Embed:
    embed = discord.Embed(title="Vox — Warhammer 40,000 at your table", description=INTRO)
    chunk: list[str] = []
    size = 0
    part = 1
    for line in command_lines(tree):
        if size + len(line) + 1 > 1000:
            embed.add_field(
                name="Commands" if part == 1 else "More commands",
                value="\n".join(chunk),
                inline=False,
            )
            chunk, size, part = [], 0, part + 1
        chunk.append(line)
        size += len(line) + 1
    if chunk:
        embed.add_field(
            name="Commands" if part == 1 else "More commands", value="\n".join(chunk), inline=False
        )
    return embed

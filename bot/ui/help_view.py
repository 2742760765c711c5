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
    "game start": "/game start opponent:@Alex edition:10th rounds:5 mission:Take and Hold",
    "game status": "/game status",
    "game next": "/game next",
    "game undo": "/game undo",
    "game log": "/game log count:20",
    "game end": "/game end winner:@Alex",
    "cp add": "/cp add amount:1 reason:Secondary objective",
    "cp spend": "/cp spend amount:1 reason:Command Re-roll",
    "vp add": "/vp add amount:5 reason:Hold two objectives",
    "unit add": "/unit add name:Intercessors models:5 wounds:2 toughness:4 save:3+ leadership:6 "
    "oc:2 keywords:infantry",
    "unit weapon": '/unit weapon unit:Intercessors name:Bolt rifle range:24" attacks:2 skill:3+ '
    "strength:4 ap:-1 damage:1 abilities:assault, heavy",
    "unit list": "/unit list",
    "unit show": "/unit show unit:Intercessors",
    "unit edit": "/unit edit unit:Intercessors toughness:5",
    "unit remove": "/unit remove unit:Intercessors",
    "unit damage": "/unit damage unit:Intercessors wounds:3",
    "unit heal": "/unit heal unit:Intercessors wounds:1",
    "unit move": "/unit move unit:Intercessors mode:advance",
    "psychic": "/psychic wc:7 power:Veil of Time",
    "smite": "/smite earlier:1",
    "morale": "/morale leadership:7 lost:3 models:5 starting:10",
    "battleshock": "/battleshock leadership:6",
    "desperate-escape": "/desperate-escape models:5",
    "charge": "/charge distance:7 reroll:True",
    "advance": "/advance move:6",
    "reserves": "/reserves units:3 turn:2 modifier:1",
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

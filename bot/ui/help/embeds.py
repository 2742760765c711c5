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
    "roll": "/roll dice:10D6 3+ reroll 1s label:Bolter hits",
    "rolloff": "/rolloff opponent:@Alex",
    "rolls history": "/rolls history",
    "rolls stats": "/rolls stats player:@Alex since:2025-01-01",
    "attack": "/attack attacks:2 skill:3+ strength:4 ap:-1 damage:1 toughness:4 save:3+ "
    "models:10 attackers:10 abilities:sustained hits 1, reroll hits: 1s edition:10th",
    "odds": "/odds attacks:D6 skill:4+ strength:9 ap:-3 damage:D6 toughness:10 save:3+ wounds:12 "
    "invuln:5+ abilities:devastating wounds, half range, melta 2 edition:10th",
    "game start": "/game start opponent:@Alex edition:10th mission:Take and Hold campaign:Vigilus",
    "game status": "/game status",
    "game next": "/game next",
    "game undo": "/game undo",
    "game log": "/game log count:20",
    "game summary": "/game summary round:2",
    "game end": "/game end winner:@Alex",
    "cp add": "/cp add amount:1 reason:Secondary objective",
    "cp spend": "/cp spend amount:1 reason:Command Re-roll",
    "vp add": "/vp add amount:5 reason:Hold two objectives",
    "unit add": "/unit add name:Intercessors models:5 wounds:2 toughness:4 save:3+ leadership:6 "
    "oc:2 keywords:infantry",
    "unit weapon": '/unit weapon unit:Intercessors name:Bolt rifle range:24" attacks:2 skill:3+ '
    "strength:4 ap:-1 damage:1 abilities:assault, heavy",
    "unit weapon-remove": "/unit weapon-remove unit:Intercessors name:Bolt rifle",
    "unit list": "/unit list",
    "unit show": "/unit show unit:Intercessors",
    "unit edit": "/unit edit unit:Intercessors toughness:5",
    "unit remove": "/unit remove unit:Intercessors",
    "unit damage": "/unit damage unit:Intercessors wounds:3",
    "unit heal": "/unit heal unit:Intercessors wounds:1",
    "unit move": "/unit move unit:Intercessors mode:advance",
    "unit engage": "/unit engage unit:Intercessors enemy:Boyz",
    "unit reserve": "/unit reserve unit:Terminators",
    "psychic": "/psychic wc:7 power:Veil of Time",
    "smite": "/smite psyker:Librarian target:Boyz",
    "warp-charge": "/warp-charge mastery:3 opponent:2",
    "morale": "/morale leadership:7 lost:3 models:5 starting:10",
    "battleshock": "/battleshock unit:Boyz",
    "desperate-escape": "/desperate-escape unit:Boyz models:3",
    "charge": "/charge distance:7 reroll:True",
    "advance": "/advance move:6",
    "reserves": "/reserves units:3 turn:2 modifier:1",
    "help": "/help topic:game",
    "campaign create": "/campaign create name:Vigilus edition:10th",
    "campaign join": "/campaign join campaign:Vigilus label:Goff Orks",
    "campaign status": "/campaign status campaign:Vigilus",
    "campaign roster": "/campaign roster campaign:Vigilus player:@Alex",
    "campaign card": "/campaign card campaign:Vigilus unit:Sternguard",
    "campaign standings": "/campaign standings campaign:Vigilus",
    "campaign history": "/campaign history campaign:Vigilus count:5",
    "campaign note": "/campaign note campaign:Vigilus battle:3 text:The Boyz never saw it coming",
    "campaign undo": "/campaign undo campaign:Vigilus",
    "campaign field": "/campaign field unit:Sternguard",
    "campaign export": "/campaign export campaign:Vigilus",
    "campaign import": "/campaign import file:vigilus.json name:Vigilus II",
    "campaign unit add": "/campaign unit add campaign:Vigilus name:Sternguard points:100 models:5 "
    "wounds:2 toughness:4 save:3+ keywords:infantry",
    "campaign unit copy": "/campaign unit copy campaign:Vigilus unit:Intercessors points:90",
    "campaign unit edit": "/campaign unit edit campaign:Vigilus unit:Sternguard points:110",
    "campaign unit remove": "/campaign unit remove campaign:Vigilus unit:Sternguard",
    "campaign requisition spend": "/campaign requisition spend campaign:Vigilus amount:1 "
    "reason:Rearm and Resupply",
    "campaign requisition add": "/campaign requisition add campaign:Vigilus amount:1",
    "campaign requisition supply": "/campaign requisition supply campaign:Vigilus",
    "army import": "/army import file:ultramarines.rosz name:Ultramarines",
    "army list": "/army list",
    "army show": "/army show army:Ultramarines unit:Intercessor Squad",
    "army rename": "/army rename army:Ultramarines name:Ultramarines 2nd Company",
    "army remove": "/army remove army:Ultramarines",
    "army export": "/army export army:Ultramarines",
    "game field": "/game field army:Ultramarines units:Intercessor Squad, Captain",
}


TOPICS: dict[str, tuple[str, ...]] = {
    "dice": ("roll", "rolloff", "rolls", "help"),
    "attacks": ("attack", "odds"),
    "game": ("game", "cp", "vp", "unit"),
    "rolls": ("psychic", "smite", "warp-charge", "morale", "battleshock", "desperate-escape",
              "charge", "advance", "reserves"),
    "campaign": ("campaign",),
    "armies": ("army",),
}  # fmt: skip


def topic_of(qualified_name: str) -> str:
    first = qualified_name.split()[0]
    return next((t for t, roots in TOPICS.items() if first in roots), "dice")


def _commands(tree: app_commands.CommandTree[discord.Client]) -> list[app_commands.Command]:  # type: ignore[type-arg]
    found = [c for c in tree.walk_commands() if isinstance(c, app_commands.Command)]
    return sorted(found, key=lambda c: c.qualified_name)


def command_lines(tree: app_commands.CommandTree[discord.Client], topic: str) -> list[str]:
    """`/name` — description, then the example, for every command of the topic."""
    return [
        f"**/{cmd.qualified_name}** — {cmd.description}\n"
        f"`{EXAMPLES.get(cmd.qualified_name, '/' + cmd.qualified_name)}`"
        for cmd in _commands(tree)
        if topic_of(cmd.qualified_name) == topic
    ]


def help_embed(
    tree: app_commands.CommandTree[discord.Client], topic: str | None = None
) -> discord.Embed:
    """Without a topic: what Vox does and the commands of each topic; with one, its examples."""
    embed = discord.Embed(title="Vox — Warhammer 40,000 at your table", description=INTRO)
    if topic is None:
        for name in TOPICS:
            names = sorted(
                {c.qualified_name for c in _commands(tree) if topic_of(c.qualified_name) == name}
            )
            embed.add_field(
                name=f"{name} — `/help topic:{name}`",
                value=" · ".join(f"/{n}" for n in names)[:1024],
                inline=False,
            )
        return embed
    embed.title = f"Vox — {topic}"
    chunk: list[str] = []
    size = 0
    for line in command_lines(tree, topic):
        if size + len(line) + 1 > 1000:
            embed.add_field(name="Commands", value="\n".join(chunk), inline=False)
            chunk, size = [], 0
        chunk.append(line)
        size += len(line) + 1
    if chunk:
        embed.add_field(name="Commands", value="\n".join(chunk), inline=False)
    return embed

"""Games and campaigns live in server channels: the commands that read or change them are
server-only (Discord hides them in DMs), and a DM interaction that asks for them anyway (a raw API
caller, an old client) gets one sentence and changes nothing. Commands that only roll dice stay
usable everywhere; their options that name a unit of "this channel's game" are server-only
(`/attack` and `/odds` name units of the member's own armies too, so they refuse a tracked unit's
name in a DM themselves, with the same sentence)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
from discord import app_commands

from bot.play.actor import IN_A_SERVER as IN_A_SERVER

# Whole commands (with every subcommand) that read or change a channel's game or a campaign.
SERVER_ONLY_COMMANDS = ("game", "cp", "vp", "unit", "campaign")
# Dice commands usable in DMs, except with the options that name a tracked unit.
SERVER_ONLY_OPTIONS: dict[str, frozenset[str]] = {
    "psychic": frozenset({"psyker"}),
    "smite": frozenset({"psyker", "target"}),
    "morale": frozenset({"unit"}),
    "battleshock": frozenset({"unit"}),
    "desperate-escape": frozenset({"unit"}),
    "charge": frozenset({"unit", "target"}),
    "advance": frozenset({"unit"}),
}
IN_GUILDS = app_commands.AppCommandContext(guild=True, dm_channel=False, private_channel=False)


def mark_server_only(tree: app_commands.CommandTree[Any]) -> None:
    """`SERVER_ONLY_COMMANDS` become server-only in the payload (`contexts`, `dm_permission`)."""
    for name in SERVER_ONLY_COMMANDS:
        command = tree.get_command(name)
        if command is None:
            raise LookupError(f"/{name} is listed as server-only but is not a command")
        command.guild_only = True
        command.allowed_contexts = IN_GUILDS


def needs_a_server(interaction: discord.Interaction[Any]) -> bool:
    """A slash command or autocomplete outside a server that reads or changes a game."""
    if interaction.guild_id is not None or interaction.type not in (
        discord.InteractionType.application_command,
        discord.InteractionType.autocomplete,
    ):
        return False
    data: dict[str, Any] = dict(interaction.data or {})
    name = str(data.get("name", ""))
    if name in SERVER_ONLY_COMMANDS:
        return True
    given = set(_option_names(data.get("options") or []))
    return bool(given & SERVER_ONLY_OPTIONS.get(name, frozenset()))


def _option_names(options: list[Any]) -> Iterator[str]:
    for option in options:
        yield str(option.get("name"))
        yield from _option_names(option.get("options") or [])


async def refuse_outside_a_server(interaction: discord.Interaction[Any]) -> None:
    if interaction.type is discord.InteractionType.autocomplete:
        await interaction.response.autocomplete([])
    else:
        await interaction.response.send_message(IN_A_SERVER, ephemeral=True)

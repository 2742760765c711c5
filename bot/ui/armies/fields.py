"""Long lists in an embed: lines packed into fields within Discord's limits, the rest counted."""

from __future__ import annotations

from collections.abc import Sequence

import discord

FIELD = 1000  # characters of a field's value (Discord: 1,024)
FIELDS = 24  # fields of an embed, keeping one for the count of lines left out (Discord: 25)
TOTAL = 5700  # characters of an embed before the count of lines left out (Discord: 6,000)


def chunks(lines: Sequence[str]) -> list[list[str]]:
    """`lines` packed in order into groups of at most FIELD characters (a longer line is cut)."""
    packed: list[list[str]] = []
    size = FIELD
    for line in lines:
        line = line if len(line) <= FIELD else line[: FIELD - 1] + "…"
        if size + len(line) + 1 > FIELD:
            packed.append([])
            size = 0
        packed[-1].append(line)
        size += len(line) + 1
    return packed


def add_lines(embed: discord.Embed, name: str, lines: Sequence[str]) -> None:
    """Add `lines` under `name` in as many fields as they need; when the embed is full, one last
    field says how many lines were left out."""
    shown = 0
    for index, chunk in enumerate(chunks(lines)):
        title = name if index == 0 else f"{name} (cont.)"
        value = "\n".join(chunk)
        if len(embed.fields) >= FIELDS or len(embed) + len(title) + len(value) > TOTAL:
            embed.add_field(name=title, value=f"…and {len(lines) - shown} more", inline=False)
            return
        embed.add_field(name=title, value=value, inline=False)
        shown += len(chunk)

"""The README's command examples, typed in order as one member would, through the real command tree:
every line must parse against the command's options and be answered without a refusal.

`@Alex` in the README is the opponent (Bob here), who types the lines marked `(Alex)`; the member
typing the rest is Alice."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.rules.dice import Dice
from tests.armies.roster_files import roster_file
from tests.harness import ALICE, BOB, Harness, Upload
from tests.harness.posts import refusals

BY_ALEX = "   (Alex)"  # a line the opponent types
README = Path(__file__).resolve().parents[1] / "README.md"


def example_lines() -> list[str]:
    """Every line of a fenced block that starts with a slash command."""
    lines, fenced = [], False
    for line in README.read_text("utf-8").splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif fenced and line.startswith("/"):
            lines.append(line.strip())
    return lines


def _command(h: Harness, words: list[str]) -> tuple[app_commands.Command[Any, ..., Any], int]:
    """The longest run of words naming a command, and how many words it took."""
    for n in range(min(3, len(words)), 0, -1):
        try:
            return h._command(" ".join(words[:n])), n
        except KeyError:
            continue
    raise AssertionError(f"no command /{' '.join(words[:3])}")


def parse_line(h: Harness, line: str) -> tuple[str, dict[str, Any]]:
    words = line[1:].split(" ")
    cmd, used = _command(h, words)
    rest = " ".join(words[used:])
    params = {p.display_name: p for p in cmd.parameters}
    names = "|".join(re.escape(n) for n in sorted(params, key=len, reverse=True))
    parts = re.split(rf"(?:^|\s)({names}):", rest) if rest else [""]
    assert parts[0].strip() == "", f"{line!r}: {parts[0]!r} is not an option"
    values: dict[str, Any] = {}
    for name, raw in zip(parts[1::2], parts[2::2], strict=True):
        value, kind = raw.strip(), params[name].type
        if kind is discord.AppCommandOptionType.integer:
            values[name] = int(value)
        elif kind is discord.AppCommandOptionType.boolean:
            values[name] = value == "true"
        elif kind is discord.AppCommandOptionType.user:
            values[name] = BOB
        elif kind is discord.AppCommandOptionType.attachment:  # a test list of that name
            values[name] = Upload(value, roster_file(value))
        else:
            values[name] = value
    return cmd.qualified_name, values


async def test_every_readme_example_works_when_typed_in_order(tmp_path: Path) -> None:
    lines = example_lines()
    assert len(lines) > 30
    async with Harness.running(tmp_path, dice=Dice(random.Random(40_000))) as h:
        for line in lines:
            typed = line.removesuffix(BY_ALEX)
            name, values = parse_line(h, typed)
            sent = await h.slash(name, user=BOB if typed != line else ALICE, **values)
            assert sent, f"{line}: no reply"
            refused = refusals(sent)
            assert not refused, f"{line}: {refused}"

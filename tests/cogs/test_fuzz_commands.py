"""Generated text in every free-text option of every command, through the real command tree.

For each string option without fixed choices, hypothesis sends text built from what hostile or
careless members type (mentions of @everyone, roles and users, control and invisible characters,
look-alike letters, markdown, 2,000-character pastes) as a raw API caller could, with every other
option of the command filled in so the text reaches the code behind it. Every reply must be:
no unexpected-error apology, within Discord's limits, notifying nobody the member typed (only the
players Vox itself addresses), and, when it is a refusal, with the database unchanged.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.rules.dice import ScriptedDice
from bot.ui.replies import APOLOGY
from tests.harness import ALICE, BOB, DAVE, GUILD_ID, Harness, Sent, Upload
from tests.harness.limits import limit_problems, mention_problems

EXAMPLES = int(os.environ.get("VOX_FUZZ_EXAMPLES", "20"))
PLAYERS = {ALICE.id, BOB.id}
NASTY = [
    "@everyone", "@here", f"<@&{GUILD_ID}>", f"<@{DAVE.id}>", f"<@!{DAVE.id}>", "<#1>",
    "\x00", "\n", "\r\n", "\t", "\x1b[31m", "\u200b", "\u202e", "\ufeff", "\u3164", "\u00ad",
    "Ｖｉｇｉｌｕｓ", "Vıgilus", "İ", "ß", "ﬁ", "`", "```", "**", "||", "> ", "#", "\\",
    "3+", "D6", "-1", "0", "99", "User", "x2", "Intercessors", "Vigilus", "Boyz", " ", ",",
]  # fmt: skip
PIECES = st.one_of(st.sampled_from(NASTY), st.text(max_size=12))
TEXT = st.one_of(
    st.lists(PIECES, max_size=8).map("".join),
    st.tuples(st.sampled_from(NASTY), st.integers(1, 2100)).map(lambda t: (t[0] * t[1])[:2100]),
)
# Values for the options a command needs besides the one fuzzed, so the text reaches deep.
BASE: dict[str, Any] = {
    "dice": "D6", "unit": "Intercessors", "name": "Fuzzed", "range": '24"', "attacks": "2",
    "skill": "3+", "strength": "4", "ap": "-1", "damage": "1", "save": "3+", "toughness": 4,
    "campaign": "Vigilus", "text": "A note", "models": 1, "wounds": 1, "points": 10, "amount": 1,
    "battle": 1, "wc": 5, "distance": 6, "units": 2, "opponent": BOB, "psyker": "Librarian",
}  # fmt: skip
PROFILE_COMMANDS = {"attack", "odds"}
PROFILE = ("attacks", "skill", "strength", "ap", "damage", "toughness", "save")


def commands(tree: app_commands.CommandTree[Any]) -> Iterator[app_commands.Command[Any, ..., Any]]:
    stack: list[Any] = list(tree.get_commands())
    while stack:
        cmd = stack.pop(0)
        if isinstance(cmd, app_commands.Group):
            stack.extend(cmd.commands)
        elif isinstance(cmd, app_commands.Command):
            yield cmd


def free_text(cmd: app_commands.Command[Any, ..., Any]) -> list[str]:
    return [
        p.display_name
        for p in cmd.parameters
        if p.type is discord.AppCommandOptionType.string and not p.choices
    ]


def values_for(cmd: app_commands.Command[Any, ..., Any], fuzzed: str) -> dict[str, Any]:
    """Every required option (and an attack's whole profile) filled in with a working value."""
    values: dict[str, Any] = {}
    for p in cmd.parameters:
        name = p.display_name
        wanted = p.required or (cmd.qualified_name in PROFILE_COMMANDS and name in PROFILE)
        if name == fuzzed or not wanted:
            continue
        if p.choices:
            values[name] = p.choices[0].value
        elif p.type is discord.AppCommandOptionType.attachment:
            values[name] = Upload("campaign.json", b"{}")
        elif name in BASE:
            values[name] = BASE[name]
        elif p.type is discord.AppCommandOptionType.user:
            values[name] = BOB
        elif p.type is discord.AppCommandOptionType.integer:
            values[name] = int(p.min_value or 1)
        else:
            values[name] = "x"
    return values


def digest(db_path: Path) -> str:
    """Everything stored, as one hash (read through a second connection: committed data)."""
    conn = sqlite3.connect(db_path)
    try:
        h = hashlib.sha256()
        tables = [r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        for table in sorted(tables):
            for row in conn.execute(f'SELECT * FROM "{table}" ORDER BY rowid'):
                h.update(repr(row).encode())
        return h.hexdigest()
    finally:
        conn.close()


async def table(h: Harness) -> None:
    """A 9th-edition game with units on both sides and a campaign both players are in."""
    await h.slash("game start", opponent=BOB, first="me")
    await h.slash("unit add", name="Intercessors", models=5, wounds=2, toughness=4, save="3+")
    await h.slash("unit weapon", unit="Intercessors", name="Bolt rifle", range='24"',
                  attacks="2", skill="3+", strength="4", ap="-1", damage="1")  # fmt: skip
    await h.slash("unit add", name="Librarian", models=1, wounds=5, toughness=4, save="3+",
                  keywords="psyker, character")  # fmt: skip
    await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+", owner=BOB)
    await h.slash("campaign create", name="Vigilus")
    await h.slash("campaign join", campaign="Vigilus", user=BOB)
    await h.slash("campaign unit add", campaign="Vigilus", name="Sternguard", points=100,
                  models=5, wounds=2, toughness=4, save="3+")  # fmt: skip


def check(sent: list[Sent], before: str, db_path: Path) -> None:
    assert sent, "no reply at all"
    for s in sent:
        assert not s.content.startswith(APOLOGY.split("(")[0]), s.content
        assert not limit_problems(s), limit_problems(s)
        assert not mention_problems(s, PLAYERS), mention_problems(s, PLAYERS)
    if all(s.refused for s in sent):  # a refusal changes nothing
        assert digest(db_path) == before, [s.content for s in sent]


@contextmanager
def running(loop: asyncio.AbstractEventLoop, path: Path) -> Iterator[Harness]:
    cm = Harness.running(path, dice=ScriptedDice([4] * 100_000))
    h = loop.run_until_complete(cm.__aenter__())
    try:
        yield h
    finally:
        loop.run_until_complete(cm.__aexit__(None, None, None))


def fuzzer(
    loop: asyncio.AbstractEventLoop, h: Harness, cmd: Any, option: str
) -> Callable[[], None]:
    """A hypothesis test of one option of one command on `h`'s table."""

    @settings(max_examples=EXAMPLES, deadline=None, database=None, derandomize=True,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    @given(text=TEXT)
    def one(text: str) -> None:
        values = {**values_for(cmd, option), option: text}
        before = digest(h.db_path)
        sent = loop.run_until_complete(h.slash(cmd.qualified_name, raw=True, **values))
        check(sent, before, h.db_path)

    return one


@pytest.mark.timeout(600)
def test_generated_text_in_every_free_text_option_of_every_command(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    loop = asyncio.new_event_loop()
    try:
        with running(loop, tmp_path_factory.mktemp("tree")) as h:
            pairs = [(c.qualified_name, o) for c in commands(h.bot.tree) for o in free_text(c)]
        assert len(pairs) > 40  # every command's free text, not a sample
        for command, option in pairs:
            with running(loop, tmp_path_factory.mktemp("fuzz")) as h:
                loop.run_until_complete(table(h))
                cmd = h._command(command)

                one = fuzzer(loop, h, cmd, option)
                try:
                    one()
                except AssertionError as failure:
                    raise AssertionError(f"/{command} {option}: {failure}") from failure
    finally:
        loop.close()

"""Driving the channel's game tracker over the wire: starting a game, pressing "Next phase" (which
edits the live prompt within a turn: a callback of type 7), reading the points the bot shows, and
reading its event log straight from the SQLite file or the PostgreSQL database."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from bot.store.connect import open_database
from tests.e2e.conftest import BotProcess, BotRunner
from tests.e2e.fake_discord import (
    ALICE,
    BOB,
    CHANNEL_ID,
    MESSAGE,
    UPDATE_MESSAGE,
    Callback,
    FakeDiscord,
    Interaction,
    Person,
    iter_embed_fields,
)
from tests.harness.posts import CONFIRMED

NEXT_ID = re.compile(r"vox:next:(?P<game>\d{1,18}):(?P<seq>\d{1,9})")
# "<@id> — **3** CP · **2** VP", one line per player (status embed and phase prompt alike).
POINTS_LINE = re.compile(r"<@(?P<player>\d+)> — \*\*(?P<cp>\d+)\*\* CP · \*\*(?P<vp>\d+)\*\* VP")


async def online(fake: FakeDiscord, bots: BotRunner, run: int = 1) -> BotProcess:
    """The `run`-th bot process on this test's database, connected and ready."""
    bot = await bots.start()
    await fake.wait_for_session(run)
    return bot


async def answer(fake: FakeDiscord, interaction: Interaction) -> Callback:
    """The answer to `interaction`, which must be a public message (not an error)."""
    reply = await fake.wait_for_callback(interaction)
    assert reply.type == MESSAGE, reply
    assert not reply.ephemeral, f"refused: {reply.content}"
    return reply


def confirms(reply: Callback) -> bool:
    """The answer says a change was made: publicly, or in a private confirmation."""
    return not reply.ephemeral or reply.content.startswith(CONFIRMED)


async def acted(fake: FakeDiscord, interaction: Interaction) -> Callback:
    """The answer to a change, public or a private confirmation (not a refusal)."""
    reply = await fake.wait_for_callback(interaction)
    assert reply.type in (MESSAGE, UPDATE_MESSAGE), reply
    assert confirms(reply), f"refused: {reply.content}"
    return reply


async def start_game(fake: FakeDiscord, first: str = "me", user: Person = ALICE) -> Callback:
    """`/game start opponent:<the other player> first:<first>`; its answer."""
    opponent = BOB if user is ALICE else ALICE
    options = {"opponent": opponent, "first": first}
    return await answer(fake, await fake.dispatch_command("game start", options, user))


def titles(reply: Callback) -> list[str]:
    return [str(embed.get("title")) for embed in reply.embeds]


def next_button(reply: Callback) -> str:
    """The custom_id of the reply's "Next phase" button (it must have exactly one)."""
    buttons = [c for c in reply.custom_ids() if NEXT_ID.fullmatch(c)]
    assert len(buttons) == 1, reply.custom_ids()
    return buttons[0]


def prompt_seq(reply: Callback) -> int:
    """The seq of the event that entered the phase the reply's prompt shows."""
    match = NEXT_ID.fullmatch(next_button(reply))
    assert match is not None
    return int(match["seq"])


async def click_next(fake: FakeDiscord, prompt: Callback, user: Person = ALICE) -> Interaction:
    assert prompt.message is not None
    return await fake.click(prompt.message, next_button(prompt), user)


async def press_next(fake: FakeDiscord, prompt: Callback, user: Person = ALICE) -> Callback:
    """Press the prompt's "Next phase" button; the prompt it shows now: the same message edited
    (type 7) within a turn, a new message when a turn begins."""
    reply = await fake.wait_for_callback(await click_next(fake, prompt, user))
    assert reply.type in (MESSAGE, UPDATE_MESSAGE), reply
    assert not reply.ephemeral, f"refused: {reply.content}"
    return reply


def shown_points(reply: Callback) -> dict[int, tuple[int, int]]:
    """{player: (CP, VP)} as the reply's "Points"/"Command and victory points" field shows them."""
    for embed in reply.embeds:
        for name, value in iter_embed_fields(embed):
            if name in ("Points", "Command and victory points"):
                return {
                    int(m["player"]): (int(m["cp"]), int(m["vp"]))
                    for m in POINTS_LINE.finditer(value)
                }
    raise AssertionError(f"no points field in {titles(reply)}")


# The events of the channel's one game, in order.
CHANNEL_LOG = (
    "SELECT seq, kind, actor, payload FROM events "
    "WHERE game_id = (SELECT id FROM games WHERE channel_id = ?) ORDER BY seq"
)


@dataclass(frozen=True)
class Logged:
    """One row of the events table."""

    seq: int
    kind: str
    actor: int | None
    payload: str


def read_log(database: Path) -> tuple[str, list[Logged]]:
    """`PRAGMA integrity_check` and the one game's events, read-only.

    Read-only so closing this connection neither checkpoints nor removes a WAL a killed bot left:
    the next bot process finds the file exactly as the crash left it.
    """
    uri = f"file:{database}?mode=ro"
    with closing(sqlite3.connect(uri, uri=True)) as db:
        checks = [row[0] for row in db.execute("PRAGMA integrity_check")]
        rows = db.execute(CHANNEL_LOG, (CHANNEL_ID,)).fetchall()
    return "\n".join(checks), [Logged(*row) for row in rows]


async def read_pg_log(url: str, channel_id: int = CHANNEL_ID) -> list[Logged]:
    """The events of the channel's game in the PostgreSQL database at `url`."""
    async with await open_database(url, pool_size=1) as db:
        rows = await db.fetch(CHANNEL_LOG, (channel_id,))
    return [Logged(*row) for row in rows]

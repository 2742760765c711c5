"""Games per channel and their event logs, with optimistic appends.

A caller reads the log up to seq N, decides, and appends at N + 1… in one transaction; when
someone else appended first, `append` raises `Conflict` and the caller reloads and decides again.
Two people pressing "Next phase" together advance the game once.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from bot.game.events import Event, GameEnded, GameStarted, Recorded, from_json, to_json
from bot.rules.errors import IllegalAction
from bot.store.database import Database

MAX_EVENTS_PER_APPEND = 500  # 5 parameters each, far below SQLite's 32766
Status = Literal["active", "ended"]


class GameAlreadyRunning(IllegalAction):
    """A second active game in a channel."""


class GameOver(IllegalAction):
    """Appending to a game that has ended."""


class Conflict(Exception):
    """Someone appended first: reload the log and decide again."""

    def __init__(self, game_id: int, expected: int, actual: int) -> None:
        super().__init__(f"game {game_id} is at seq {actual}, not {expected}")
        self.game_id = game_id
        self.expected = expected
        self.actual = actual


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    edition: str
    status: Status
    created_at: str


def now() -> str:
    """The store's clock (the game model never reads one): ISO 8601 UTC, milliseconds."""
    return datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def _lock(db: Database) -> asyncio.Lock:
    """The connection's lock (see `Database.lock`): held across every statement here."""
    return db.lock


@asynccontextmanager
async def _immediate(db: Database) -> AsyncIterator[None]:
    """A write transaction; BEGIN IMMEDIATE takes the write lock up front (waits busy_timeout)."""
    await db.conn.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if db.conn.in_transaction:
            await db.conn.execute("ROLLBACK")
        raise
    await db.conn.execute("COMMIT")


async def _rows(db: Database, sql: str, params: Sequence[object]) -> list[Any]:
    """Every row of a query (the cursor is read to the end and closed); call under the lock."""
    async with db.conn.execute(sql, params) as cur:
        return list(await cur.fetchall())


_COLUMNS = "id, guild_id, channel_id, edition, status, created_at"


def _game(row: Sequence[Any]) -> GameRecord:
    gid, guild, channel, edition, status, created = row
    ended = status == "ended"
    return GameRecord(gid, guild, channel, edition, "ended" if ended else "active", created)


async def create_game(
    db: Database,
    *,
    guild_id: int | None,
    channel_id: int,
    started: GameStarted,
    actor: int | None,
    at: str | None = None,
) -> GameRecord:
    """A new active game whose log starts with `started`; a second one in the channel is refused."""
    stamp = at or now()
    try:
        async with _lock(db), _immediate(db):
            cur = await db.conn.execute(
                "INSERT INTO games (guild_id, channel_id, edition, created_at) VALUES (?, ?, ?, ?)",
                (guild_id, channel_id, started.edition, stamp),
            )
            game_id = cur.lastrowid
            assert game_id is not None
            await db.conn.execute(
                "INSERT INTO events (game_id, seq, kind, actor, payload, at) "
                "VALUES (?, 1, ?, ?, ?, ?)",
                (game_id, started.kind, actor, to_json(started), stamp),
            )
    except sqlite3.IntegrityError as exc:  # games_one_active_per_channel
        raise GameAlreadyRunning(
            "A game is already running in this channel; end it with /game end first."
        ) from exc
    return GameRecord(game_id, guild_id, channel_id, started.edition, "active", stamp)


async def active_game(db: Database, channel_id: int) -> GameRecord | None:
    """The channel's active game, if any."""
    sql = f"SELECT {_COLUMNS} FROM games WHERE channel_id = ? AND status = 'active'"
    async with _lock(db):
        rows = await _rows(db, sql, (channel_id,))
    return _game(rows[0]) if rows else None


async def load_game(db: Database, game_id: int) -> GameRecord | None:
    async with _lock(db):
        rows = await _rows(db, f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,))
    return _game(rows[0]) if rows else None


async def load_events(
    db: Database, game_id: int, after: int = 0, until: int | None = None
) -> list[Recorded]:
    """The game's log in order (from seq `after + 1`, to catch up a cached state; up to seq
    `until`, to read what a snapshot stands for)."""
    sql = (
        "SELECT seq, actor, at, kind, payload FROM events WHERE game_id = ? AND seq > ? "
        "AND seq <= ? ORDER BY seq"
    )
    last = (1 << 62) if until is None else until
    async with _lock(db):
        rows = await _rows(db, sql, (game_id, after, last))
    return [
        Recorded(seq, actor, at, from_json(kind, payload)) for seq, actor, at, kind, payload in rows
    ]


def _insert_sql(count: int) -> str:
    values = ", ".join(["(?, ?, ?, ?, ?)"] * count)
    # The WHERE makes the insert all-or-nothing on the expected seq; UNIQUE (game_id, seq)
    # backs it up. Only an active game takes events.
    # (The statement must start with INSERT: Python's sqlite3 reports rowcount only for DML.)
    return (
        "INSERT INTO events (game_id, seq, kind, actor, payload, at) "
        "SELECT ?, column1, column2, column3, column4, column5 "
        f"FROM (VALUES {values}) "
        "WHERE (SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?) = ? "
        "AND EXISTS (SELECT 1 FROM games WHERE id = ? AND status = 'active')"
    )


async def append(
    db: Database,
    game_id: int,
    expected_seq: int,
    events: Sequence[Event],
    *,
    actor: int | None = None,
    at: str | None = None,
) -> list[Recorded]:
    """Append `events` as seq expected_seq + 1… in one transaction, or raise `Conflict`.

    A `GameEnded` among them also marks the game ended, in the same transaction.
    """
    if not 1 <= len(events) <= MAX_EVENTS_PER_APPEND:
        raise ValueError(f"append 1 to {MAX_EVENTS_PER_APPEND} events at a time")
    stamp = at or now()
    recorded = [Recorded(expected_seq + i, actor, stamp, e) for i, e in enumerate(events, 1)]
    params: list[object] = [game_id]
    for r in recorded:
        params += [r.seq, r.event.kind, actor, to_json(r.event), stamp]
    params += [game_id, expected_seq, game_id]
    ends = any(isinstance(e, GameEnded) for e in events)
    try:
        async with _lock(db):
            inserted = await _write(db, game_id, len(events), params, ends)
            if inserted != len(events):
                await _refused(db, game_id, expected_seq)
    except sqlite3.IntegrityError as exc:  # UNIQUE (game_id, seq): someone else got there first
        raise Conflict(game_id, expected_seq, await last_seq(db, game_id)) from exc
    return recorded


async def _write(db: Database, game_id: int, count: int, params: list[object], ends: bool) -> int:
    """BEGIN IMMEDIATE, insert, COMMIT; returns the number of events inserted (0 or all)."""
    sql = _insert_sql(count)
    if ends:  # once a game: the game ends only if the insert happened
        async with _immediate(db):
            cur = await db.conn.execute(sql, params)
            if cur.rowcount == count:
                await db.conn.execute("UPDATE games SET status = 'ended' WHERE id = ?", (game_id,))
        return cur.rowcount
    # The three statements are queued together: one wait on the connection's thread, not three
    # (that wait is most of an append's time). A refused insert changes nothing, so the COMMIT
    # after it is harmless; if BEGIN itself failed, the insert ran as its own atomic statement,
    # still guarded by the seq check, and COMMIT found nothing to commit.
    begin, done, committed = await asyncio.gather(
        db.conn.execute("BEGIN IMMEDIATE"),
        db.conn.execute(sql, params),
        db.conn.execute("COMMIT"),
        return_exceptions=True,
    )
    failure = done if isinstance(done, BaseException) else None
    began = not isinstance(begin, BaseException)
    if failure is None and began and isinstance(committed, BaseException):
        failure = committed
    if failure is not None:
        if db.conn.in_transaction:
            await db.conn.execute("ROLLBACK")
        raise failure
    assert not isinstance(done, BaseException)
    return done.rowcount


async def _refused(db: Database, game_id: int, expected_seq: int) -> None:
    """Why nothing was inserted: no such game, an ended game, or a seq someone else took."""
    rows = await _rows(db, "SELECT status FROM games WHERE id = ?", (game_id,))
    if not rows:
        raise LookupError(f"there is no game {game_id}")
    if rows[0][0] == "ended":
        raise GameOver("This game has ended; start a new one with /game start.")
    raise Conflict(game_id, expected_seq, await _last_seq(db, game_id))


async def _last_seq(db: Database, game_id: int) -> int:
    sql = "SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?"
    return int((await _rows(db, sql, (game_id,)))[0][0])


async def last_seq(db: Database, game_id: int) -> int:
    """The seq of the game's last event (0 for none)."""
    async with _lock(db):
        return await _last_seq(db, game_id)


async def end_game(db: Database, game_id: int) -> bool:
    """Mark the game ended (appending `GameEnded` does this too); False if it already was."""
    async with _lock(db):
        cur = await db.conn.execute(
            "UPDATE games SET status = 'ended' WHERE id = ? AND status = 'active'", (game_id,)
        )
    return cur.rowcount == 1

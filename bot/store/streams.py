"""Append-only event streams (a game's log, a campaign's log) with optimistic appends.

A caller reads a stream up to seq N, decides, and appends at N + 1… in one transaction; when
someone else appended first, `append` raises `Conflict` and the caller reads and decides again.
A `Stream` says where one kind of stream lives (its table, its events table and key column), how a
row becomes its record and an event row its entry, and when the stream is open to appends. Every
function takes the stream first: `partial(append, GAMES)` is the games' append.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Generic, NoReturn, TypeVar

from bot.eventlog import BaseEvent, Entry
from bot.store.database import Database, Tx
from bot.store.errors import Closed, Conflict, Constraint, Missing

MAX_EVENTS_PER_APPEND = 500  # 5 parameters each, far below SQLite's 32766
_LAST = 2**31 - 1  # a seq past every log: the largest a PostgreSQL INTEGER column holds
E = TypeVar("E", bound=BaseEvent)
Rec = TypeVar("Rec")


@dataclass(frozen=True, slots=True)
class Stream(Generic[Rec, E]):
    """One kind of stream: `table` holds a row per stream (its `columns`, `id` first, read by
    `record`), `events` its log keyed by `key`; `is_open` is an SQL condition on the stream's row
    (a game that ended takes no events) and `closing` / `close` what an event ending the stream
    sets in the same transaction."""

    name: str
    table: str
    events: str
    key: str
    columns: tuple[str, ...]
    record: Callable[[Sequence[Any]], Rec]
    decode: Callable[[str, str], E]
    encode: Callable[[E], str]
    is_open: str = ""
    closing: Callable[[E], bool] | None = None
    close: str = ""

    def select(self, alias: str = "") -> str:
        prefix = f"{alias}." if alias else ""
        return ", ".join(prefix + c for c in self.columns)


def stamp(moment: datetime) -> str:
    """A UTC moment as the store writes times: ISO 8601, milliseconds, "Z" (text that sorts)."""
    return moment.isoformat(timespec="milliseconds").replace("+00:00", "Z")


def now() -> str:
    """The store's clock (the models never read one)."""
    return stamp(datetime.now(UTC))


def _entries(stream: Stream[Rec, E], found: Sequence[Sequence[Any]]) -> list[Entry[E]]:
    return [
        Entry(seq, actor, at, stream.decode(kind, payload))
        for seq, actor, at, kind, payload in found
    ]


async def load_events(
    stream: Stream[Rec, E], db: Database, key: int, after: int = 0, until: int | None = None
) -> list[Entry[E]]:
    """The stream's log in order (from seq `after + 1`, to catch up a cached state; up to seq
    `until`, to read what a snapshot stands for)."""
    sql = (
        f"SELECT seq, actor, at, kind, payload FROM {stream.events} WHERE {stream.key} = ? "
        "AND seq > ? AND seq <= ? ORDER BY seq"
    )
    found = await db.fetch(sql, (key, after, _LAST if until is None else until))
    return _entries(stream, found)


async def load(stream: Stream[Rec, E], db: Database, key: int) -> Rec | None:
    """The stream's record, if it exists."""
    sql = f"SELECT {stream.select()} FROM {stream.table} WHERE id = ?"
    found = await db.fetch(sql, (key,))
    return stream.record(found[0]) if found else None


async def catch_up(
    stream: Stream[Rec, E],
    db: Database,
    where: str,
    params: Sequence[object],
    known: int,
    after: int,
) -> tuple[Rec, list[Entry[E]]] | None:
    """In one statement: the stream chosen by `where` (an SQL condition on its row, with `params`),
    and, if it is stream `known`, its events after seq `after` (none for any other stream: the
    caller loads that one from its snapshot)."""
    sql = (
        f"SELECT {stream.select('s')}, e.seq, e.actor, e.at, e.kind, e.payload "
        f"FROM {stream.table} s LEFT JOIN {stream.events} e ON e.{stream.key} = s.id "
        f"AND e.seq > (CASE WHEN s.id = ? THEN ? ELSE {_LAST} END) WHERE {where} ORDER BY e.seq"
    )
    found = await db.fetch(sql, (known, after, *params))
    if not found:
        return None
    width = len(stream.columns)
    logged = [r[width:] for r in found if r[width] is not None]
    return stream.record(found[0][:width]), _entries(stream, logged)


async def insert_events(
    stream: Stream[Rec, E],
    tx: Tx,
    key: int,
    events: Sequence[E],
    *,
    actor: int | None,
    at: str,
) -> None:
    """A new stream's first events (seq 1…), inside the transaction that created its row."""
    sql = (
        f"INSERT INTO {stream.events} ({stream.key}, seq, kind, payload, actor, at) "
        "VALUES (?, ?, ?, ?, ?, ?)"
    )
    values = [(key, seq, *_stored(stream, e), actor, at) for seq, e in enumerate(events, 1)]
    await tx.executemany(sql, values)


def _stored(stream: Stream[Rec, E], event: E) -> tuple[str, str]:
    """The kind and payload columns of an event."""
    kind: str = event.kind  # type: ignore[attr-defined]  # every event class has its kind
    return kind, stream.encode(event)


# Each value is CAST so that PostgreSQL knows its type (it cannot infer one inside VALUES).
_ROW = "(CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS BIGINT), CAST(? AS TEXT), CAST(? AS TEXT))"


@functools.lru_cache(maxsize=64)
def _insert_sql(stream: Stream[Rec, E], count: int) -> str:
    values = ", ".join([_ROW] * count)
    is_open = f" AND {stream.is_open}" if stream.is_open else ""
    # The WHERE makes the insert all-or-nothing on the expected seq; UNIQUE (key, seq) backs it
    # up. Only an existing, open stream takes events.
    # (The statement must start with INSERT: Python's sqlite3 reports rowcount only for DML.)
    return (
        f"INSERT INTO {stream.events} ({stream.key}, seq, kind, actor, payload, at) "
        "SELECT ?, column1, column2, column3, column4, column5 "
        f"FROM (VALUES {values}) AS new "  # PostgreSQL names its columns column1… too
        f"WHERE (SELECT COALESCE(MAX(seq), 0) FROM {stream.events} WHERE {stream.key} = ?) = ? "
        f"AND EXISTS (SELECT 1 FROM {stream.table} WHERE id = ?{is_open})"
    )


async def append(
    stream: Stream[Rec, E],
    db: Database,
    key: int,
    expected_seq: int,
    events: Sequence[E],
    *,
    actor: int | None = None,
    at: str | None = None,
) -> list[Entry[E]]:
    """Append `events` as seq expected_seq + 1… in one transaction, or raise `Conflict` (the seq
    was taken), `Missing` (no such stream) or `Closed` (the stream takes no more events).

    An event the stream's `closing` picks also closes the stream, in the same transaction.
    """
    if not 1 <= len(events) <= MAX_EVENTS_PER_APPEND:
        raise ValueError(f"append 1 to {MAX_EVENTS_PER_APPEND} events at a time")
    stamp = at or now()
    recorded = [Entry(expected_seq + i, actor, stamp, e) for i, e in enumerate(events, 1)]
    params: list[object] = [key]
    for r in recorded:
        kind, payload = _stored(stream, r.event)
        params += [r.seq, kind, actor, payload, stamp]
    params += [key, expected_seq, key]
    closes = stream.closing is not None and any(stream.closing(e) for e in events)
    close = f"UPDATE {stream.table} SET {stream.close} WHERE id = ?" if closes else None
    try:
        inserted = await db.guarded_append(
            _insert_sql(stream, len(events)), params, len(events), close, key
        )
    except Constraint as exc:  # UNIQUE (key, seq): someone else got there first
        await _refused(db, stream, key, expected_seq, exc)
    if inserted != len(events):
        await _refused(db, stream, key, expected_seq)
    return recorded


async def _refused(
    db: Database,
    stream: Stream[Rec, E],
    key: int,
    expected_seq: int,
    cause: BaseException | None = None,
) -> NoReturn:
    """Why nothing was inserted: no such stream, a closed one, or a seq someone else took."""
    is_open = stream.is_open or "1"
    found = await db.fetch(f"SELECT {is_open} FROM {stream.table} WHERE id = ?", (key,))
    if not found:
        raise Missing(f"there is no {stream.name} {key}") from cause
    if not found[0][0]:
        raise Closed(f"{stream.name} {key} takes no more events") from cause
    raise Conflict(stream.name, key, expected_seq, await last_seq(stream, db, key)) from cause


async def last_seq(stream: Stream[Rec, E], db: Database, key: int) -> int:
    """The seq of the stream's last event (0 for none)."""
    sql = f"SELECT COALESCE(MAX(seq), 0) FROM {stream.events} WHERE {stream.key} = ?"
    return int((await db.fetch(sql, (key,)))[0][0])

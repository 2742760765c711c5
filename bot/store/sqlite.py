"""The SQLite implementation of `Database`: one aiosqlite connection, WAL, busy timeout, foreign
keys, numbered migrations.

Migrations are applied in order, each in one transaction, and tracked by `PRAGMA user_version` (the
number of the last one applied). `PRAGMA application_id` marks the file as Vox's. Before anything is
written, `bot.store.sqlite_checks` refuses a DATABASE_PATH Vox cannot use.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import cast

import aiosqlite

from bot.store.database import Database, Row, Tx, migrations
from bot.store.errors import Constraint
from bot.store.failures import DatabaseBusy, failure_kind
from bot.store.sqlite_checks import APPLICATION_ID, check_path, failed, inspect_file, newer

__all__ = ["APPLICATION_ID", "BUSY_TIMEOUT_MS", "LOCK_WAIT_S", "SqliteDatabase"]

# Discord wants the first response within 3 s. A statement waits at most LOCK_WAIT_S for Vox's own
# connection and then BUSY_TIMEOUT_MS for another program's lock on the file: 2.5 s in all, so the
# user hears "could not save" in time instead of "The application did not respond".
BUSY_TIMEOUT_MS = 1000
LOCK_WAIT_S = 1.5


class _BoundedLock(asyncio.Lock):
    """An asyncio.Lock whose `async with` waits at most LOCK_WAIT_S, then raises DatabaseBusy."""

    async def __aenter__(self) -> None:
        try:
            async with asyncio.timeout(LOCK_WAIT_S):
                await self.acquire()
        except TimeoutError:
            raise DatabaseBusy from None


class SqliteDatabase(Database):
    """One aiosqlite connection in autocommit mode; transactions are explicit."""

    dialect = "sqlite"

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        # One connection, many coroutines: aiosqlite queues each call on its thread, so one
        # coroutine's statement could land inside another's BEGIN…COMMIT (and be rolled back with
        # it, or read half-written rows). Every statement holds this lock, a transaction for its
        # whole length. Waiting for it is bounded (LOCK_WAIT_S), like SQLite's (BUSY_TIMEOUT_MS).
        self.lock: asyncio.Lock = _BoundedLock()

    @classmethod
    async def open_path(cls, path: Path) -> SqliteDatabase:
        """Check the path, open (creating parent folders), set the pragmas, apply migrations.

        Raises `UnusableDatabase` (before writing anything) for a path or file Vox cannot use.
        """
        if str(path) != ":memory:":
            if await asyncio.to_thread(check_path, path):
                await asyncio.to_thread(inspect_file, path)
            path.parent.mkdir(parents=True, exist_ok=True)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.OperationalError as error:
            raise failed(path, error) from error
        db = cls(conn, path)
        try:
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA synchronous=NORMAL")
            await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA foreign_keys=ON")
            await db.migrate()
        except sqlite3.OperationalError as error:
            await conn.close()
            if failure_kind(error) is None:
                raise
            raise failed(path, error) from error
        except BaseException:
            await conn.close()
            raise
        return db

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        async with self.lock, _refused():
            return await _rows(self.conn, sql, params)

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        async with self.lock, _refused():
            cur = await self.conn.execute(sql, params)
        return cur.rowcount

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with self.lock, _refused():
            await self.conn.execute("BEGIN IMMEDIATE")  # the write lock up front
            try:
                yield _SqliteTx(self.conn)
            except BaseException:
                if self.conn.in_transaction:
                    await self.conn.execute("ROLLBACK")
                raise
            await self.conn.execute("COMMIT")

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Tx]:
        # A deferred BEGIN: in WAL mode a reader sees one moment and never blocks a writer. The
        # lock is held throughout, so open a connection of its own for a long read (as export-db
        # does) rather than the bot's.
        async with self.lock:
            await self.conn.execute("BEGIN")
            try:
                yield _SqliteTx(self.conn)
            finally:
                await self.conn.execute("COMMIT")

    async def guarded_append(
        self, insert: str, params: Sequence[object], count: int, close: str | None, key: int
    ) -> int:
        if close is not None:  # once a stream: it closes only if the insert happened
            async with self.transaction() as tx:
                inserted = await tx.execute(insert, params)
                if inserted == count:
                    await tx.execute(close, (key,))
            return inserted
        # The three statements are queued together: one wait on the connection's thread, not
        # three (that wait is most of an append's time). A refused insert changes nothing, so the
        # COMMIT after it is harmless; if BEGIN itself failed, the insert ran as its own atomic
        # statement, still guarded by the seq check, and COMMIT found nothing to commit.
        async with self.lock, _refused():
            begin, done, committed = await asyncio.gather(
                self.conn.execute("BEGIN IMMEDIATE"),
                self.conn.execute(insert, params),
                self.conn.execute("COMMIT"),
                return_exceptions=True,
            )
            failure = done if isinstance(done, BaseException) else None
            began = not isinstance(begin, BaseException)
            if failure is None and began and isinstance(committed, BaseException):
                failure = committed
            if failure is not None:
                if self.conn.in_transaction:
                    await self.conn.execute("ROLLBACK")
                raise failure
            assert not isinstance(done, BaseException)
            return done.rowcount

    async def highest_id(self, table: str) -> int:
        # AUTOINCREMENT keeps the highest id handed out in sqlite_sequence, deleted rows included.
        found = await self.fetch("SELECT seq FROM sqlite_sequence WHERE name = ?", (table,))
        return int(found[0][0]) if found else 0

    async def _pragma(self, name: str) -> int:
        async with self.conn.execute(f"PRAGMA {name}") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def schema_version(self) -> int:
        return await self._pragma("user_version")

    async def application_id(self) -> int:
        return await self._pragma("application_id")

    async def migrate(self) -> int:
        """Apply every migration above `user_version`, each in its own transaction that also
        marks the file as Vox's (`application_id`); a schema newer than Vox's is refused."""
        current = await self.schema_version()
        newest = migrations("sqlite")
        if current > len(newest):
            raise newer(self.path, current, len(newest))
        claim = f"PRAGMA application_id = {APPLICATION_ID};"
        for mig in newest:
            if mig.number <= current:
                continue
            try:
                await self.conn.executescript(
                    f"BEGIN IMMEDIATE;\n{mig.sql}\n"
                    f"PRAGMA user_version = {mig.number};\n{claim}\nCOMMIT;"
                )
            except BaseException:
                if self.conn.in_transaction:
                    await self.conn.rollback()
                raise
            current = mig.number
            self.applied = (*self.applied, mig.number)
        if await self.application_id() != APPLICATION_ID:
            await self.conn.execute(claim)
        return current

    async def close(self) -> None:
        await self.conn.close()


async def _rows(conn: aiosqlite.Connection, sql: str, params: Sequence[object]) -> list[Row]:
    async with conn.execute(sql, params) as cur:
        return cast(list[Row], list(await cur.fetchall()))  # no row_factory: tuples


@asynccontextmanager
async def _refused() -> AsyncIterator[None]:
    """A unique, check or foreign-key rule SQLite refused, as the store's `Constraint`."""
    try:
        yield
    except sqlite3.IntegrityError as error:
        raise Constraint(str(error)) from error


class _SqliteTx:
    def __init__(self, conn: aiosqlite.Connection) -> None:
        self.conn = conn

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return await _rows(self.conn, sql, params)

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        cur = await self.conn.execute(sql, params)
        return cur.rowcount

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        await self.conn.executemany(sql, rows)

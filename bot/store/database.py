"""The SQLite connection: WAL, busy timeout, foreign keys, numbered migrations.

Migrations are `migrations/NNNN_name.sql`, applied in order, each in one transaction, and tracked by
`PRAGMA user_version` (the number of the last one applied). `PRAGMA application_id` marks the file
as Vox's.

Before anything is written, `Database.open` checks DATABASE_PATH: a folder, a path under a file, a
file or folder Vox may not write, a file that is not SQLite, a damaged one (`PRAGMA quick_check`),
another application's database or one from a newer Vox is refused with `UnusableDatabase`, whose
text is the one sentence to print, and nothing on disk is touched (the check opens the file
read-only and immutable, so SQLite creates no -wal or -shm file beside it).
"""

from __future__ import annotations

import asyncio
import os
import re
import sqlite3
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import TracebackType

import aiosqlite

from bot.store.failures import DatabaseBusy, failure_kind

APPLICATION_ID = 0x566F7821  # "Vox!": PRAGMA application_id of every Vox database
# Discord wants the first response within 3 s. A statement waits at most LOCK_WAIT_S for Vox's own
# connection and then BUSY_TIMEOUT_MS for another program's lock on the file: 2.5 s in all, so the
# user hears "could not save" in time instead of "The application did not respond".
BUSY_TIMEOUT_MS = 1000
LOCK_WAIT_S = 1.5
QUICK_CHECK_LINES = 3  # quick_check stops after this many problems: one is enough to refuse


class UnusableDatabase(Exception):
    """DATABASE_PATH names something Vox cannot use; str() is one sentence naming the problem."""


@dataclass(frozen=True, slots=True)
class Migration:
    number: int
    name: str
    sql: str


def migrations() -> list[Migration]:
    """Every bundled migration, in order; numbers must run 1, 2, 3… without gaps."""
    found: list[Migration] = []
    for entry in resources.files("bot.store").joinpath("migrations").iterdir():
        m = re.fullmatch(r"(\d{4})_(\w+)\.sql", entry.name)
        if m:
            found.append(Migration(int(m.group(1)), m.group(2), entry.read_text("utf-8")))
    found.sort(key=lambda mig: mig.number)
    for expected, mig in enumerate(found, start=1):
        if mig.number != expected:
            raise RuntimeError(f"migration {expected:04d} is missing (found {mig.number:04d})")
    return found


def _vox_tables() -> set[str]:
    """The tables the bundled migrations create: what a Vox file from before application_id has."""
    pattern = re.compile(r"CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?(\w+)", re.IGNORECASE)
    return {name for mig in migrations() for name in pattern.findall(mig.sql)}


def _refuse(path: Path, problem: str) -> UnusableDatabase:
    return UnusableDatabase(f"DATABASE_PATH ({path}) {problem}.")


def _check_path(path: Path) -> bool:
    """Refuse a path Vox cannot use, before touching anything; True if the file already exists."""
    if path.is_dir():
        raise _refuse(
            path, f"is a folder, not a file; point it at a file such as {path / 'vox.sqlite3'}"
        )
    if path.exists():
        if not path.is_file():
            raise _refuse(
                path, "is not a regular file; point it at a file such as data/vox.sqlite3"
            )
        if not os.access(path, os.R_OK | os.W_OK):
            raise _refuse(path, "is read-only for Vox; make it writable or pick another path")
        if not os.access(path.parent, os.W_OK | os.X_OK):
            raise _refuse(
                path,
                f"is in a folder Vox cannot write to ({path.parent}), and SQLite "
                "keeps files beside the database; make the folder writable or "
                "pick another path",
            )
        return True
    ancestor = path.parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise _refuse(
            path, f"is inside {ancestor}, which is a file, not a folder; pick another path"
        )
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise _refuse(
            path,
            f"cannot be created, because Vox cannot write to the folder {ancestor}; "
            "make it writable or pick another path",
        )
    return False


def _inspect(path: Path) -> None:
    """Read-only checks of an existing file: SQLite, undamaged, Vox's (or new), not too new."""
    uri = path.absolute().as_uri() + "?mode=ro"
    if not Path(f"{path}-wal").exists():
        uri += "&immutable=1"  # no -wal/-shm is created; an existing -wal must be read, though
    newest = len(migrations())
    try:
        conn = sqlite3.connect(uri, uri=True)
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            problems = [row[0] for row in conn.execute(f"PRAGMA quick_check({QUICK_CHECK_LINES})")]
            tables = {
                row[0]
                for row in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
            anything = conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.DatabaseError as error:
        name = getattr(error, "sqlite_errorname", "")
        if name == "SQLITE_NOTADB":
            raise _refuse(
                path,
                "is not a SQLite database; point it at Vox's database or at a path "
                "that does not exist yet",
            ) from error
        if name.startswith("SQLITE_CORRUPT"):
            raise _damaged(path) from error
        raise _failed(path, error) from error
    if problems != ["ok"]:
        raise _damaged(path)
    if app_id == APPLICATION_ID:
        if version > newest:
            raise _newer(path, version, newest)
        return
    tables.discard("sqlite_sequence")
    if app_id == 0 and version == 0 and anything == 0:
        return  # an empty database: Vox claims it
    if app_id == 0 and version >= 1 and "meta" in tables and tables <= _vox_tables():
        if version > newest:
            raise _newer(path, version, newest)
        return  # Vox's, from before application_id: migrating claims it
    raise _refuse(
        path,
        "is another application's SQLite database; point DATABASE_PATH at Vox's "
        "own database or at a path that does not exist yet",
    )


def _damaged(path: Path) -> UnusableDatabase:
    return _refuse(
        path,
        "is damaged (SQLite's integrity check failed); restore it from a backup, "
        "or move it away and Vox starts a new one",
    )


def _newer(path: Path, version: int, newest: int) -> UnusableDatabase:
    return _refuse(
        path,
        f"was written by a newer Vox (schema {version}; this one knows up to "
        f"{newest}); update Vox, or point DATABASE_PATH at another file",
    )


_AT_START = {
    "locked": "is locked by another program (is another Vox running on it?); stop that program "
    "and start again",
    "full": "cannot be written because the disk is full; free some space and start again",
    "readonly": "is read-only; make it and its folder writable, or pick another path",
    "io": "cannot be read or written (a disk I/O error); check the disk, or pick another path",
}


def _failed(path: Path, error: BaseException) -> UnusableDatabase:
    kind = failure_kind(error)
    if kind is None:
        return _refuse(path, f"cannot be opened ({error}); pick another path")
    return _refuse(path, _AT_START[kind])


class _BoundedLock(asyncio.Lock):
    """An asyncio.Lock whose `async with` waits at most LOCK_WAIT_S, then raises DatabaseBusy."""

    async def __aenter__(self) -> None:
        try:
            async with asyncio.timeout(LOCK_WAIT_S):
                await self.acquire()
        except TimeoutError:
            raise DatabaseBusy from None


class Database:
    """One aiosqlite connection in autocommit mode; transactions are explicit."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        # One connection, many coroutines: aiosqlite queues each call on its thread, so one
        # coroutine's statement could land inside another's BEGIN…COMMIT (and be rolled back with
        # it, or read half-written rows). Every repository holds this lock for its statements.
        # Waiting for it is bounded (LOCK_WAIT_S), like SQLite's own wait (BUSY_TIMEOUT_MS).
        self.lock: asyncio.Lock = _BoundedLock()

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        """Check the path, open (creating parent folders), set the pragmas, apply migrations.

        Raises `UnusableDatabase` (before writing anything) for a path or file Vox cannot use.
        """
        path = Path(path)
        if str(path) != ":memory:":
            if await asyncio.to_thread(_check_path, path):
                await asyncio.to_thread(_inspect, path)
            path.parent.mkdir(parents=True, exist_ok=True)
        try:
            conn = await aiosqlite.connect(path, isolation_level=None)
        except sqlite3.OperationalError as error:
            raise _failed(path, error) from error
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
            raise _failed(path, error) from error
        except BaseException:
            await conn.close()
            raise
        return db

    async def schema_version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def application_id(self) -> int:
        async with self.conn.execute("PRAGMA application_id") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> int:
        """Apply every migration above `user_version`, each in its own transaction that also
        marks the file as Vox's (`application_id`); a schema newer than Vox's is refused."""
        current = await self.schema_version()
        newest = migrations()
        if current > len(newest):
            raise _newer(self.path, current, len(newest))
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
        if await self.application_id() != APPLICATION_ID:
            await self.conn.execute(claim)
        return current

    async def close(self) -> None:
        await self.conn.close()

    async def __aenter__(self) -> Database:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()

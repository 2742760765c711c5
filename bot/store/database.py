"""The SQLite connection: WAL, busy timeout, foreign keys, numbered migrations.

Migrations are `migrations/NNNN_name.sql`, applied in order, each in one transaction, and tracked by
`PRAGMA user_version` (the number of the last one applied).
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from types import TracebackType

import aiosqlite

BUSY_TIMEOUT_MS = 5000


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


class Database:
    """One aiosqlite connection in autocommit mode; transactions are explicit."""

    def __init__(self, conn: aiosqlite.Connection, path: Path) -> None:
        self.conn = conn
        self.path = path
        # One connection, many coroutines: aiosqlite queues each call on its thread, so one
        # coroutine's statement could land inside another's BEGIN…COMMIT (and be rolled back with
        # it, or read half-written rows). Every repository holds this lock for its statements.
        self.lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str) -> Database:
        """Open (creating parent folders), set the pragmas and apply pending migrations."""
        path = Path(path)
        if str(path) != ":memory:":
            path.parent.mkdir(parents=True, exist_ok=True)
        conn = await aiosqlite.connect(path, isolation_level=None)
        db = cls(conn, path)
        try:
            await conn.execute("PRAGMA journal_mode=WAL")
            await conn.execute("PRAGMA synchronous=NORMAL")
            await conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            await conn.execute("PRAGMA foreign_keys=ON")
            await db.migrate()
        except BaseException:
            await conn.close()
            raise
        return db

    async def schema_version(self) -> int:
        async with self.conn.execute("PRAGMA user_version") as cur:
            row = await cur.fetchone()
        return int(row[0]) if row else 0

    async def migrate(self) -> int:
        """Apply every migration above `user_version`, each in its own transaction."""
        current = await self.schema_version()
        for mig in migrations():
            if mig.number <= current:
                continue
            try:
                await self.conn.executescript(
                    f"BEGIN IMMEDIATE;\n{mig.sql}\nPRAGMA user_version = {mig.number};\nCOMMIT;"
                )
            except BaseException:
                if self.conn.in_transaction:
                    await self.conn.rollback()
                raise
            current = mig.number
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

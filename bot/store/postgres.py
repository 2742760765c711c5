"""The PostgreSQL implementation of `Database`: an asyncpg pool, for several processes on one store.

Nothing here relies on one process holding a lock: an append's seq check and `UNIQUE (key, seq)`,
the one-active-game index and every other rule are the server's, so two processes (or two pool
connections) racing on one game get one winner and one `Constraint`. Statements are written with
`?` and sent with `$1, $2…`. The schema is tracked in `schema_migrations` (a row per migration
applied); `migrate` holds an advisory lock, so two processes migrating at once apply each migration
once. Start-up does not migrate: `python -m bot migrate` does, once, before a fleet starts.
"""

from __future__ import annotations

import asyncio
import functools
import re
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.store.database import Database, Row, Tx, UnusableDatabase, migrations, redact
from bot.store.errors import Constraint
from bot.store.failures import DatabaseBusy, DatabaseUnreachable

ACQUIRE_WAIT_S = 1.5  # as SQLite's LOCK_WAIT_S: a busy pool says so before Discord's 3 s
STATEMENT_WAIT_S = 2.5  # a statement the server does not answer in time fails (see failures)
_MIGRATION_LOCK = 0x566F7821  # pg_advisory_lock key: "Vox!"
_TRACKING = (
    "CREATE TABLE IF NOT EXISTS schema_migrations "
    "(number INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)"
)


@functools.lru_cache(maxsize=1024)
def numbered(sql: str) -> str:
    """`?` placeholders as PostgreSQL's `$1, $2…` (outside quoted literals)."""
    parts = sql.split("'")
    count = 0

    def number(_: re.Match[str]) -> str:
        nonlocal count
        count += 1
        return f"${count}"

    for i in range(0, len(parts), 2):  # even parts are outside '…'
        parts[i] = re.sub(r"\?", number, parts[i])
    return "'".join(parts)


def _changed(status: str) -> int:
    """The row count in a command tag such as "INSERT 0 3" or "UPDATE 1"."""
    last = status.rsplit(" ", 1)[-1]
    return int(last) if last.isdigit() else 0


@asynccontextmanager
async def _refused() -> AsyncIterator[None]:
    """A rule the server refused as `Constraint`; a statement that took too long as busy; a
    server the pool cannot reach (refused, reset, its socket gone: an OSError from asyncpg) as
    `DatabaseUnreachable`, so that only the store's own failures read as the database's."""
    try:
        yield
    except asyncpg.IntegrityConstraintViolationError as error:
        raise Constraint(str(error)) from error
    except TimeoutError as error:  # before OSError: TimeoutError is one
        raise DatabaseBusy from error
    except OSError as error:
        raise DatabaseUnreachable(str(error)) from error


class _PgTx:
    def __init__(self, conn: Any) -> None:
        self.conn = conn

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        return [tuple(r) for r in await self.conn.fetch(numbered(sql), *params)]

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        return _changed(await self.conn.execute(numbered(sql), *params))

    async def executemany(self, sql: str, rows: Sequence[Sequence[object]]) -> None:
        await self.conn.executemany(numbered(sql), rows)


class PostgresDatabase(Database):
    """A pool of `pool_size` connections to one PostgreSQL database."""

    dialect = "postgresql"

    def __init__(self, pool: asyncpg.Pool, url: str) -> None:
        self.pool = pool
        self.url = url
        # Turns at the pool, first come first served: asyncpg's own queue lets a newcomer take a
        # connection released for a waiter (who then queues again at the back), so under a burst
        # some waited past ACQUIRE_WAIT_S and were told "busy" while others went straight in.
        self._turns = asyncio.Semaphore(pool.get_max_size())

    @classmethod
    async def open_url(cls, url: str, *, pool_size: int, migrate: bool = False) -> PostgresDatabase:
        """Connect and check the schema (or, with `migrate`, bring it up to date); raises
        `UnusableDatabase` for a server that cannot be reached or a schema Vox cannot use."""
        try:
            pool = await asyncpg.create_pool(
                url,
                min_size=1,
                max_size=pool_size,
                command_timeout=STATEMENT_WAIT_S,
                reset=_unchanged_session,
            )
        except (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, TimeoutError) as error:
            raise UnusableDatabase(
                f"DATABASE_URL ({redact(url)}) cannot be used: {_reason(error)}; check the "
                "address, the user and the password, and that the server is running."
            ) from error
        db = cls(pool, url)
        try:
            await (db.migrate() if migrate else db.check())
        except BaseException:
            await pool.close()
            raise
        return db

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Any]:
        try:
            async with asyncio.timeout(ACQUIRE_WAIT_S):
                await self._turns.acquire()
                try:  # a turn is a free connection (or room for a new one) in the pool
                    conn = await self.pool.acquire()
                except BaseException:
                    self._turns.release()
                    raise
        except TimeoutError:
            raise DatabaseBusy from None
        try:
            yield conn
        finally:
            try:
                await self.pool.release(conn)
            finally:
                self._turns.release()

    async def fetch(self, sql: str, params: Sequence[object] = ()) -> list[Row]:
        async with _refused(), self._connection() as conn:
            return await _PgTx(conn).fetch(sql, params)

    async def execute(self, sql: str, params: Sequence[object] = ()) -> int:
        async with _refused(), self._connection() as conn:
            return await _PgTx(conn).execute(sql, params)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[Tx]:
        async with _refused(), self._connection() as conn, conn.transaction():
            yield _PgTx(conn)

    @asynccontextmanager
    async def reading(self) -> AsyncIterator[Tx]:
        async with self.transaction() as tx:
            await tx.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
            yield tx

    async def guarded_append(
        self, insert: str, params: Sequence[object], count: int, close: str | None, key: int
    ) -> int:
        if close is None:  # one statement: atomic on its own, its seq check and UNIQUE guard it
            return await self.execute(insert, params)
        # Still one statement (one round trip, no BEGIN and COMMIT): the close is a data-modifying
        # CTE beside the insert, narrowed (its WHERE extended) to when every row went in.
        sql = (
            f"WITH added AS ({insert} RETURNING 1), "
            f"closed AS ({close} AND (SELECT count(*) FROM added) = {int(count)}) "
            "SELECT count(*) FROM added"
        )
        found = await self.fetch(sql, (*params, key))
        return int(found[0][0])

    async def highest_id(self, table: str) -> int:
        sql = "SELECT pg_sequence_last_value(pg_get_serial_sequence(?, 'id'))"
        found = await self.fetch(sql, (table,))
        return int(found[0][0] or 0)

    async def schema_version(self) -> int:
        async with self._connection() as conn:
            return await _version(conn)

    async def check(self) -> None:
        """Refuse a database whose schema is not Vox's current one (nothing is changed)."""
        newest = len(migrations("postgresql"))
        async with self._connection() as conn:
            version = await self._usable(conn, newest)
        if version < newest:
            raise self._refuse(
                f"has schema {version} and this Vox needs {newest}; run "
                "`python -m bot migrate` once, then start Vox"
            )

    async def migrate(self) -> int:
        """Apply every migration above the recorded ones, each in a transaction with its row in
        `schema_migrations`, under an advisory lock (two migrating processes take turns)."""
        newest = migrations("postgresql")
        async with self._connection() as conn:
            await conn.execute("SELECT pg_advisory_lock($1)", _MIGRATION_LOCK)
            try:
                current = await self._usable(conn, len(newest))
                await conn.execute(_TRACKING)
                for mig in newest[current:]:
                    async with conn.transaction():
                        await conn.execute(mig.sql)
                        await conn.execute(
                            "INSERT INTO schema_migrations (number, name, applied_at) "
                            "VALUES ($1, $2, to_char(now() AT TIME ZONE 'UTC', "
                            '\'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"\'))',
                            mig.number,
                            mig.name,
                        )
                    current = mig.number
                    self.applied = (*self.applied, mig.number)
            finally:
                await conn.execute("SELECT pg_advisory_unlock($1)", _MIGRATION_LOCK)
        return current

    async def _usable(self, conn: Any, newest: int) -> int:
        """The schema version, unless the database is another application's (tables, but no
        migration of Vox's recorded) or a newer Vox's: those are refused."""
        version = await _version(conn)
        if version == 0 and await _foreign_tables(conn):
            raise self._refuse("holds another application's tables; point it at an empty database")
        if version > newest:
            raise self._refuse(
                f"was written by a newer Vox (schema {version}; this one knows up to {newest}); "
                "update Vox, or point DATABASE_URL at another database"
            )
        return version

    def _refuse(self, problem: str) -> UnusableDatabase:
        return UnusableDatabase(f"DATABASE_URL ({redact(self.url)}) {problem}.")

    async def close(self) -> None:
        await self.pool.close()


async def _unchanged_session(conn: Any) -> None:
    """The pool's reset of a released connection: nothing to send. asyncpg rolls back a
    transaction left open before it calls this, and Vox changes no other session state (no SET,
    LISTEN or cursor; `migrate` releases its advisory lock itself), so the default reset (`SELECT
    pg_advisory_unlock_all(); CLOSE ALL; UNLISTEN *; RESET ALL`) would only add a round trip to
    every statement."""


async def _version(conn: Any) -> int:
    tracked = await conn.fetchval("SELECT to_regclass('schema_migrations') IS NOT NULL")
    if not tracked:
        return 0
    return int(await conn.fetchval("SELECT COALESCE(MAX(number), 0) FROM schema_migrations"))


async def _foreign_tables(conn: Any) -> bool:
    """Tables in the current schema although Vox has recorded no migration there."""
    sql = "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()"
    return bool(await conn.fetchval(sql))


def _reason(error: BaseException) -> str:
    text = str(error).strip().rstrip(".") or type(error).__name__
    return text.splitlines()[0]

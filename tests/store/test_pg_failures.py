"""PostgreSQL refusing a write is one sentence saying nothing was changed: asyncpg's errors by their
SQLSTATE, and for real, a server stopped under the pool, a read-only database and a held lock."""

from __future__ import annotations

import asyncpg
import asyncpg.exceptions as pg_errors
import pytest

from bot.store.connect import open_database
from bot.store.failures import DatabaseBusy, DatabaseUnreachable, failure_kind, save_failure
from bot.store.meta import get_meta, set_meta
from tests import pg

SAVE_FAILED = "Vox could not save that; nothing was changed: "
UNREACHABLE = SAVE_FAILED + "the database server cannot be reached, so try again in a moment."
READ_ONLY = SAVE_FAILED + (
    "its database server takes no writes, so ask whoever runs Vox to point DATABASE_URL at one "
    "that does."
)
LOCKED = SAVE_FAILED + "the database is busy, so try again in a moment."


def server_error(sqlstate: str, message: str) -> BaseException:
    """The exception asyncpg raises for an error the server sent with this SQLSTATE."""
    error: BaseException = pg_errors.PostgresError.new({"C": sqlstate, "M": message, "S": "ERROR"})
    return error


@pytest.mark.parametrize(
    ("sqlstate", "message", "kind"),
    [
        ("53100", "could not extend file: No space left on device", "full"),
        ("25006", "cannot execute INSERT in a read-only transaction", "readonly"),
        ("55P03", "canceling statement due to lock timeout", "locked"),
        ("57014", "canceling statement due to statement timeout", "locked"),
        ("40P01", "deadlock detected", "locked"),
        ("40001", "could not serialize access due to concurrent update", "locked"),
        ("53300", "sorry, too many clients already", "locked"),
        ("57P01", "terminating connection due to administrator command", "unreachable"),
        ("57P02", "terminating connection because of crash of another server process",
         "unreachable"),
        ("57P03", "the database system is shutting down", "unreachable"),
        ("08006", "connection failure", "unreachable"),
        ("08003", "connection does not exist", "unreachable"),
        ("58030", "could not read block 0 in file", "io"),
        ("XX001", "invalid page in block 7 of relation", "io"),
        ("23505", "duplicate key value violates unique constraint", None),  # the store's rule
        ("42P01", 'relation "rolls" does not exist', None),  # a bug, not the database's refusal
    ],
)  # fmt: skip
def test_postgresql_refusals_are_recognised_by_their_sqlstate(
    sqlstate: str, message: str, kind: str | None
) -> None:
    assert failure_kind(server_error(sqlstate, message)) == kind


def test_the_store_s_own_failures_and_a_bug_s() -> None:
    assert failure_kind(DatabaseUnreachable("[Errno 111] Connection refused")) == "unreachable"
    assert failure_kind(DatabaseBusy()) == "locked"
    assert failure_kind(ConnectionResetError("discord went away")) is None  # not the database
    assert save_failure(server_error("57P01", "terminating connection")) == UNREACHABLE
    assert save_failure(server_error("25006", "read-only transaction")) == READ_ONLY


async def test_a_write_to_a_server_stopped_under_the_pool_is_one_sentence() -> None:
    with pg.server_for_tests() as server:
        url = await server.create_database()
        async with await open_database(url, migrate=True) as db:
            await set_meta(db, "k", "kept")
            server.stop()
            lost = (pg_errors.ConnectionDoesNotExistError, DatabaseUnreachable)
            for _ in range(2):  # the pooled connection lost, then a new one refused
                with pytest.raises(lost) as caught:
                    await set_meta(db, "k", "lost")
                assert save_failure(caught.value) == UNREACHABLE


async def test_a_write_to_a_read_only_database_is_one_sentence(
    migrated_postgres_url: str,
) -> None:
    conn = await asyncpg.connect(migrated_postgres_url)
    try:
        name = await conn.fetchval("SELECT current_database()")
        await conn.execute(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on')
    finally:
        await conn.close()
    async with await open_database(migrated_postgres_url) as db:  # its new connections read only
        with pytest.raises(pg_errors.ReadOnlySQLTransactionError) as caught:
            await set_meta(db, "k", "v")
        assert save_failure(caught.value) == READ_ONLY
        assert await get_meta(db, "k") is None


async def test_a_write_waiting_on_another_program_s_lock_is_one_sentence(
    migrated_postgres_url: str,
) -> None:
    other = await asyncpg.connect(migrated_postgres_url)
    try:
        async with await open_database(migrated_postgres_url) as db:
            async with other.transaction():
                await other.execute("LOCK TABLE meta IN ACCESS EXCLUSIVE MODE")
                with pytest.raises(DatabaseBusy) as caught:  # the statement waited too long
                    await set_meta(db, "k", "v")
                assert save_failure(caught.value) == LOCKED
            await set_meta(db, "k", "v")  # and once the lock is gone, it works
            assert await get_meta(db, "k") == "v"
    finally:
        await other.close()

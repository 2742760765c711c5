"""Opening a store: SQLite's pragmas and folders; on both backends, numbered migrations applied
once each, in one transaction each, and the meta table."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import postgres, sqlite
from bot.store.connect import open_database
from bot.store.database import Database, Migration, migrations
from bot.store.meta import claim_meta, get_meta, set_meta
from bot.store.sqlite import BUSY_TIMEOUT_MS, SqliteDatabase
from tests.store.schema import describe


async def test_open_creates_parent_folders_and_applies_every_migration(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "vox.sqlite3"
    async with await SqliteDatabase.open_path(path) as db:
        assert path.exists()
        assert await db.schema_version() == len(migrations())


async def test_pragmas_wal_busy_timeout_foreign_keys(sqlite_store: SqliteDatabase) -> None:
    for pragma, expected in [("journal_mode", "wal"), ("busy_timeout", BUSY_TIMEOUT_MS),
                             ("foreign_keys", 1), ("synchronous", 1)]:  # fmt: skip
        async with sqlite_store.conn.execute(f"PRAGMA {pragma}") as cur:
            row = await cur.fetchone()
        assert row is not None
        assert row[0] == expected, pragma


async def test_reopening_applies_nothing_twice(store: Database, store_target: str) -> None:
    await set_meta(store, "k", "v1")
    await store.close()
    async with await open_database(store_target, migrate=True) as db:
        assert await db.migrate() == await db.schema_version() == len(migrations(db.dialect))
        assert await get_meta(db, "k") == "v1"


async def test_a_failing_migration_changes_nothing(
    empty_target: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with await open_database(empty_target, migrate=True) as db:
        good = migrations(db.dialect)
    bad = Migration(len(good) + 1, "broken", "CREATE TABLE half (x INTEGER);\nNOT SQL AT ALL;")
    for module in (sqlite, postgres):
        monkeypatch.setattr(module, "migrations", lambda _dialect: [*good, bad])
    with pytest.raises(Exception, match="syntax error"):
        await open_database(empty_target, migrate=True)
    monkeypatch.undo()
    async with await open_database(empty_target) as db:
        assert await db.schema_version() == len(good)
        assert "half" not in await describe(db)


async def test_meta_set_overwrites_and_claim_sets_once(store: Database) -> None:
    assert await get_meta(store, "missing") is None
    await set_meta(store, "k", "a")
    await set_meta(store, "k", "b")
    assert await get_meta(store, "k") == "b"
    assert await claim_meta(store, "once", "first")
    assert not await claim_meta(store, "once", "second")
    assert await get_meta(store, "once") == "first"

"""SQLite: pragmas, numbered migrations in one transaction each, tracked by PRAGMA user_version."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.store import sqlite
from bot.store.database import Migration, migrations
from bot.store.meta import get_meta, set_meta
from bot.store.sqlite import BUSY_TIMEOUT_MS, SqliteDatabase


async def test_open_creates_parent_folders_and_applies_every_migration(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "vox.sqlite3"
    async with await SqliteDatabase.open_path(path) as db:
        assert path.exists()
        assert await db.schema_version() == len(migrations())


async def test_pragmas_wal_busy_timeout_foreign_keys(tmp_path: Path) -> None:
    async with await SqliteDatabase.open_path(tmp_path / "v.sqlite3") as db:
        for pragma, expected in [("journal_mode", "wal"), ("busy_timeout", BUSY_TIMEOUT_MS),
                                 ("foreign_keys", 1), ("synchronous", 1)]:  # fmt: skip
            async with db.conn.execute(f"PRAGMA {pragma}") as cur:
                row = await cur.fetchone()
            assert row is not None
            assert row[0] == expected, pragma


async def test_migrations_are_numbered_without_gaps() -> None:
    assert [m.number for m in migrations()] == list(range(1, len(migrations()) + 1))


async def test_reopening_applies_nothing_twice(tmp_path: Path) -> None:
    path = tmp_path / "v.sqlite3"
    async with await SqliteDatabase.open_path(path) as db:
        await set_meta(db, "k", "v1")
    async with await SqliteDatabase.open_path(path) as db:
        assert await db.migrate() == len(migrations())
        assert await get_meta(db, "k") == "v1"


async def test_a_failing_migration_changes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "v.sqlite3"
    async with await SqliteDatabase.open_path(path):
        pass
    good = migrations()
    bad = Migration(len(good) + 1, "broken", "CREATE TABLE half (x INTEGER);\nNOT SQL AT ALL;")
    monkeypatch.setattr(sqlite, "migrations", lambda _dialect: [*good, bad])
    with pytest.raises(Exception, match="syntax error"):
        await SqliteDatabase.open_path(path)
    monkeypatch.undo()
    async with await SqliteDatabase.open_path(path) as db:
        assert await db.schema_version() == len(good)
        async with db.conn.execute("SELECT name FROM sqlite_master WHERE name = 'half'") as cur:
            assert await cur.fetchone() is None


async def test_meta_set_overwrites(tmp_path: Path) -> None:
    async with await SqliteDatabase.open_path(tmp_path / "v.sqlite3") as db:
        assert await get_meta(db, "missing") is None
        await set_meta(db, "k", "a")
        await set_meta(db, "k", "b")
        assert await get_meta(db, "k") == "b"

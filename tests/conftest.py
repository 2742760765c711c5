"""Shared fixtures: an in-process bot with scripted or seeded dice, and the store on both backends.

`store` runs a test once on SQLite (a file in the test's folder) and once on PostgreSQL (a fresh
database on a throwaway server). The server starts the first time a test asks for it, once per run;
where PostgreSQL is not installed those tests skip with one line (CI fails instead, see tests/pg).
Each PostgreSQL test gets its own database, copied from one migrated once (CREATE DATABASE …
TEMPLATE), so applying the migrations is paid once per run, not once per test.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import urlsplit

import asyncpg
import pytest
import pytest_asyncio

from bot.rules.dice import Dice
from bot.store.connect import open_database
from bot.store.database import Database
from bot.store.sqlite import SqliteDatabase
from tests import pg
from tests.harness import Harness

BACKENDS = ["sqlite", "postgresql"]
# The store tests check what the server enforces, not what survives a power cut (the kill tests
# run their own server): without flushing to disk, a database per test costs little.
FAST = ("-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off")


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    async with Harness.running(tmp_path, dice=Dice(random.Random(40_000))) as h:
        yield h


@pytest.fixture(scope="session")
def postgres() -> Iterator[pg.Server]:
    """The run's throwaway PostgreSQL server (started lazily: only a test that asks starts it)."""
    with pg.server_for_tests(*FAST) as server:
        yield server


def database_name(url: str) -> str:
    return urlsplit(url).path.lstrip("/")


async def drop(server: pg.Server, url: str) -> None:
    """Remove a test's database (a pool the test left open is cut off: WITH (FORCE))."""
    conn = await asyncpg.connect(server.url())
    try:
        await conn.execute(f'DROP DATABASE IF EXISTS "{database_name(url)}" WITH (FORCE)')
    finally:
        await conn.close()


@pytest_asyncio.fixture(scope="session", loop_scope="session")
async def postgres_template(postgres: pg.Server) -> str:
    """The name of a database holding every migration and nothing else, to copy per test."""
    url = await postgres.create_database()
    db = await open_database(url, migrate=True)
    await db.close()
    return database_name(url)


@pytest.fixture
async def postgres_url(postgres: pg.Server) -> AsyncIterator[str]:
    """A new, empty PostgreSQL database (no tables, no migrations), dropped afterwards."""
    url = await postgres.create_database()
    yield url
    await drop(postgres, url)


@pytest.fixture
async def migrated_postgres_url(postgres: pg.Server, postgres_template: str) -> AsyncIterator[str]:
    """A new PostgreSQL database with every migration applied, dropped afterwards."""
    url = await postgres.create_database(template=postgres_template)
    yield url
    await drop(postgres, url)


@pytest.fixture(params=BACKENDS)
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where `store` lives, to open a second connection to it (another process, say): a path
    for SQLite, a URL for PostgreSQL."""
    if request.param == "sqlite":
        return str(tmp_path / "vox.sqlite3")
    return str(request.getfixturevalue("migrated_postgres_url"))


@pytest.fixture(params=BACKENDS)
def empty_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database no migration has touched yet: a new SQLite path, an empty PostgreSQL one."""
    if request.param == "sqlite":
        return str(tmp_path / "vox.sqlite3")
    return str(request.getfixturevalue("postgres_url"))


@pytest.fixture
async def store(store_target: str) -> AsyncIterator[Database]:
    """An open, migrated store: SQLite, then PostgreSQL (test ids `[sqlite]`, `[postgresql]`)."""
    async with await open_database(store_target, migrate=True) as db:
        yield db


@pytest.fixture
async def sqlite_store(tmp_path: Path) -> AsyncIterator[SqliteDatabase]:
    """An open SQLite store, for tests of SQLite's own behaviour (pragmas, its trace callback)."""
    async with await SqliteDatabase.open_path(tmp_path / "vox.sqlite3") as db:
        yield db

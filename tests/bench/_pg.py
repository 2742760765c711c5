"""Shared by the PostgreSQL benchmarks: a migrated database on a throwaway server, and the round
trips a pool has made."""

from __future__ import annotations

import os

from bot.store.connect import open_database
from bot.store.database import Database
from bot.store.postgres import PostgresDatabase
from tests import pg

NEEDS_POSTGRES = "needs PostgreSQL"  # a bench module's `REQUIRES`: the smoke test gates on it


def machine() -> str:
    """The cores and the load average as the run ends: other programs' share of the machine."""
    return f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f}"


def missing() -> str | None:
    """Why the PostgreSQL benchmarks cannot run here (one line), or None when they can."""
    return None if pg.bindir() is not None else pg.INSTALL


async def fresh(server: pg.Server) -> str:
    """A new database on `server` with Vox's schema (as `python -m bot migrate` leaves it)."""
    url = await server.create_database()
    await (await open_database(url, migrate=True)).close()
    return url


def round_trips(db: Database) -> int:
    """The queries the pool's open connections have sent so far, as asyncpg counts them (each a
    wait for the server: a statement, BEGIN, COMMIT, or the pool's reset of a released
    connection; the one-off preparation of a statement not counted). 0 for SQLite. A benchmark
    may reach into the pool."""
    if not isinstance(db, PostgresDatabase):
        return 0
    holders = db.pool._holders  # type: ignore[attr-defined]
    connections = [h._con for h in holders if h._con is not None]
    return sum(int(c._protocol.queries_count) for c in connections if c._protocol is not None)

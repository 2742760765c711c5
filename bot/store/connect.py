"""Opening the configured database: SQLite for a path, PostgreSQL for a postgresql:// URL."""

from __future__ import annotations

from pathlib import Path

from bot.store.database import DEFAULT_POOL_SIZE, Database, parse_target
from bot.store.postgres import PostgresDatabase
from bot.store.sqlite import SqliteDatabase


async def open_database(
    target: str | Path, *, pool_size: int = DEFAULT_POOL_SIZE, migrate: bool = False
) -> Database:
    """The database `target` names (a path or a URL), checked: SQLite applies its migrations as
    it opens; PostgreSQL refuses a schema behind Vox's (`python -m bot migrate` applies them)
    unless `migrate` is true. Raises `UnusableDatabase`."""
    kind, where = parse_target(target)
    if kind == "postgresql":
        return await PostgresDatabase.open_url(where, pool_size=pool_size, migrate=migrate)
    return await SqliteDatabase.open_path(Path(where))

"""The `meta` table: small facts such as the hash of the last synced command tree."""

from __future__ import annotations

from bot.store.database import Database


async def get_meta(db: Database, key: str) -> str | None:
    found = await db.fetch("SELECT value FROM meta WHERE key = ?", (key,))
    return str(found[0][0]) if found else None


async def set_meta(db: Database, key: str, value: str) -> None:
    await db.execute(
        "INSERT INTO meta (key, value) VALUES (?, ?) "
        "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        (key, value),
    )


async def claim_meta(db: Database, key: str, value: str) -> bool:
    """Set `key` only if nobody has: True for the one caller that claimed it (once-only actions)."""
    sql = "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING"
    return await db.execute(sql, (key, value)) == 1

"""The `meta` table: small facts such as the hash of the last synced command tree."""

from __future__ import annotations

from bot.store.database import Database


async def get_meta(db: Database, key: str) -> str | None:
    async with db.lock, db.conn.execute("SELECT value FROM meta WHERE key = ?", (key,)) as cur:
        row = await cur.fetchone()
    return str(row[0]) if row else None


async def set_meta(db: Database, key: str, value: str) -> None:
    async with db.lock:
        await db.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
            (key, value),
        )


async def claim_meta(db: Database, key: str, value: str) -> bool:
    """Set `key` only if nobody has: True for the one caller that claimed it (once-only actions)."""
    async with db.lock:
        cur = await db.conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO NOTHING", (key, value)
        )
    return cur.rowcount == 1

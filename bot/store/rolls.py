"""Pool rolls kept for their "Re-roll failed" button, so the button survives a restart.

A roll is kept for ROLL_KEPT_FOR (older ones are deleted, a batch at a time, whenever a roll is
saved) and its stored form is at most MAX_PAYLOAD characters; a bigger one is not kept at all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import timedelta

from bot.rules.dice import DieRoll
from bot.rules.notation import parse
from bot.rules.pools import PoolRoll, parse_target
from bot.store.database import Database

ROLL_KEPT_FOR = timedelta(days=7)
EXPIRE_BATCH = 100  # rows deleted per save at most, so one save never stalls on a backlog
# /roll allows 1000 dice of up to 1000 sides and 100-character expressions and labels: at most
# about 12,300 characters stored. Anything bigger means a bound was lifted; it is not kept.
MAX_PAYLOAD = 16_000
_CUTOFF = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now', ?)"  # created_at's format, ROLL_KEPT_FOR ago


class RollExpired(Exception):
    """The roll is older than ROLL_KEPT_FOR (and may already have been deleted)."""


def _age() -> str:
    return f"-{ROLL_KEPT_FOR.total_seconds():.0f} seconds"


@dataclass(frozen=True, slots=True)
class StoredRoll:
    id: int
    owner_id: int
    version: int
    label: str | None
    pool: PoolRoll


def _encode(pool: PoolRoll, label: str | None) -> str:
    return json.dumps(
        {
            "expression": pool.expression.text,
            "target": str(pool.target),
            "label": label,
            "dice": [[d.raw, d.first] for d in pool.dice],
        },
        separators=(",", ":"),
    )


def _decode(payload: str) -> tuple[PoolRoll, str | None]:
    data = json.loads(payload)
    expr = parse(data["expression"])
    kind = expr.added[0].kind
    dice = tuple(DieRoll(kind, kind.value_of(raw), raw, first) for raw, first in data["dice"])
    return PoolRoll(expr, parse_target(data["target"]), dice), data.get("label")


async def save_roll(
    db: Database, owner_id: int, channel_id: int | None, pool: PoolRoll, label: str | None
) -> int | None:
    """Keep `pool` for its button and return its id; None if it is too big to keep."""
    payload = _encode(pool, label)
    if len(payload) > MAX_PAYLOAD:
        return None
    async with db.lock:
        await _expire(db, EXPIRE_BATCH)
        cur = await db.conn.execute(
            "INSERT INTO rolls (owner_id, channel_id, payload) VALUES (?, ?, ?)",
            (owner_id, channel_id, payload),
        )
    if cur.lastrowid is None:
        raise RuntimeError("SQLite returned no row id for a new roll")
    return cur.lastrowid


async def expire_rolls(db: Database, limit: int = EXPIRE_BATCH) -> int:
    """Delete up to `limit` rolls older than ROLL_KEPT_FOR, oldest first; returns how many."""
    async with db.lock:
        return await _expire(db, limit)


async def _expire(db: Database, limit: int) -> int:
    cur = await db.conn.execute(
        "DELETE FROM rolls WHERE id IN (SELECT id FROM rolls "
        f"WHERE created_at < {_CUTOFF} ORDER BY created_at LIMIT ?)",
        (_age(), limit),
    )
    return cur.rowcount


async def load_roll(db: Database, roll_id: int) -> StoredRoll | None:
    """The stored roll; None if there never was one; `RollExpired` if it is too old to use."""
    highest = None
    async with db.lock:
        async with db.conn.execute(
            f"SELECT owner_id, version, payload, created_at < {_CUTOFF} FROM rolls WHERE id = ?",
            (_age(), roll_id),
        ) as cur:
            row = await cur.fetchone()
        if row is None:
            # Ids are never reused (AUTOINCREMENT) and only expiry deletes rolls, so a missing
            # id at or below the highest one handed out was a roll that expired.
            async with db.conn.execute(
                "SELECT seq FROM sqlite_sequence WHERE name = 'rolls'"
            ) as cur:
                highest = await cur.fetchone()
    if row is None:
        if highest is not None and 0 < roll_id <= int(highest[0]):
            raise RollExpired(roll_id)
        return None
    if row[3]:
        raise RollExpired(roll_id)
    pool, label = _decode(str(row[2]))
    return StoredRoll(roll_id, int(row[0]), int(row[1]), label, pool)


async def replace_roll(db: Database, stored: StoredRoll, pool: PoolRoll) -> bool:
    """Store the re-rolled pool if nobody changed it since `stored` was read."""
    async with db.lock:
        cur = await db.conn.execute(
            "UPDATE rolls SET payload = ?, version = version + 1 WHERE id = ? AND version = ?",
            (_encode(pool, stored.label), stored.id, stored.version),
        )
    return cur.rowcount == 1

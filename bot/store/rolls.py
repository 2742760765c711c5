"""Pool rolls kept for their "Re-roll failed" button, so the button survives a restart."""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.rules.dice import DieRoll
from bot.rules.notation import parse
from bot.rules.pools import PoolRoll, parse_target
from bot.store.database import Database


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
) -> int:
    async with db.lock:
        cur = await db.conn.execute(
            "INSERT INTO rolls (owner_id, channel_id, payload) VALUES (?, ?, ?)",
            (owner_id, channel_id, _encode(pool, label)),
        )
    if cur.lastrowid is None:
        raise RuntimeError("SQLite returned no row id for a new roll")
    return cur.lastrowid


async def load_roll(db: Database, roll_id: int) -> StoredRoll | None:
    async with (
        db.lock,
        db.conn.execute(
            "SELECT owner_id, version, payload FROM rolls WHERE id = ?", (roll_id,)
        ) as cur,
    ):
        row = await cur.fetchone()
    if row is None:
        return None
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

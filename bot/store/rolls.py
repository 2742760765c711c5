"""Pool rolls kept for their "Re-roll failed" button, so the button survives a restart.

A roll is kept for ROLL_KEPT_FOR (older ones are deleted, a batch at a time, whenever a roll is
saved) and its stored form is at most MAX_PAYLOAD characters; a bigger one is not kept at all.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from bot.rules.dice import DieRoll
from bot.rules.notation import parse
from bot.rules.pools import PoolRoll, parse_target
from bot.store.database import Database
from bot.store.streams import now, stamp

ROLL_KEPT_FOR = timedelta(days=7)
EXPIRE_BATCH = 100  # rows deleted per save at most, so one save never stalls on a backlog
# /roll allows 1000 dice of up to 1000 sides and 100-character expressions and labels: at most
# about 12,300 characters stored. Anything bigger means a bound was lifted; it is not kept.
MAX_PAYLOAD = 16_000


class RollExpired(Exception):
    """The roll is older than ROLL_KEPT_FOR (and may already have been deleted)."""


def _cutoff() -> str:
    """ROLL_KEPT_FOR ago, in created_at's format (`streams.now`'s)."""
    return stamp(datetime.now(UTC) - ROLL_KEPT_FOR)


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
    await expire_rolls(db, EXPIRE_BATCH)
    found = await db.fetch(
        "INSERT INTO rolls (owner_id, channel_id, payload, created_at) VALUES (?, ?, ?, ?) "
        "RETURNING id",
        (owner_id, channel_id, payload, now()),
    )
    return int(found[0][0])


async def expire_rolls(db: Database, limit: int = EXPIRE_BATCH) -> int:
    """Delete up to `limit` rolls older than ROLL_KEPT_FOR, oldest first; returns how many."""
    return await db.execute(
        "DELETE FROM rolls WHERE id IN (SELECT id FROM rolls "
        "WHERE created_at < ? ORDER BY created_at LIMIT ?)",
        (_cutoff(), limit),
    )


async def load_roll(db: Database, roll_id: int) -> StoredRoll | None:
    """The stored roll; None if there never was one; `RollExpired` if it is too old to use."""
    found = await db.fetch(
        "SELECT owner_id, version, payload, created_at FROM rolls WHERE id = ?", (roll_id,)
    )
    if not found:
        # Ids are never reused and only expiry deletes rolls, so a missing id at or below the
        # highest one handed out was a roll that expired.
        if 0 < roll_id <= await db.highest_id("rolls"):
            raise RollExpired(roll_id)
        return None
    row = found[0]
    if str(row[3]) < _cutoff():
        raise RollExpired(roll_id)
    pool, label = _decode(str(row[2]))
    return StoredRoll(roll_id, int(row[0]), int(row[1]), label, pool)


async def replace_roll(db: Database, stored: StoredRoll, pool: PoolRoll) -> bool:
    """Store the re-rolled pool if nobody changed it since `stored` was read."""
    changed = await db.execute(
        "UPDATE rolls SET payload = ?, version = version + 1 WHERE id = ? AND version = ?",
        (_encode(pool, stored.label), stored.id, stored.version),
    )
    return changed == 1

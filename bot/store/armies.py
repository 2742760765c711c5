"""Players' armies: one row per army, its body Vox's army JSON, unique by name per owner.

An army is written whole in one statement, so a failed import never leaves half an army.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.armies.model import Army
from bot.rules.names import name_key
from bot.store.database import Database
from bot.store.errors import Constraint, Duplicate, Missing
from bot.store.streams import now

_COLUMNS = "id, owner_id, name, edition, body, created_at, updated_at"


@dataclass(frozen=True, slots=True)
class StoredArmy:
    id: int
    owner: int
    name: str
    army: Army
    created_at: str
    updated_at: str


def _stored(row: Sequence[Any]) -> StoredArmy:
    aid, owner, name, _edition, body, created, updated = row
    return StoredArmy(aid, owner, name, Army.model_validate_json(body), created, updated)


async def count(db: Database, owner: int) -> int:
    found = await db.fetch("SELECT COUNT(*) FROM armies WHERE owner_id = ?", (owner,))
    return int(found[0][0])


async def save(db: Database, owner: int, army: Army, *, replace: bool = False) -> StoredArmy:
    """Store `army` under its name; an existing army of that name (any case) raises `Duplicate`
    unless `replace`, which keeps its id and creation time."""
    stamp, key, body = now(), name_key(army.name), army.model_dump_json()
    sql = (
        "INSERT INTO armies (owner_id, name, name_key, edition, body, created_at, updated_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)"
    )
    returning = f" RETURNING {_COLUMNS}"
    if replace:
        sql += (
            " ON CONFLICT (owner_id, name_key) DO UPDATE SET name = excluded.name, "
            "edition = excluded.edition, body = excluded.body, updated_at = excluded.updated_at"
        )
    try:
        found = await db.fetch(
            sql + returning, (owner, army.name, key, army.edition, body, stamp, stamp)
        )
    except Constraint as exc:  # UNIQUE (owner_id, name_key)
        raise Duplicate(f"user {owner} has an army called {army.name!r}") from exc
    return _stored(found[0])


async def find(db: Database, owner: int, name: str) -> StoredArmy | None:
    """The owner's army called `name`, compared by `name_key`."""
    sql = f"SELECT {_COLUMNS} FROM armies WHERE owner_id = ? AND name_key = ?"
    found = await db.fetch(sql, (owner, name_key(name)))
    return _stored(found[0]) if found else None


async def names(db: Database, owner: int, prefix: str = "", limit: int = 25) -> list[str]:
    """The owner's army names whose key starts with the prefix's, by key (autocomplete)."""
    found = await db.fetch("SELECT name, name_key FROM armies WHERE owner_id = ?", (owner,))
    key = name_key(prefix)
    return [n for n, k in sorted(found, key=lambda r: r[1]) if k.startswith(key)][:limit]


async def every(db: Database, owner: int) -> list[StoredArmy]:
    """All the owner's armies, oldest first (at most `bot.armies.limits.MAX_ARMIES`)."""
    sql = f"SELECT {_COLUMNS} FROM armies WHERE owner_id = ? ORDER BY id"
    found = await db.fetch(sql, (owner,))
    return [_stored(r) for r in found]


async def rename(db: Database, owner: int, name: str, new: Army) -> StoredArmy:
    """Store `new` (the army with its new name) in place of the army called `name`; raises
    `Missing` if there is none and `Duplicate` if the new name is another army's."""
    sql = (
        "UPDATE armies SET name = ?, name_key = ?, body = ?, updated_at = ? "
        "WHERE owner_id = ? AND name_key = ?"
    )
    params = (new.name, name_key(new.name), new.model_dump_json(), now(), owner, name_key(name))
    try:
        changed = await db.execute(sql, params)
    except Constraint as exc:
        raise Duplicate(f"user {owner} has an army called {new.name!r}") from exc
    if changed == 0:
        raise Missing(f"user {owner} has no army called {name!r}")
    found = await find(db, owner, new.name)
    assert found is not None
    return found


async def remove(db: Database, owner: int, name: str) -> bool:
    """Delete the owner's army called `name`; False if there was none."""
    sql = "DELETE FROM armies WHERE owner_id = ? AND name_key = ?"
    return await db.execute(sql, (owner, name_key(name))) > 0

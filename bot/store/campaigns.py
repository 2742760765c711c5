"""Crusade campaigns per server and their event logs, with optimistic appends (as `games`).

A caller reads the log up to seq N, decides, and appends at N + 1… in one transaction; when
someone else appended first, `append` raises `CampaignConflict` (a `Conflict`) and the caller
reloads and decides again.

A campaign's `name_key` column holds `bot.rules.names.name_key(name)`. Rows written before that
function existed hold `name.casefold()`, which is the same key for every ASCII name; for the
others SQLite cannot compute the new key, so a look-up that misses by column compares the server's
names in Python (a server has a handful of campaigns), and creation checks the same way. No
migration is needed, and old rows are found by the new key.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from bot.campaign.events import CampaignCreated, Event, Recorded, from_json, to_json
from bot.rules.errors import IllegalAction
from bot.rules.names import name_key
from bot.store.database import Database
from bot.store.games import MAX_EVENTS_PER_APPEND, Conflict, _immediate, _rows, now


class CampaignConflict(Conflict):
    """Someone appended to the campaign first: reload the log and decide again."""

    def __init__(self, campaign_id: int, expected: int, actual: int) -> None:
        super().__init__(campaign_id, expected, actual)
        self.args = (f"campaign {campaign_id} is at seq {actual}, not {expected}",)
        self.campaign_id = campaign_id


class CampaignExists(IllegalAction):
    """A second campaign with the same name in a server."""


@dataclass(frozen=True, slots=True)
class CampaignRecord:
    id: int
    guild_id: int
    name: str
    edition: str
    created_at: str


_COLUMNS = "id, guild_id, name, edition, created_at"


def _campaign(row: Sequence[Any]) -> CampaignRecord:
    cid, guild, name, edition, created = row
    return CampaignRecord(cid, guild, name, edition, created)


async def create_campaign(
    db: Database,
    guild_id: int,
    created: CampaignCreated,
    *,
    actor: int | None,
    follow: Sequence[Event] = (),
    at: str | None = None,
) -> CampaignRecord:
    """A new campaign whose log starts with `created` (then `follow`, e.g. the creator joining
    or an import); a name already used in the server (any case) is refused."""
    stamp = at or now()
    events: list[Event] = [created, *follow]
    if len(events) > MAX_EVENTS_PER_APPEND:
        raise ValueError(f"create with at most {MAX_EVENTS_PER_APPEND} events")
    key = name_key(created.name)
    exists = CampaignExists(
        f"A campaign called {created.name} already exists in this server; pick another name."
    )
    try:
        async with db.lock, _immediate(db):
            if await _named(db, guild_id, key):
                raise exists
            cur = await db.conn.execute(
                "INSERT INTO campaigns (guild_id, name, name_key, edition, created_at) "
                "VALUES (?, ?, ?, ?, ?)",
                (guild_id, created.name, key, created.edition, stamp),
            )
            campaign_id = cur.lastrowid
            assert campaign_id is not None
            await db.conn.executemany(
                "INSERT INTO campaign_events (campaign_id, seq, kind, actor, payload, at) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [
                    (campaign_id, seq, e.kind, actor, to_json(e), stamp)
                    for seq, e in enumerate(events, 1)
                ],
            )
    except sqlite3.IntegrityError as exc:  # UNIQUE (guild_id, name_key)
        raise exists from exc
    return CampaignRecord(campaign_id, guild_id, created.name, created.edition, stamp)


async def _named(db: Database, guild_id: int, key: str) -> list[CampaignRecord]:
    """The server's campaigns whose name has `key`: by the column, else (a row written before
    `name_key`) by each name's key computed here, oldest first."""
    sql = f"SELECT {_COLUMNS} FROM campaigns WHERE guild_id = ? AND name_key = ?"
    rows = await _rows(db, sql, (guild_id, key))
    if not rows:
        every = f"SELECT {_COLUMNS} FROM campaigns WHERE guild_id = ? ORDER BY id"
        rows = [r for r in await _rows(db, every, (guild_id,)) if name_key(r[2]) == key]
    return [_campaign(r) for r in rows]


async def find_campaign(db: Database, guild_id: int, name: str) -> CampaignRecord | None:
    """The server's campaign called `name`, compared by `name_key` (case, width, look-alikes)."""
    async with db.lock:
        found = await _named(db, guild_id, name_key(name))
    return found[0] if found else None


async def load_campaign(db: Database, campaign_id: int) -> CampaignRecord | None:
    async with db.lock:
        rows = await _rows(db, f"SELECT {_COLUMNS} FROM campaigns WHERE id = ?", (campaign_id,))
    return _campaign(rows[0]) if rows else None


async def list_campaigns(
    db: Database, guild_id: int, prefix: str = "", limit: int = 25
) -> list[CampaignRecord]:
    """The server's campaigns whose `name_key` starts with the prefix's, by key: autocomplete
    (compared in Python, so rows keyed before `name_key` match too)."""
    key = name_key(prefix)
    sql = f"SELECT {_COLUMNS} FROM campaigns WHERE guild_id = ?"
    async with db.lock:
        rows = await _rows(db, sql, (guild_id,))
    keyed = sorted((name_key(r[2]), r[0], r) for r in rows)
    return [_campaign(r) for k, _, r in keyed if k.startswith(key)][:limit]


async def load_events(
    db: Database, campaign_id: int, after: int = 0, until: int | None = None
) -> list[Recorded]:
    """The campaign's log in order (from seq `after + 1`; up to seq `until`)."""
    sql = (
        "SELECT seq, actor, at, kind, payload FROM campaign_events "
        "WHERE campaign_id = ? AND seq > ? AND seq <= ? ORDER BY seq"
    )
    last = (1 << 62) if until is None else until
    async with db.lock:
        rows = await _rows(db, sql, (campaign_id, after, last))
    return [
        Recorded(seq, actor, at, from_json(kind, payload)) for seq, actor, at, kind, payload in rows
    ]


def _insert_sql(count: int) -> str:
    values = ", ".join(["(?, ?, ?, ?, ?)"] * count)
    # All-or-nothing on the expected seq (UNIQUE (campaign_id, seq) backs it up), as in games.
    return (
        "INSERT INTO campaign_events (campaign_id, seq, kind, actor, payload, at) "
        "SELECT ?, column1, column2, column3, column4, column5 "
        f"FROM (VALUES {values}) "
        "WHERE (SELECT COALESCE(MAX(seq), 0) FROM campaign_events WHERE campaign_id = ?) = ?"
    )


async def append(
    db: Database,
    campaign_id: int,
    expected_seq: int,
    events: Sequence[Event],
    *,
    actor: int | None = None,
    at: str | None = None,
) -> list[Recorded]:
    """Append `events` as seq expected_seq + 1… in one transaction, or raise `CampaignConflict`."""
    if not 1 <= len(events) <= MAX_EVENTS_PER_APPEND:
        raise ValueError(f"append 1 to {MAX_EVENTS_PER_APPEND} events at a time")
    stamp = at or now()
    recorded = [Recorded(expected_seq + i, actor, stamp, e) for i, e in enumerate(events, 1)]
    params: list[object] = [campaign_id]
    for r in recorded:
        params += [r.seq, r.event.kind, actor, to_json(r.event), stamp]
    params += [campaign_id, expected_seq]
    async with db.lock:
        try:
            async with _immediate(db):
                cur = await db.conn.execute(_insert_sql(len(events)), params)
                inserted = cur.rowcount
        except sqlite3.IntegrityError as exc:  # a seq someone else took, or no such campaign
            await _refused(db, campaign_id, expected_seq, exc)
        if inserted != len(events):
            await _refused(db, campaign_id, expected_seq)
    return recorded


async def _refused(
    db: Database, campaign_id: int, expected_seq: int, cause: BaseException | None = None
) -> NoReturn:
    """Why nothing was inserted: no such campaign, or a seq someone else took."""
    if not await _rows(db, "SELECT 1 FROM campaigns WHERE id = ?", (campaign_id,)):
        raise LookupError(f"there is no campaign {campaign_id}") from cause
    actual = await _last_seq(db, campaign_id)
    raise CampaignConflict(campaign_id, expected_seq, actual) from cause


async def _last_seq(db: Database, campaign_id: int) -> int:
    sql = "SELECT COALESCE(MAX(seq), 0) FROM campaign_events WHERE campaign_id = ?"
    return int((await _rows(db, sql, (campaign_id,)))[0][0])


async def last_seq(db: Database, campaign_id: int) -> int:
    """The seq of the campaign's last event (0 for none)."""
    async with db.lock:
        return await _last_seq(db, campaign_id)


async def link_game(db: Database, game_id: int, campaign_id: int) -> None:
    """Play tracked game `game_id` as a battle of the campaign (once; a second link is refused)."""
    try:
        async with db.lock, _immediate(db):
            await db.conn.execute(
                "INSERT INTO campaign_games (game_id, campaign_id) VALUES (?, ?)",
                (game_id, campaign_id),
            )
    except sqlite3.IntegrityError as exc:
        raise IllegalAction(
            "That game is already part of a campaign, or no longer exists; start a new game."
        ) from exc


async def campaign_for_game(db: Database, game_id: int) -> CampaignRecord | None:
    sql = (
        f"SELECT {', '.join('c.' + c for c in _COLUMNS.split(', '))} FROM campaigns c "
        "JOIN campaign_games g ON g.campaign_id = c.id WHERE g.game_id = ?"
    )
    async with db.lock:
        rows = await _rows(db, sql, (game_id,))
    return _campaign(rows[0]) if rows else None

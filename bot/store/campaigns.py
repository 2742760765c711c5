"""Crusade campaigns per server and their event logs (a `streams.Stream`, as games'), with
optimistic appends: an append at a seq someone else took raises `Conflict`.

A campaign's `name_key` column holds `bot.rules.names.name_key(name)`. Rows written before that
function existed hold `name.casefold()`, which is the same key for every ASCII name; for the
others SQLite cannot compute the new key, so a look-up that misses by column compares the server's
names in Python (a server has a handful of campaigns), and creation checks the same way. No
migration is needed, and old rows are found by the new key.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from bot.campaign.events import CampaignCreated, Event, Recorded, from_json, to_json
from bot.rules.names import name_key
from bot.store import streams
from bot.store.database import Database, Tx
from bot.store.errors import Constraint, Duplicate
from bot.store.streams import MAX_EVENTS_PER_APPEND, now

__all__ = ["CAMPAIGNS", "CampaignRecord", "Recorded"]


@dataclass(frozen=True, slots=True)
class CampaignRecord:
    id: int
    guild_id: int
    name: str
    edition: str
    created_at: str


def _campaign(row: Sequence[Any]) -> CampaignRecord:
    cid, guild, name, edition, created = row
    return CampaignRecord(cid, guild, name, edition, created)


CAMPAIGNS: streams.Stream[CampaignRecord, Event] = streams.Stream(
    name="campaign",
    table="campaigns",
    events="campaign_events",
    key="campaign_id",
    columns=("id", "guild_id", "name", "edition", "created_at"),
    record=_campaign,
    decode=from_json,
    encode=to_json,
)
_COLUMNS = CAMPAIGNS.select()

load_events = partial(streams.load_events, CAMPAIGNS)
append = partial(streams.append, CAMPAIGNS)
last_seq = partial(streams.last_seq, CAMPAIGNS)


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
    or an import); a name already used in the server (any case) raises `Duplicate`."""
    stamp = at or now()
    events: list[Event] = [created, *follow]
    if len(events) > MAX_EVENTS_PER_APPEND:
        raise ValueError(f"create with at most {MAX_EVENTS_PER_APPEND} events")
    key = name_key(created.name)
    taken = f"server {guild_id} has a campaign called {created.name!r}"
    try:
        async with db.transaction() as tx:
            if await _named(tx, guild_id, key):
                raise Duplicate(taken)
            found = await tx.fetch(
                "INSERT INTO campaigns (guild_id, name, name_key, edition, created_at) "
                "VALUES (?, ?, ?, ?, ?) RETURNING id",
                (guild_id, created.name, key, created.edition, stamp),
            )
            campaign_id = int(found[0][0])
            await streams.insert_events(CAMPAIGNS, tx, campaign_id, events, actor=actor, at=stamp)
    except Constraint as exc:  # UNIQUE (guild_id, name_key)
        raise Duplicate(taken) from exc
    return CampaignRecord(campaign_id, guild_id, created.name, created.edition, stamp)


async def _named(db: Database | Tx, guild_id: int, key: str) -> list[CampaignRecord]:
    """The server's campaigns whose name has `key`: by the column, else (a row written before
    `name_key`) by each name's key computed here, oldest first."""
    sql = f"SELECT {_COLUMNS} FROM campaigns WHERE guild_id = ? AND name_key = ?"
    found = await db.fetch(sql, (guild_id, key))
    if not found:
        every = f"SELECT {_COLUMNS} FROM campaigns WHERE guild_id = ? ORDER BY id"
        found = [r for r in await db.fetch(every, (guild_id,)) if name_key(r[2]) == key]
    return [_campaign(r) for r in found]


async def find_campaign(db: Database, guild_id: int, name: str) -> CampaignRecord | None:
    """The server's campaign called `name`, compared by `name_key` (case, width, look-alikes)."""
    found = await _named(db, guild_id, name_key(name))
    return found[0] if found else None


async def load_campaign(db: Database, campaign_id: int) -> CampaignRecord | None:
    return await streams.load(CAMPAIGNS, db, campaign_id)


async def list_campaigns(
    db: Database, guild_id: int, prefix: str = "", limit: int = 25
) -> list[CampaignRecord]:
    """The server's campaigns whose `name_key` starts with the prefix's, by key: autocomplete
    (compared in Python, so rows keyed before `name_key` match too)."""
    key = name_key(prefix)
    sql = f"SELECT {_COLUMNS} FROM campaigns WHERE guild_id = ?"
    found = await db.fetch(sql, (guild_id,))
    keyed = sorted((name_key(r[2]), r[0], r) for r in found)
    return [_campaign(r) for k, _, r in keyed if k.startswith(key)][:limit]


async def link_game(db: Database, game_id: int, campaign_id: int) -> None:
    """Play tracked game `game_id` as a battle of the campaign (once: a second link, or a game
    that does not exist, raises `Duplicate`)."""
    try:
        await db.execute(
            "INSERT INTO campaign_games (game_id, campaign_id) VALUES (?, ?)",
            (game_id, campaign_id),
        )
    except Constraint as exc:
        raise Duplicate(f"game {game_id} is linked already, or does not exist") from exc


async def campaign_for_game(db: Database, game_id: int) -> CampaignRecord | None:
    sql = (
        f"SELECT {CAMPAIGNS.select('c')} FROM campaigns c "
        "JOIN campaign_games g ON g.campaign_id = c.id WHERE g.game_id = ?"
    )
    found = await db.fetch(sql, (game_id,))
    return _campaign(found[0]) if found else None

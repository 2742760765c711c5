"""Games per channel and their event logs (a `streams.Stream`), with optimistic appends.

A channel has at most one active game; a game takes events until a `GameEnded` among them ends
it (in the same transaction). Two people pressing "Next phase" together advance the game once:
the second append raises `Conflict` and its caller reads and decides again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any, Literal

from bot.game.events import Event, GameEnded, GameStarted, Recorded, from_json, to_json
from bot.store import streams
from bot.store.database import Database
from bot.store.errors import Constraint, Duplicate
from bot.store.streams import MAX_EVENTS_PER_APPEND, now

__all__ = ["GAMES", "MAX_EVENTS_PER_APPEND", "GameRecord", "Recorded", "now"]

Status = Literal["active", "ended"]


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    guild_id: int | None
    channel_id: int
    edition: str
    status: Status
    created_at: str


def _game(row: Sequence[Any]) -> GameRecord:
    gid, guild, channel, edition, status, created = row
    ended = status == "ended"
    return GameRecord(gid, guild, channel, edition, "ended" if ended else "active", created)


def _ends(event: Event) -> bool:
    return isinstance(event, GameEnded)


GAMES: streams.Stream[GameRecord, Event] = streams.Stream(
    name="game",
    table="games",
    events="events",
    key="game_id",
    columns=("id", "guild_id", "channel_id", "edition", "status", "created_at"),
    record=_game,
    decode=from_json,
    encode=to_json,
    is_open="status = 'active'",
    closing=_ends,
    close="status = 'ended'",
)

load_events = partial(streams.load_events, GAMES)
append = partial(streams.append, GAMES)
last_seq = partial(streams.last_seq, GAMES)


async def create_game(
    db: Database,
    *,
    guild_id: int | None,
    channel_id: int,
    started: GameStarted,
    actor: int | None,
    at: str | None = None,
) -> GameRecord:
    """A new active game whose log starts with `started`; a second active one in the channel
    raises `Duplicate`."""
    stamp = at or now()
    try:
        async with db.transaction() as tx:
            found = await tx.fetch(
                "INSERT INTO games (guild_id, channel_id, edition, created_at) "
                "VALUES (?, ?, ?, ?) RETURNING id",
                (guild_id, channel_id, started.edition, stamp),
            )
            game_id = int(found[0][0])
            await streams.insert_events(GAMES, tx, game_id, [started], actor=actor, at=stamp)
    except Constraint as exc:  # games_one_active_per_channel
        raise Duplicate(f"channel {channel_id} has an active game") from exc
    return GameRecord(game_id, guild_id, channel_id, started.edition, "active", stamp)


ACTIVE_IN = "s.channel_id = ? AND s.status = 'active'"  # for `streams.catch_up`
# The channel's latest game: its active one, or else the one that ended last (a new game has a
# higher id than every game before it in the channel, and at most one is active).
LATEST_IN = "s.id = (SELECT MAX(id) FROM games WHERE channel_id = ?)"


async def active_game(db: Database, channel_id: int) -> GameRecord | None:
    """The channel's active game, if any."""
    sql = f"SELECT {GAMES.select()} FROM games WHERE channel_id = ? AND status = 'active'"
    found = await db.fetch(sql, (channel_id,))
    return _game(found[0]) if found else None


async def latest_game(db: Database, channel_id: int) -> GameRecord | None:
    """The channel's active game, or else its most recently ended one; None if it never had one."""
    sql = f"SELECT {GAMES.select('s')} FROM games s WHERE {LATEST_IN}"
    found = await db.fetch(sql, (channel_id,))
    return _game(found[0]) if found else None


async def load_game(db: Database, game_id: int) -> GameRecord | None:
    return await streams.load(GAMES, db, game_id)


async def end_game(db: Database, game_id: int) -> bool:
    """Mark the game ended (appending `GameEnded` does this too); False if it already was."""
    sql = "UPDATE games SET status = 'ended' WHERE id = ? AND status = 'active'"
    return await db.execute(sql, (game_id,)) == 1

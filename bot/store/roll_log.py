"""Every roll made in a channel: who, what, the result, when, and the D6 faces it showed.

/rolls history reads a channel's newest rows a page at a time (keyset on `id`), /rolls stats sums
the D6 faces since a date, /game log reads a game's own rows, and the Roll again button reads the
/roll text of one row. A channel keeps its newest KEPT_PER_CHANNEL rolls: older ones are deleted a
batch at a time, every PRUNE_EVERY-th roll saved, so no save pays for a long delete.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from bot.store.database import Database
from bot.store.streams import now, stamp

KEPT_PER_CHANNEL = 20_000
PRUNE_EVERY = 256  # a save whose id is a multiple of this prunes its channel
PRUNE_BATCH = 1_000  # rows deleted by one prune at most
FACES = 6
_COLUMNS = (
    "id, channel_id, user_id, user_name, command, what, label, result, again, again_key, secret, "
    "game_id, game_seq, game_action, dice, d6_1, d6_2, d6_3, d6_4, d6_5, d6_6, created_at"
)


@dataclass(frozen=True, slots=True)
class RollEntry:
    """One roll as it is saved. `d6` counts the physical D6 faces shown, 1 to 6 (a re-rolled
    die's first face too); `dice` counts every die of any kind."""

    channel_id: int
    user_id: int
    user_name: str
    command: str  # "/roll", "/attack", "Roll again", "Next phase"…
    what: str  # "10D6 3+", "Bolt rifle → Boyz"…
    result: str  # "7 successes of 10"…
    label: str | None = None  # what the player said the roll was for ("Bolter hits")
    d6: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)
    dice: int = 0
    again: str | None = None
    again_key: int | None = None  # the id of the interaction whose answer carries Roll again
    secret: bool = False
    game_id: int | None = None
    game_seq: int | None = None
    game_action: bool = False


@dataclass(frozen=True, slots=True)
class LoggedRoll:
    id: int
    entry: RollEntry
    at: datetime  # UTC


async def add_roll(db: Database, entry: RollEntry, at: str | None = None) -> int:
    """Save `entry` (at `at`, ISO 8601 UTC, default now) and return its id."""
    e = entry
    found = await db.fetch(
        f"INSERT INTO roll_log ({_COLUMNS.removeprefix('id, ')}) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id",
        (
            *(e.channel_id, e.user_id, e.user_name, e.command, e.what, e.label, e.result),
            *(e.again, e.again_key, int(e.secret), e.game_id, e.game_seq, int(e.game_action)),
            *(e.dice, *e.d6, at or now()),
        ),
    )
    roll_id = int(found[0][0])
    if roll_id % PRUNE_EVERY == 0:
        await _prune(db, e.channel_id)
    return roll_id


async def _prune(db: Database, channel_id: int) -> None:
    await db.execute(
        "DELETE FROM roll_log WHERE id IN (SELECT id FROM roll_log WHERE channel_id = ? AND id <= "
        "(SELECT id FROM roll_log WHERE channel_id = ? ORDER BY id DESC LIMIT 1 OFFSET ?) "
        "ORDER BY id LIMIT ?)",
        (channel_id, channel_id, KEPT_PER_CHANNEL, PRUNE_BATCH),
    )


def _logged(row: Sequence[Any]) -> LoggedRoll:
    (rid, channel, user, name, command, what, label, result, again, key, secret) = row[:11]
    game, seq, action, dice, faces, at = row[11], row[12], row[13], row[14], row[15:21], row[21]
    one, two, three, four, five, six = faces
    entry = RollEntry(
        *(channel, user, name, command, what, result, label, (one, two, three, four, five, six)),
        dice=dice, again=again, again_key=key, secret=bool(secret), game_id=game, game_seq=seq,
        game_action=bool(action),
    )  # fmt: skip
    stamp = datetime.fromisoformat(str(at).replace("Z", "+00:00"))
    return LoggedRoll(rid, entry, stamp)


async def _one(db: Database, column: str, value: int) -> LoggedRoll | None:
    found = await db.fetch(f"SELECT {_COLUMNS} FROM roll_log WHERE {column} = ?", (value,))
    return _logged(found[0]) if found else None


async def load_roll(db: Database, roll_id: int) -> LoggedRoll | None:
    """One logged roll (secret or not), or None if it was never saved or has been pruned."""
    return await _one(db, "id", roll_id)


async def load_again(db: Database, key: int) -> LoggedRoll | None:
    """The roll whose answer carries the Roll again button naming `key`, if it is still kept."""
    return await _one(db, "again_key", key)


async def page(
    db: Database, channel_id: int, *, before: int | None = None, after: int | None = None,
    limit: int = 10,
) -> list[LoggedRoll]:  # fmt: skip
    """Up to `limit` of the channel's public rolls, newest first: the newest ones, or those just
    older than id `before`, or those just newer than id `after`."""
    where, params = "channel_id = ? AND secret = 0", list[object]([channel_id])
    order = "DESC"
    if before is not None:
        where, params = where + " AND id < ?", [*params, before]
    elif after is not None:
        where, params, order = where + " AND id > ?", [*params, after], "ASC"
    found = await db.fetch(
        f"SELECT {_COLUMNS} FROM roll_log WHERE {where} ORDER BY id {order} LIMIT ?",
        (*params, limit),
    )
    logged = [_logged(r) for r in found]
    return logged if order == "DESC" else logged[::-1]


async def face_counts(
    db: Database, channel_id: int, *, since: datetime | None = None, user_id: int | None = None
) -> tuple[int, int, int, int, int, int]:
    """How many times each D6 face (1 to 6) came up in the channel's public rolls, since `since`
    (UTC) if given, by `user_id` if given."""
    where, params = "channel_id = ? AND secret = 0", list[object]([channel_id])
    if since is not None:
        where, params = where + " AND created_at >= ?", [*params, stamp(since)]
    if user_id is not None:
        where, params = where + " AND user_id = ?", [*params, user_id]
    sums = ", ".join(f"COALESCE(SUM(d6_{face}), 0)" for face in range(1, FACES + 1))
    found = await db.fetch(f"SELECT {sums} FROM roll_log WHERE {where}", params)
    one, two, three, four, five, six = (int(v) for v in found[0])
    return one, two, three, four, five, six


async def game_rolls(db: Database, game_id: int, limit: int = 50) -> list[LoggedRoll]:
    """The newest `limit` public rolls made in a game's channel while it was running that were not
    themselves game events (a /roll, a /rolloff), oldest first."""
    found = await db.fetch(
        f"SELECT {_COLUMNS} FROM roll_log WHERE game_id = ? AND game_action = 0 "
        "AND secret = 0 ORDER BY id DESC LIMIT ?",
        (game_id, limit),
    )
    return [_logged(r) for r in reversed(found)]

"""PostgreSQL's waits per statement: one round trip each, including an append that ends a game.

Counted as asyncpg counts the queries a connection sent (`tests.bench._pg.round_trips`), after a
first run of the statement (its one-off preparation is not a query). The pool skips its default
reset of a released connection; a transaction left open is still rolled back when it returns.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.game import start_game
from bot.game.events import GameEnded, VictoryPointsScored
from bot.store import games
from bot.store.connect import open_database
from bot.store.errors import Conflict
from bot.store.meta import get_meta
from bot.store.postgres import PostgresDatabase
from tests.bench._pg import round_trips

ENDED = GameEnded(winner=1, reason="test")


def scored(amount: int = 1) -> VictoryPointsScored:
    return VictoryPointsScored(player=1, amount=amount, reason="test")


@pytest.fixture
async def db(migrated_postgres_url: str) -> AsyncIterator[PostgresDatabase]:
    """A migrated database behind a pool of one connection (every count on one session)."""
    opened = await open_database(migrated_postgres_url, pool_size=1)
    assert isinstance(opened, PostgresDatabase)
    async with opened:
        yield opened


async def trips(db: PostgresDatabase, statement: object) -> int:
    start = round_trips(db)
    await statement  # type: ignore[misc]  # any awaitable
    return round_trips(db) - start


async def test_a_statement_is_one_round_trip(db: PostgresDatabase) -> None:
    read = "SELECT value FROM meta WHERE key = ?"
    await db.fetch(read, ("k",))
    assert await trips(db, db.fetch(read, ("k",))) == 1
    write = "INSERT INTO meta (key, value) VALUES (?, ?)"
    await db.execute(write, ("a", "1"))
    assert await trips(db, db.execute(write, ("b", "2"))) == 1


async def test_an_append_and_one_that_ends_the_game_are_one_round_trip_each(
    db: PostgresDatabase,
) -> None:
    first = await games.create_game(
        db, guild_id=1, channel_id=1, started=start_game("9th", (1, 2)), actor=1
    )
    second = await games.create_game(
        db, guild_id=1, channel_id=2, started=start_game("9th", (1, 2)), actor=1
    )
    await games.append(db, first.id, 1, [scored()])  # each statement prepared once
    await games.append(db, first.id, 2, [scored(), ENDED])
    assert await trips(db, games.append(db, second.id, 1, [scored()])) == 1
    assert await trips(db, games.append(db, second.id, 2, [scored(), ENDED])) == 1
    ended = await games.load_game(db, second.id)
    assert ended is not None and ended.status == "ended"
    assert await games.last_seq(db, second.id) == 4


async def test_an_ending_append_at_a_taken_seq_neither_appends_nor_ends(
    db: PostgresDatabase,
) -> None:
    game = await games.create_game(
        db, guild_id=1, channel_id=1, started=start_game("9th", (1, 2)), actor=1
    )
    await games.append(db, game.id, 1, [scored()])
    with pytest.raises(Conflict):
        await games.append(db, game.id, 1, [scored(), ENDED])
    found = await games.load_game(db, game.id)
    assert found is not None and found.status == "active"
    assert await games.last_seq(db, game.id) == 2


async def test_a_transaction_left_open_is_rolled_back_when_its_connection_returns(
    db: PostgresDatabase,
) -> None:
    async with db._connection() as conn:
        await conn.execute("BEGIN")
        await conn.execute("INSERT INTO meta (key, value) VALUES ('left', 'open')")
    # The same (only) connection serves the next statement, outside any transaction.
    assert await get_meta(db, "left") is None
    async with db._connection() as conn:
        assert not conn.is_in_transaction()

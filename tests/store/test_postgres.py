"""PostgreSQL with two pools on one database, as two Vox processes: the server's rules pick one
winner of every race; start-up refuses a database Vox cannot use, in one sentence."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager

import asyncpg
import pytest

from bot.game import start_game
from bot.game.events import GameEnded, VictoryPointsScored
from bot.store import games
from bot.store.connect import open_database
from bot.store.database import Database, UnusableDatabase, migrations
from bot.store.errors import Closed, Conflict, Duplicate
from bot.store.postgres import PostgresDatabase
from tests import pg

ALICE, BOB = 101, 202


@asynccontextmanager
async def two_pools(url: str) -> AsyncIterator[tuple[Database, Database]]:
    async with await open_database(url) as one, await open_database(url) as other:
        yield one, other


async def new_game(db: Database, channel: int = 10) -> games.GameRecord:
    started = start_game("9th", (ALICE, BOB))
    return await games.create_game(db, guild_id=1, channel_id=channel, started=started, actor=1)


async def outcome(attempt: Awaitable[object]) -> str:
    """ "won", or the name of the store error the attempt raised."""
    try:
        await attempt
    except (Conflict, Closed, Duplicate) as refused:
        return type(refused).__name__
    return "won"


async def test_50_appends_at_the_same_seq_through_two_pools_one_wins(
    migrated_postgres_url: str,
) -> None:
    async with two_pools(migrated_postgres_url) as pools:
        game = await new_game(pools[0])
        scored = [VictoryPointsScored(player=ALICE, amount=i) for i in range(50)]
        attempts = [games.append(pools[i % 2], game.id, 1, [vp]) for i, vp in enumerate(scored)]
        results = await asyncio.gather(*map(outcome, attempts))
        assert sorted(set(results)) == ["Conflict", "won"] and results.count("won") == 1
        [_, won] = await games.load_events(pools[1], game.id)
        assert won.seq == 2 and won.event == scored[results.index("won")]


async def test_games_started_together_in_one_channel_leave_one_active(
    migrated_postgres_url: str,
) -> None:
    async with two_pools(migrated_postgres_url) as pools:
        results = await asyncio.gather(*(outcome(new_game(pools[i % 2])) for i in range(20)))
        assert results.count("won") == 1 and results.count("Duplicate") == 19
        [(active,)] = await pools[0].fetch(
            "SELECT count(*) FROM games WHERE channel_id = 10 AND status = 'active'"
        )
        assert active == 1


async def test_an_ending_append_racing_another_leaves_the_game_consistent(
    migrated_postgres_url: str,
) -> None:
    """Over many games: whichever wins, the game is ended exactly when its log ends it, and an
    append after the end is refused as closed."""
    ending = GameEnded(winner=None, reason="conceded")
    scored = VictoryPointsScored(player=ALICE, amount=1)
    async with two_pools(migrated_postgres_url) as (one, other):
        for channel in range(30):
            game = await new_game(one, channel)
            attempts = [
                outcome(games.append(one, game.id, 1, [ending])),
                outcome(games.append(other, game.id, 1, [scored])),
            ]
            first = channel % 2  # each sent first in turn
            results = await asyncio.gather(attempts[first], attempts[1 - first])
            end, score = results[first], results[1 - first]
            # One wins; the other conflicts, or finds the game closed if the end came first.
            assert (end, score) in {("won", "Conflict"), ("won", "Closed"), ("Conflict", "won")}
            log = await games.load_events(other, game.id)
            record = await games.load_game(other, game.id)
            assert record is not None
            assert (record.status == "ended") == (log[-1].event == ending)
            late = await outcome(games.append(other, game.id, len(log), [scored]))
            assert late == ("Closed" if record.status == "ended" else "won")


async def test_two_pools_migrating_at_once_apply_each_migration_once(postgres_url: str) -> None:
    unchecked = [
        PostgresDatabase(
            await asyncpg.create_pool(postgres_url, min_size=1, max_size=2), postgres_url
        )
        for _ in range(2)
    ]
    try:
        versions = await asyncio.gather(*(db.migrate() for db in unchecked))
        newest = len(migrations("postgresql"))
        assert versions == [newest, newest]
        applied = await unchecked[0].fetch("SELECT number FROM schema_migrations ORDER BY number")
        assert [n for (n,) in applied] == list(range(1, newest + 1))
    finally:
        for db in unchecked:
            await db.close()


async def refusal(url: str, *, migrate: bool = False) -> str:
    with pytest.raises(UnusableDatabase) as refused:
        await open_database(url, migrate=migrate)
    text = str(refused.value)
    assert text.startswith("DATABASE_URL (") and text.endswith(".") and "\n" not in text
    return text


async def test_an_unmigrated_database_is_refused_until_migrated(postgres_url: str) -> None:
    text = await refusal(postgres_url)
    assert f"has schema 0 and this Vox needs {len(migrations('postgresql'))}" in text
    assert "run `python -m bot migrate` once, then start Vox" in text
    async with await open_database(postgres_url, migrate=True):
        pass
    async with await open_database(postgres_url) as db:  # now it opens as it is
        assert await db.schema_version() == len(migrations("postgresql"))


async def test_another_application_s_database_is_refused_and_left_alone(postgres_url: str) -> None:
    conn = await asyncpg.connect(postgres_url)
    try:
        await conn.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
        for migrate in (False, True):
            text = await refusal(postgres_url, migrate=migrate)
            assert "holds another application's tables; point it at an empty database" in text
        tables = await conn.fetch("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")
        assert [t["tablename"] for t in tables] == ["users"]
    finally:
        await conn.close()


async def test_a_newer_vox_s_database_is_refused(migrated_postgres_url: str) -> None:
    newest = len(migrations("postgresql"))
    async with await open_database(migrated_postgres_url) as db:
        await db.execute(
            "INSERT INTO schema_migrations (number, name, applied_at) VALUES (?, 'later', 'now')",
            (newest + 1,),
        )
    for migrate in (False, True):
        text = await refusal(migrated_postgres_url, migrate=migrate)
        assert f"was written by a newer Vox (schema {newest + 1}; this one knows up to " in text


Where = Callable[[pg.Server], str]


@pytest.mark.parametrize(
    ("address", "problem"),
    [
        (lambda s: s.url("no_such_database"), 'database "no_such_database" does not exist'),
        (lambda s: s.url().replace("?host=", "?port=1&host="), "cannot be used"),
        (lambda s: s.url().replace("vox@", "nobody@"), 'role "nobody" does not exist'),
    ],
    ids=["wrong database", "nobody listening", "unknown user"],
)
async def test_a_server_vox_cannot_use_is_one_sentence_without_the_password(
    postgres: pg.Server, address: Where, problem: str
) -> None:
    url = address(postgres).replace("@", ":hunter2@", 1)
    text = await refusal(url)
    assert "hunter2" not in text and ":***@" in text
    assert problem in text
    assert text.endswith(
        "check the address, the user and the password, and that the server is running."
    )

"""Games per channel and their logs: one active game per channel, optimistic appends."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from bot.game import choose_first_player, fold, next_phase, start_game
from bot.game.events import CommandPointsGained, GameEnded, VictoryPointsScored
from bot.store import games
from bot.store.connect import open_database
from bot.store.database import Database
from bot.store.errors import Closed, Conflict, Duplicate, Missing
from bot.store.sqlite import SqliteDatabase

ALICE, BOB = 101, 202
AT = "2024-06-01T18:00:00.000Z"


async def new_game(store: Database, channel: int = 10) -> games.GameRecord:
    started = start_game("9th", (ALICE, BOB))
    return await games.create_game(
        store, guild_id=1, channel_id=channel, started=started, actor=ALICE, at=AT
    )


def vp(amount: int = 1) -> VictoryPointsScored:
    return VictoryPointsScored(player=ALICE, amount=amount)


async def test_a_new_game_is_the_channels_active_game_and_its_log_starts(
    store: Database,
) -> None:
    game = await new_game(store)
    assert await games.active_game(store, 10) == game
    assert await games.active_game(store, 11) is None
    (first,) = await games.load_events(store, game.id)
    assert (first.seq, first.actor, first.at, first.event.kind) == (1, ALICE, AT, "game_started")


async def test_the_unique_active_game_per_channel(store: Database) -> None:
    game = await new_game(store)
    with pytest.raises(Duplicate, match="channel 10 has an active game"):
        await new_game(store)
    await new_game(store, channel=11)  # another channel is fine
    assert await games.end_game(store, game.id)
    again = await new_game(store)  # once ended, a new one may start
    assert again.id != game.id


async def test_append_numbers_events_after_the_expected_seq(store: Database) -> None:
    game = await new_game(store)
    recorded = await games.append(store, game.id, 1, [vp(), vp(2)], actor=BOB, at=AT)
    assert [r.seq for r in recorded] == [2, 3]
    assert await games.load_events(store, game.id, after=1) == recorded


async def test_an_append_at_a_stale_seq_is_a_conflict(store: Database) -> None:
    game = await new_game(store)
    await games.append(store, game.id, 1, [vp()])
    with pytest.raises(Conflict) as caught:
        await games.append(store, game.id, 1, [vp(), vp()])
    assert (caught.value.expected, caught.value.actual) == (1, 2)
    with pytest.raises(Conflict):  # ahead of the log is refused too: no gaps
        await games.append(store, game.id, 5, [vp()])
    assert await games.last_seq(store, game.id) == 2


async def test_100_concurrent_appends_at_the_same_seq_exactly_one_wins(
    store: Database, store_target: str
) -> None:
    """Through four connections (four processes, say): the database picks the one winner."""
    game = await new_game(store)
    connections = [await open_database(store_target) for _ in range(4)]
    try:

        async def attempt(i: int) -> bool:
            try:
                await games.append(connections[i % 4], game.id, 1, [vp(i + 1), vp()])
            except Conflict:
                return False
            return True

        results = await asyncio.gather(*(attempt(i) for i in range(100)))
        assert results.count(True) == 1
        log = await games.load_events(store, game.id)
        assert [r.seq for r in log] == [1, 2, 3]
    finally:
        for conn in connections:
            await conn.close()


async def test_two_next_phase_clicks_advance_the_game_once(store: Database) -> None:
    game = await new_game(store)
    state = fold(await games.load_events(store, game.id))
    await games.append(store, game.id, state.seq, choose_first_player(state, ALICE))

    both_read = asyncio.Barrier(2)  # the clicks land together: each reads before either writes

    async def click() -> str:
        state = fold(await games.load_events(store, game.id))
        await both_read.wait()
        try:
            await games.append(store, game.id, state.seq, next_phase(state))
        except Conflict:
            return "conflict"
        return "advanced"

    assert sorted(await asyncio.gather(click(), click())) == ["advanced", "conflict"]
    phase = fold(await games.load_events(store, game.id)).phase
    assert phase is not None
    assert phase.key == "movement"


async def test_game_ended_event_flips_status_and_stops_appends(store: Database) -> None:
    game = await new_game(store)
    await games.append(store, game.id, 1, [GameEnded(winner=None, reason="conceded")])
    assert (await games.load_game(store, game.id)).status == "ended"  # type: ignore[union-attr]
    assert await games.active_game(store, 10) is None
    with pytest.raises(Closed, match="takes no more events"):
        await games.append(store, game.id, 2, [vp()])
    with pytest.raises(Missing):
        await games.append(store, 999, 0, [vp()])
    assert not await games.end_game(store, game.id)


async def test_events_survive_reopening_the_database(store: Database, store_target: str) -> None:
    game = await new_game(store)
    gained = CommandPointsGained(player=BOB, amount=2, reason="Secondary")
    written = await games.append(store, game.id, 1, [gained], actor=BOB, at=AT)
    await store.close()
    async with await open_database(store_target) as reopened:
        assert await games.active_game(reopened, 10) == game
        log = await games.load_events(reopened, game.id)
        assert log[1:] == written
        assert fold(log).cp == {ALICE: 0, BOB: 2}


async def test_a_sqlite_file_passes_its_integrity_checks_after_a_game(tmp_path: Path) -> None:
    async with await SqliteDatabase.open_path(tmp_path / "vox.sqlite3") as db:
        game = await new_game(db)
        await games.append(db, game.id, 1, [vp(), GameEnded(winner=None, reason="conceded")])
        async with db.conn.execute("PRAGMA integrity_check") as cur:
            assert await cur.fetchone() == ("ok",)
        async with db.conn.execute("PRAGMA foreign_key_check") as cur:
            assert await cur.fetchall() == []


async def test_payloads_are_json_without_the_kind(store: Database) -> None:
    game = await new_game(store)
    await games.append(store, game.id, 1, [vp(3)])
    [(kind, payload)] = await store.fetch("SELECT kind, payload FROM events WHERE seq = 2")
    assert kind == "vp_scored"
    assert json.loads(payload)["amount"] == 3 and "kind" not in json.loads(payload)


async def test_append_refuses_empty_batches(store: Database) -> None:
    game = await new_game(store)
    with pytest.raises(ValueError, match="1 to"):
        await games.append(store, game.id, 1, [])

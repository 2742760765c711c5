"""The channel's latest game, active or ended (what /game status, log and summary read): in the
store, and through the tracker, which keeps a finished game so reading it again folds nothing."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from bot import tracker as tracker_module
from bot.game import GameState, Recorded, choose_first_player, end_game, start_game
from bot.store import games, snapshots
from bot.store.database import Database
from bot.store.sqlite import SqliteDatabase
from bot.tracker import Tracker

ALICE, BOB = 101, 202
CHANNEL, OTHER = 10, 11


async def started(tracker: Tracker, channel: int = CHANNEL) -> int:
    table = await tracker.start(1, channel, start_game("9th", (ALICE, BOB)), ALICE)
    await tracker.act(channel, ALICE, lambda s: choose_first_player(s, ALICE))
    return table.record.id


def no_fold(log: Sequence[Recorded]) -> GameState:
    raise AssertionError(f"folded {len(log)} events")


def no_apply(state: GameState, entry: Recorded) -> GameState:
    raise AssertionError(f"applied event {entry.seq}")


async def test_the_latest_game_is_the_active_one_else_the_last_ended(store: Database) -> None:
    tracker = Tracker(store)
    assert await games.latest_game(store, CHANNEL) is None
    first = await started(tracker)
    await started(tracker, OTHER)  # another channel's game is not this one's
    assert (await games.latest_game(store, CHANNEL)).id == first  # type: ignore[union-attr]
    await tracker.act(CHANNEL, ALICE, lambda s: end_game(s))
    ended = await games.latest_game(store, CHANNEL)
    assert ended is not None and (ended.id, ended.status) == (first, "ended")
    assert await games.active_game(store, CHANNEL) is None
    second = await started(tracker)
    newest = await games.latest_game(store, CHANNEL)
    assert newest is not None and (newest.id, newest.status) == (second, "active")


async def test_the_tracker_reads_a_finished_game_in_one_statement_without_folding(
    sqlite_store: SqliteDatabase, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Counted with SQLite's trace callback (each statement is a wait on its connection)."""
    db = sqlite_store
    tracker = Tracker(db)
    game_id = await started(tracker)
    await tracker.act(CHANNEL, ALICE, lambda s: end_game(s, winner=BOB))
    assert await tracker.table(CHANNEL) is None  # no active game
    monkeypatch.setattr(tracker, "model", replace(tracker.model, fold=no_fold, apply=no_apply))
    sent: list[str] = []
    await db.conn.set_trace_callback(sent.append)
    try:
        latest = await tracker.latest(CHANNEL)
    finally:
        await db.conn.set_trace_callback(None)  # type: ignore[arg-type]
    assert latest is not None and latest.record.id == game_id
    assert (latest.record.status, latest.state.status, latest.state.winner) == (
        "ended",
        "ended",
        BOB,
    )
    assert len(sent) == 1  # and nothing folded or applied


async def test_a_new_process_reads_the_finished_game_once_then_keeps_it(store: Database) -> None:
    await started(Tracker(store))
    await Tracker(store).act(CHANNEL, ALICE, lambda s: end_game(s))
    fresh = Tracker(store)
    first = await fresh.latest(CHANNEL)
    again = await fresh.latest(CHANNEL)
    assert first is not None and again is first  # the same cached game, nothing new read


async def test_a_finished_game_loaded_from_its_snapshot_still_says_how_it_ended(
    store: Database,
) -> None:
    """A snapshot taken at the end holds no GameEnded among the events after it: the review
    reads the whole log once for the result."""
    from bot.play import review

    tracker = Tracker(store)
    await started(tracker)
    await tracker.act(CHANNEL, BOB, lambda s: end_game(s, conceded=ALICE))
    table = await tracker.latest(CHANNEL)
    assert table is not None
    await snapshots.save(store, "game", table.record.id, table.state)

    class Restarted:
        def __init__(self) -> None:
            self.tracker = Tracker(store)

    services = Restarted()
    loaded = await services.tracker.latest(CHANNEL)
    assert loaded is not None and (loaded.since, loaded.events) == (table.state.seq, ())
    shown = await review.status(services, CHANNEL)  # type: ignore[arg-type]
    assert shown.ended is not None and (shown.ended.winner, shown.ended.conceded) == (BOB, ALICE)


async def test_round_summaries_are_kept_per_game_state(store: Database) -> None:
    tracker = Tracker(store)
    await started(tracker)
    await tracker.act(CHANNEL, ALICE, lambda s: end_game(s))
    table = await tracker.latest(CHANNEL)
    assert table is not None
    first = await tracker.round_summary(table, 1)
    assert await tracker.round_summary(table, 1) is first
    assert len(tracker._summaries) <= tracker_module.SUMMARIES_KEPT

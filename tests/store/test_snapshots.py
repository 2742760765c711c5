"""Snapshots and the write path: a state loaded from a snapshot, kept from appends or read after
another process appended is exactly the fold of the log; a snapshot that does not fit is ignored."""

from __future__ import annotations

import asyncio
import functools
import os
import pickle

import pytest

from bot import campaign
from bot.campaign.events import RequisitionChanged
from bot.chronicle import Chronicle
from bot.game import damage, fold, gain_cp, profile, spend_cp, start_game, undo
from bot.game.army import add_unit
from bot.game.events import Recorded
from bot.game.flow import choose_first_player
from bot.game.state import GameState
from bot.rules.dice import Dice
from bot.store import campaigns, games, snapshots
from bot.store.connect import open_database
from bot.store.database import Database
from bot.tracker import Tracker

ALICE, BOB = 101, 202
EVERY = 25  # a snapshot every 25 events here (the bot's is larger)


@pytest.fixture
def db(store: Database, monkeypatch: pytest.MonkeyPatch) -> Database:
    """The store on each backend, snapshotting every EVERY events."""
    monkeypatch.setattr(snapshots, "EVERY", EVERY)
    return store


def constant(event: campaign.Event, state: campaign.CampaignState) -> list[campaign.Event]:
    return [event]


async def play(tracker: Tracker, channel: int, actions: int) -> None:
    """A game with units, damage, CP and undos (so the undo history is in the snapshot)."""
    started = start_game("9th", (ALICE, BOB))
    await tracker.start(1, channel, started, ALICE)
    await tracker.act(channel, ALICE, lambda s: choose_first_player(s, ALICE))
    for i in range(3):
        shape = profile(name=f"Squad {i}", models=10, wounds=2)
        await tracker.act(channel, ALICE, functools.partial(add_unit, owner=BOB, new=shape))
    for i in range(actions):
        if i % 7 == 6:
            await tracker.act(channel, ALICE, undo)
        elif i % 3 == 0:
            hit = functools.partial(damage, name=f"Squad {i % 3}", amounts=[1])
            await tracker.act(channel, ALICE, hit)
        elif i % 3 == 1 and (await tracker.require(channel)).state.cp[ALICE] > 0:
            await tracker.act(channel, ALICE, lambda s: spend_cp(s, ALICE, 1))
        else:
            await tracker.act(channel, ALICE, lambda s: gain_cp(s, ALICE, 1))


async def whole_log(db: Database, channel: int) -> list[Recorded]:
    record = await games.active_game(db, channel)
    assert record is not None
    return await games.load_events(db, record.id)


async def test_a_restart_loads_the_snapshot_and_the_events_after_it_exactly(
    db: Database,
) -> None:
    first = Tracker(db)
    await play(first, 10, 3 * EVERY + 4)
    await first.flush()
    log = await whole_log(db, 10)
    restarted = Tracker(db)
    table = await restarted.require(10)
    assert 0 < table.since < len(log)  # from a snapshot, not the whole log
    assert table.state == fold(log)
    assert await restarted.history(table) == tuple(log)
    await restarted.act(10, ALICE, undo)  # an undo reaching into the snapshot's history
    await restarted.act(10, ALICE, lambda s: gain_cp(s, BOB, 2))
    after = await restarted.require(10)
    assert after.state == fold(await whole_log(db, 10))


async def test_every_snapshot_written_equals_the_fold_up_to_its_seq(db: Database) -> None:
    tracker = Tracker(db)
    await play(tracker, 10, 2 * EVERY)
    await tracker.flush()
    record = await games.active_game(db, 10)
    assert record is not None
    state = await snapshots.load(db, "game", record.id, GameState)
    assert state is not None
    assert state == fold(await games.load_events(db, record.id, until=state.seq))


@pytest.mark.parametrize("damage_it", ["garbage", "format", "foreign class", "wrong seq"])
async def test_a_snapshot_that_does_not_fit_is_ignored_and_the_log_folded(
    db: Database, damage_it: str
) -> None:
    playing = Tracker(db)
    await play(playing, 10, 2 * EVERY)
    record = await games.active_game(db, 10)
    assert record is not None
    loading = Tracker(db)
    await loading.require(10)  # folds and snapshots
    await playing.flush()  # no snapshot still being saved may overwrite the damage below
    await loading.flush()
    change: tuple[str, tuple[object, ...]] = {
        "garbage": ("UPDATE game_snapshots SET state = ?", (b"\x00\xff\x00",)),
        "format": ("UPDATE game_snapshots SET format = '0:old'", ()),
        "foreign class": ("UPDATE game_snapshots SET state = ?", (pickle.dumps(os.getcwd),)),
        "wrong seq": ("UPDATE game_snapshots SET seq = seq + 1", ()),
    }[damage_it]
    assert await db.execute(*change) == 1
    assert await snapshots.load(db, "game", record.id, GameState) is None
    table = await Tracker(db).require(10)
    assert table.since == 0
    assert table.state == fold(await whole_log(db, 10))


async def test_the_cached_state_after_a_burst_equals_a_fresh_fold(db: Database) -> None:
    """Appends are applied to the cache without reading back: many channels at once stay exact."""
    tracker = Tracker(db)
    await asyncio.gather(*(play(tracker, channel, 20) for channel in range(20, 30)))
    for channel in range(20, 30):
        table = await tracker.require(channel)
        log = await whole_log(db, channel)
        assert table.state == fold(log)
        assert table.events == tuple(log)


async def test_an_append_by_another_process_is_read_before_deciding_again(
    db: Database, store_target: str
) -> None:
    """Two trackers, each with its own connection to one database (two processes): the stale one
    conflicts, reloads, decides again."""
    async with await open_database(store_target) as elsewhere:
        one, other = Tracker(db), Tracker(elsewhere)
        await play(one, 10, 5)
        stale = (await other.require(10)).state  # cached now
        await one.act(10, ALICE, lambda s: gain_cp(s, ALICE, 3))
        outcome = await other.act(10, BOB, lambda s: gain_cp(s, BOB, s.cp[ALICE]))
        assert outcome.before.cp[ALICE] == stale.cp[ALICE] + 3  # decided on the fresh state
        log = await whole_log(db, 10)
        assert outcome.state == fold(log)
        assert outcome.appended[0].seq == len(log)
        assert (await one.require(10)).state == fold(log)


async def test_a_campaign_restarts_from_its_snapshot_and_an_undo_into_it_refolds(
    db: Database,
) -> None:
    created = campaign.create_campaign("Vigilus", "10th", guild=1, creator=ALICE)
    record = await campaigns.create_campaign(db, 1, created, actor=ALICE)
    chronicle = Chronicle(db, Dice())
    await chronicle.act(record.id, ALICE, lambda s: campaign.join(s, ALICE))
    for i in range(3 * EVERY):
        change = RequisitionChanged(player=ALICE, amount=1 if i % 2 == 0 else -1)
        await chronicle.act(record.id, ALICE, functools.partial(constant, change))
    await chronicle.flush()
    restarted = Chronicle(db, Dice())
    book = await restarted.load(record)
    log = await campaigns.load_events(db, record.id)
    assert 0 < book.since < len(log)
    assert book.state == campaign.fold(log)
    assert await restarted.history(book) == tuple(log)
    for _ in range(EVERY + 3):  # undo walks back past the snapshot: the whole log is folded
        book = await restarted.act(record.id, ALICE, campaign.undo)
    log = await campaigns.load_events(db, record.id)
    assert book.state == campaign.fold(log)
    assert (await Chronicle(db, Dice()).load(record)).state == book.state

"""How many SQL statements one action sends to SQLite (each is a wait on the connection's thread).

Counted with the connection's trace callback, after the game or campaign is in the ledger's cache:
what a busy table pays per click. The core's share (the ledgers and the store) is asserted here;
the whole /attack and Next-phase paths through the command harness are counted too.
"""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.campaign import add_rp
from bot.chronicle import Chronicle
from bot.game import damage, next_phase, profile, start_game
from bot.game.army import add_unit
from bot.game.flow import choose_first_player
from bot.rules.dice import Dice, ScriptedDice
from bot.store.sqlite import SqliteDatabase
from bot.tracker import Tracker
from tests.cogs.test_attack_in_game import RIFLE, table
from tests.harness import ALICE, BOB, CHANNEL_ID, Harness

CHANNEL = 7
T = TypeVar("T")


@pytest.fixture
def db(sqlite_store: SqliteDatabase) -> SqliteDatabase:
    """SQLite's: its trace callback counts the statements."""
    return sqlite_store


async def traced(db: SqliteDatabase, action: Callable[[], Awaitable[T]]) -> tuple[T, list[str]]:
    """What `action` returned and the statements it sent, in order."""
    sent: list[str] = []
    await db.conn.set_trace_callback(sent.append)
    try:
        result = await action()
    finally:
        await db.conn.set_trace_callback(None)  # type: ignore[arg-type]  # None stops tracing
    return result, [" ".join(s.split())[:60] for s in sent]


async def playing(db: SqliteDatabase) -> Tracker:
    tracker = Tracker(db)
    await tracker.start(1, CHANNEL, start_game("9th", (ALICE.id, BOB.id)), ALICE.id)
    await tracker.act(CHANNEL, ALICE.id, lambda s: choose_first_player(s, ALICE.id))
    shape = profile(name="Boyz", models=10, wounds=1, keywords=["INFANTRY"])
    await tracker.act(CHANNEL, BOB.id, lambda s: add_unit(s, BOB.id, shape))
    return tracker


async def test_next_phase_through_the_tracker(db: SqliteDatabase) -> None:
    tracker = await playing(db)
    outcome, sent = await traced(db, lambda: tracker.act(CHANNEL, ALICE.id, next_phase))
    assert outcome.state.phase_index == outcome.before.phase_index + 1
    assert len(sent) <= 3, sent  # BEGIN IMMEDIATE, the guarded INSERT, COMMIT


async def test_a_tracked_attacks_append_through_the_tracker(db: SqliteDatabase) -> None:
    tracker = await playing(db)
    outcome, sent = await traced(
        db,
        lambda: tracker.act(CHANNEL, ALICE.id, lambda s: damage(s, "Boyz", [1, 1])),
    )
    assert outcome.appended
    assert len(sent) <= 3, sent


async def test_a_campaign_act_through_the_chronicle(db: SqliteDatabase) -> None:
    chronicle = Chronicle(db, Dice(random.Random(1)))
    book = await chronicle.create(1, "Vigilus", "10th", ALICE.id)
    after, sent = await traced(
        db,
        lambda: chronicle.act(
            book.record.id, ALICE.id, lambda s: add_rp(s, ALICE.id, 1, actor=ALICE.id, admin=True)
        ),
    )
    assert after.state.seq == book.state.seq + 1
    assert len(sent) <= 3, sent


async def count_in_harness(h: Harness, action: Callable[[], Awaitable[Any]]) -> list[str]:
    _, sent = await traced(h.sqlite, action)
    return sent


async def test_the_whole_attack_and_next_phase_through_the_commands(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 6, 2, 3])) as h:
        await table(h)
        prompt = [s for s in h.sent if "Next phase" in str(s.message)][-1]  # the Shooting phase
        attack = await count_in_harness(h, lambda: h.slash("attack", **RIFLE))
        nxt = prompt.button("Next phase")["custom_id"]
        clicked = await count_in_harness(h, lambda: h.click(nxt, on=prompt))
        await h.bot.tracker.require(CHANNEL_ID)
    # Today: the channel's game read once per read the command makes (one statement each while
    # it is cached), then the append's three.
    assert len(attack) <= 6, attack
    assert len(clicked) <= 5, clicked

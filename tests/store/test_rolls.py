"""Rolls kept for the "Re-roll failed" button: for 7 days, deleted in batches, bounded in size."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.rules.dice import Dice, ScriptedDice
from bot.rules.notation import MAX_DICE, parse
from bot.rules.pools import PoolRoll, Reroll, parse_target, roll_pool
from bot.store import rolls
from bot.store.database import Database
from bot.store.rolls import (
    EXPIRE_BATCH,
    MAX_PAYLOAD,
    ROLL_KEPT_FOR,
    RollExpired,
    expire_rolls,
    load_roll,
    save_roll,
)
from bot.store.sqlite import SqliteDatabase
from bot.store.streams import stamp
from tests.harness import Harness

OLD = "2000-01-01T00:00:00.000Z"


def pool() -> PoolRoll:
    return roll_pool(parse("3D6"), parse_target("4+"), ScriptedDice([1, 2, 6]))


async def age(db: Database, roll_id: int, created_at: str) -> None:
    await db.execute("UPDATE rolls SET created_at = ? WHERE id = ?", (created_at, roll_id))


async def count(db: Database) -> int:
    [(found,)] = await db.fetch("SELECT count(*) FROM rolls")
    return int(found)


def test_rolls_are_kept_seven_days() -> None:
    assert ROLL_KEPT_FOR.days == 7 and ROLL_KEPT_FOR.seconds == 0


async def test_a_roll_older_than_seven_days_is_expired(store: Database) -> None:
    roll_id = await save_roll(store, 1, 2, pool(), "Bolter hits")
    assert roll_id is not None
    assert (await load_roll(store, roll_id)) is not None
    await age(store, roll_id, stamp(datetime.now(UTC) - timedelta(days=6, hours=23)))
    assert (await load_roll(store, roll_id)) is not None
    await age(store, roll_id, OLD)
    with pytest.raises(RollExpired):
        await load_roll(store, roll_id)


async def test_saving_deletes_expired_rolls_a_batch_at_a_time(store: Database) -> None:
    async with store.transaction() as tx:
        await tx.executemany(
            "INSERT INTO rolls (owner_id, payload, created_at) VALUES (1, 'old', ?)",
            [(OLD,)] * (EXPIRE_BATCH + 50),
        )
    kept = await save_roll(store, 1, 2, pool(), None)
    assert await count(store) == 50 + 1
    await save_roll(store, 1, 2, pool(), None)
    assert await count(store) == 2
    assert kept is not None and await load_roll(store, kept) is not None
    assert await expire_rolls(store) == 0


async def test_a_deleted_expired_roll_is_still_known_as_expired(store: Database) -> None:
    roll_id = await save_roll(store, 1, 2, pool(), None)
    assert roll_id is not None
    await age(store, roll_id, OLD)
    assert await expire_rolls(store) == 1 and await count(store) == 0
    with pytest.raises(RollExpired):
        await load_roll(store, roll_id)
    assert await load_roll(store, roll_id + 1) is None  # never handed out


async def test_expired_rolls_are_found_by_an_index(sqlite_store: SqliteDatabase) -> None:
    async with sqlite_store.conn.execute(
        "EXPLAIN QUERY PLAN SELECT id FROM rolls WHERE created_at < ? ORDER BY created_at", (OLD,)
    ) as cur:
        plan = " ".join(str(row[-1]) for row in await cur.fetchall())
    assert "rolls_by_created_at" in plan


async def test_the_largest_roll_that_roll_allows_fits_the_bound() -> None:
    expression = f"{MAX_DICE}D1000" + "+1" * 45  # 99 characters, the option's limit is 100
    largest = roll_pool(
        parse(expression), parse_target("1000+"), Dice(random.Random(1)), Reroll.ALL
    )
    assert len(rolls._encode(largest, "x" * 100)) <= MAX_PAYLOAD


async def test_a_roll_too_big_to_keep_is_not_stored(
    store: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rolls, "MAX_PAYLOAD", len(rolls._encode(pool(), None)) - 1)
    assert await save_roll(store, 1, 2, pool(), None) is None
    assert await count(store) == 0


# --- through the real /roll command and its button ---


async def test_an_expired_roll_s_button_says_so_in_one_sentence(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1, 1, 1])) as h:
        [reply] = await h.slash("roll", dice="2D6", target="4+")
        custom_id = reply.button("Re-roll failed")["custom_id"]
        roll_id = int(custom_id.split(":")[2])  # vox:reroll:<kept roll>:<Roll again key>
        await age(h.sqlite, roll_id, OLD)
        [old] = await h.click(custom_id, on=reply)
        assert old.ephemeral and old.content == "That roll is more than 7 days old; roll again."
        await h.slash("roll", dice="2D6", target="4+")  # saving another deletes the old one
        assert await count(h.sqlite) == 1
        [gone] = await h.click(custom_id, on=reply)
    assert gone.ephemeral and gone.content == "That roll is more than 7 days old; roll again."


async def test_a_roll_too_big_to_keep_is_shown_without_a_re_roll_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rolls, "MAX_PAYLOAD", 10)
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1])) as h:
        [reply] = await h.slash("roll", dice="2D6", target="4+")
        assert reply.field("Successes") == "**0** of 2"
        assert [b["label"] for b in reply.buttons] == ["Roll again"]  # no Re-roll failed
        assert await count(h.sqlite) == 0

"""The roll log in the store: rows read back whole, pages by id, face sums, a game's rolls, the
Roll again key, and pruning a channel to its newest rows."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.store import roll_log
from bot.store.database import Database
from bot.store.errors import Constraint
from bot.store.roll_log import RollEntry, add_roll, face_counts, game_rolls, load_again, page

CHANNEL, ELSEWHERE = 5, 6
ALICE, BOB = 1, 2
D6 = (1, 0, 2, 0, 0, 3)


def entry(what: str, **changes: Any) -> RollEntry:
    return replace(
        RollEntry(CHANNEL, ALICE, "Alice", "/roll", what, "done", d6=D6, dice=6), **changes
    )


async def test_a_roll_is_read_back_as_it_was_saved(store: Database) -> None:
    saved = entry("6D6", label="Bolter hits", again="6D6 4+", again_key=2**62, game_id=7,
                  game_seq=12, game_action=True, secret=True)  # fmt: skip
    roll_id = await add_roll(store, saved, at="2025-06-15T10:00:00.000Z")
    logged = await roll_log.load_roll(store, roll_id)
    assert logged is not None and logged.entry == saved
    assert logged.at == datetime(2025, 6, 15, 10, tzinfo=UTC)
    assert await load_again(store, 2**62) == logged  # Discord's ids need 64 bits
    assert await roll_log.load_roll(store, roll_id + 1) is None


async def test_a_roll_again_key_names_one_row(store: Database) -> None:
    await add_roll(store, entry("D6", again_key=99))
    with pytest.raises(Constraint):
        await add_roll(store, entry("D6 again", again_key=99))
    await add_roll(store, entry("no button"))  # rows without a key do not clash
    await add_roll(store, entry("no button either"))


async def test_pages_go_by_id_and_leave_out_secret_rolls_and_other_channels(
    store: Database,
) -> None:
    ids = [await add_roll(store, entry(f"roll {n}")) for n in range(12)]
    await add_roll(store, entry("hidden", secret=True))
    await add_roll(store, entry("there", channel_id=ELSEWHERE))
    newest = await page(store, CHANNEL, limit=5)
    assert [r.id for r in newest] == ids[::-1][:5]
    older = await page(store, CHANNEL, before=newest[-1].id, limit=5)
    assert [r.id for r in older] == ids[::-1][5:10]
    assert [r.id for r in await page(store, CHANNEL, after=older[0].id, limit=5)] == ids[7:12][::-1]


async def test_face_counts_sum_public_rolls_since_a_moment_by_a_member(store: Database) -> None:
    await add_roll(store, entry("old"), at="2025-01-01T00:00:00.000Z")
    await add_roll(store, entry("new"), at="2025-06-01T00:00:00.000Z")
    await add_roll(store, entry("Bob's", user_id=BOB), at="2025-06-02T00:00:00.000Z")
    await add_roll(store, entry("secret", secret=True))
    assert await face_counts(store, CHANNEL) == (3, 0, 6, 0, 0, 9)
    june = datetime(2025, 6, 1, tzinfo=UTC)
    assert await face_counts(store, CHANNEL, since=june) == (2, 0, 4, 0, 0, 6)
    assert await face_counts(store, CHANNEL, since=june, user_id=BOB) == D6
    assert await face_counts(store, ELSEWHERE) == (0, 0, 0, 0, 0, 0)


async def test_a_game_s_rolls_are_its_public_non_action_rolls_oldest_first(
    store: Database,
) -> None:
    made = [await add_roll(store, entry(f"roll {n}", game_id=3)) for n in range(4)]
    await add_roll(store, entry("recorded as an event", game_id=3, game_action=True))
    await add_roll(store, entry("secret", game_id=3, secret=True))
    await add_roll(store, entry("another game", game_id=4))
    assert [r.id for r in await game_rolls(store, 3)] == made
    assert [r.id for r in await game_rolls(store, 3, limit=2)] == made[2:]


async def test_a_channel_is_pruned_to_its_newest_rolls(
    store: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(roll_log, "PRUNE_EVERY", 8)
    monkeypatch.setattr(roll_log, "KEPT_PER_CHANNEL", 5)
    monkeypatch.setattr(roll_log, "PRUNE_BATCH", 100)
    await add_roll(store, entry("there", channel_id=ELSEWHERE))
    ids = [await add_roll(store, entry(f"roll {n}")) for n in range(7)]  # ids 2…8: 8 prunes
    assert ids[-1] == 8
    kept = await page(store, CHANNEL, limit=20)
    assert [r.id for r in kept] == ids[::-1][:5]
    assert len(await page(store, ELSEWHERE)) == 1  # another channel's rolls are its own

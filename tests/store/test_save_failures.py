"""A write the database refuses (locked, full, read-only, failing disk) is one sentence, in time."""

from __future__ import annotations

import sqlite3
import time

import pytest

from bot.store.failures import DatabaseBusy, failure_kind, save_failure
from bot.store.sqlite import BUSY_TIMEOUT_MS, LOCK_WAIT_S
from bot.ui.replies import DEFER_AFTER, user_sentence
from tests.harness import BOB, Harness, Sent

DEADLINE = 2.5  # seconds: well inside Discord's 3 s for the first response
LOCKED = (
    "Vox could not save that; nothing was changed: the database is busy, so try again in a moment."
)


async def games(h: Harness) -> int:
    async with h.sqlite.conn.execute("SELECT count(*) FROM games") as cur:
        row = await cur.fetchone()
    assert row is not None
    return int(row[0])


async def start_game(h: Harness) -> tuple[Sent, float]:
    began = time.monotonic()
    [reply] = await h.slash("game start", opponent=BOB, first="me")
    return reply, time.monotonic() - began


def test_waiting_for_the_lock_and_for_sqlite_together_fit_discord_s_deadline() -> None:
    assert LOCK_WAIT_S + BUSY_TIMEOUT_MS / 1000 <= DEADLINE
    assert BUSY_TIMEOUT_MS / 1000 < DEFER_AFTER


async def test_a_database_locked_by_another_program_answers_in_time_and_changes_nothing(
    harness: Harness,
) -> None:
    other = sqlite3.connect(harness.db_path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        reply, took = await start_game(harness)
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert reply.callback_type == 4 and reply.ephemeral
    assert reply.content == LOCKED
    assert took < DEADLINE
    assert await games(harness) == 0
    [prompt] = await harness.slash("game start", opponent=BOB, first="me")  # and then it works
    assert not prompt.ephemeral and await games(harness) == 1


async def test_a_wait_for_vox_s_own_connection_is_bounded_too(harness: Harness) -> None:
    async with harness.sqlite.lock:  # e.g. a long statement ahead in the queue
        reply, took = await start_game(harness)
    assert reply.ephemeral and reply.content == LOCKED
    assert LOCK_WAIT_S <= took < DEADLINE
    assert await games(harness) == 0


async def test_a_full_disk_is_one_sentence_saying_nothing_was_changed(harness: Harness) -> None:
    db = harness.sqlite
    async with db.conn.execute("PRAGMA page_count") as cur:
        pages = (await cur.fetchone())[0]  # type: ignore[index]
    await db.conn.execute(f"PRAGMA max_page_count = {pages}")  # as if the disk were full
    [reply] = await harness.slash("roll", dice="500D6", target="7+")  # stores ~4 KB: new pages
    assert reply.ephemeral
    assert reply.content == (
        "Vox could not save that; nothing was changed: the disk is full, so ask whoever runs "
        "Vox to free some space."
    )
    async with db.conn.execute("SELECT count(*) FROM rolls") as cur:
        assert (await cur.fetchone())[0] == 0  # type: ignore[index]


async def test_a_read_only_database_is_one_sentence_saying_nothing_was_changed(
    harness: Harness,
) -> None:
    await harness.sqlite.conn.execute("PRAGMA query_only = 1")
    reply, _ = await start_game(harness)
    assert reply.ephemeral
    assert reply.content == (
        "Vox could not save that; nothing was changed: its database is read-only, so ask "
        "whoever runs Vox to make DATABASE_PATH writable."
    )
    await harness.sqlite.conn.execute("PRAGMA query_only = 0")
    assert await games(harness) == 0


@pytest.mark.parametrize(
    ("message", "kind"),
    [
        ("database is locked", "locked"),
        ("database table is locked", "locked"),
        ("database or disk is full", "full"),
        ("attempt to write a readonly database", "readonly"),
        ("disk I/O error", "io"),
        ("no such table: rolls", None),
    ],
)
def test_sqlite_refusals_are_recognised_by_their_message(message: str, kind: str | None) -> None:
    assert failure_kind(sqlite3.OperationalError(message)) == kind


def test_a_refusal_inside_a_command_error_gets_its_sentence_and_a_bug_does_not() -> None:
    wrapped = RuntimeError("command failed")
    wrapped.__cause__ = DatabaseBusy()
    assert user_sentence(wrapped) == LOCKED
    assert save_failure(sqlite3.IntegrityError("UNIQUE constraint failed")) is None
    assert save_failure(ValueError("database is locked")) is None
    assert user_sentence(sqlite3.OperationalError("disk I/O error")) == (
        "Vox could not save that; nothing was changed: the disk reported an error, so ask "
        "whoever runs Vox to check it."
    )

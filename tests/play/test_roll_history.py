"""bot/play/roll_history.py: a channel's public rolls a page at a time (keyset on the roll's id),
face counts since a day, and the bounds of `since`."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import cast

import pytest

from bot.errors import VoxError
from bot.play.roll_history import PAGE, history, since_date, stats
from bot.play.services import Services
from bot.store.connect import open_database
from bot.store.database import Database
from bot.store.roll_log import RollEntry, add_roll

CHANNEL, ELSEWHERE = 5, 6
ALICE, BOB = 1, 2
TODAY = date(2025, 6, 15)


@dataclass
class Table:
    """The one service reading the log uses (`Services` asks for more)."""

    db: Database


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Services]:
    async with await open_database(tmp_path / "vox.sqlite3") as db:
        yield cast(Services, Table(db))


def entry(n: int, *, user: int = ALICE, channel: int = CHANNEL, secret: bool = False,
          d6: tuple[int, int, int, int, int, int] = (1, 0, 0, 0, 0, 0)) -> RollEntry:  # fmt: skip
    return RollEntry(channel, user, "Alice", "/roll", f"roll {n}", "done", d6=d6, dice=sum(d6),
                     secret=secret)  # fmt: skip


async def rolls(services: Services, count: int) -> list[int]:
    return [await add_roll(services.db, entry(n)) for n in range(count)]


async def test_history_shows_the_newest_page_first(table: Services) -> None:
    ids = await rolls(table, 25)
    page = await history(table, CHANNEL)
    assert [r.id for r in page.rolls] == ids[::-1][:PAGE]
    assert not page.newer and page.older


async def test_paging_older_then_newer_comes_back_to_the_same_page(table: Services) -> None:
    ids = await rolls(table, 25)
    second = await history(table, CHANNEL, before=ids[15])
    assert [r.id for r in second.rolls] == ids[5:15][::-1] and second.newer and second.older
    last = await history(table, CHANNEL, before=ids[5])
    assert [r.id for r in last.rolls] == ids[:5][::-1] and last.newer and not last.older
    back = await history(table, CHANNEL, after=ids[4])
    assert [r.id for r in back.rolls] == ids[5:15][::-1]


async def test_paging_newer_near_the_top_shows_the_newest_page_not_a_short_one(
    table: Services,
) -> None:
    ids = await rolls(table, 25)
    page = await history(table, CHANNEL, after=ids[18])  # only 6 newer
    assert [r.id for r in page.rolls] == ids[::-1][:PAGE] and not page.newer


async def test_a_page_keeps_its_place_while_new_rolls_arrive(table: Services) -> None:
    ids = await rolls(table, 25)
    more = await rolls(table, 3)
    page = await history(table, CHANNEL, before=ids[15])
    assert [r.id for r in page.rolls] == ids[5:15][::-1]
    assert (await history(table, CHANNEL)).rolls[0].id == more[-1]


async def test_history_never_shows_secret_rolls_or_another_channels(table: Services) -> None:
    shown = await add_roll(table.db, entry(1))
    await add_roll(table.db, entry(2, secret=True))
    await add_roll(table.db, entry(3, channel=ELSEWHERE))
    page = await history(table, CHANNEL)
    assert [r.id for r in page.rolls] == [shown]
    assert not page.newer and not page.older


async def test_an_empty_channel_has_an_empty_page(table: Services) -> None:
    page = await history(table, CHANNEL)
    assert page.rolls == () and not page.newer and not page.older


async def test_an_anchor_with_nothing_left_past_it_shows_the_newest_page(table: Services) -> None:
    ids = await rolls(table, 3)
    page = await history(table, CHANNEL, before=ids[0])  # its older rolls were pruned, say
    assert [r.id for r in page.rolls] == ids[::-1]


async def test_stats_count_the_channels_public_faces_by_member_and_since(table: Services) -> None:
    db = table.db
    await add_roll(db, entry(1, d6=(1, 2, 3, 4, 5, 6)), at="2025-03-01T10:00:00.000Z")
    await add_roll(db, entry(2, user=BOB, d6=(6, 0, 0, 0, 0, 0)), at="2025-03-02T00:00:00.000Z")
    await add_roll(db, entry(3, secret=True, d6=(9, 9, 9, 9, 9, 9)))
    await add_roll(db, entry(4, channel=ELSEWHERE, d6=(9, 9, 9, 9, 9, 9)))
    assert (await stats(table, CHANNEL)).counts == (7, 2, 3, 4, 5, 6)
    assert (await stats(table, CHANNEL, user_id=BOB)).counts == (6, 0, 0, 0, 0, 0)
    since = await stats(table, CHANNEL, since=date(2025, 3, 2))  # from midnight UTC on
    assert since.counts == (6, 0, 0, 0, 0, 0)


@pytest.mark.parametrize(
    ("typed", "day"),
    [("2025-03-14", date(2025, 3, 14)), ("2025-3-4", date(2025, 3, 4)),
     (" 2015-01-01 ", date(2015, 1, 1)), ("2025-06-15", TODAY)],
)  # fmt: skip
def test_since_takes_a_day_from_2015_to_today(typed: str, day: date) -> None:
    assert since_date(typed, TODAY) == day


@pytest.mark.parametrize(
    ("typed", "sentence"),
    [
        ("2025-02-30", "2025-02-30 is not a date on the calendar"),
        ("2025-13-01", "2025-13-01 is not a date on the calendar"),
        ("2025-06-16", "since can't be in the future: pick 2025-06-15 or earlier."),
        ("2014-12-31", "Vox has no rolls from before 2015: pick 2015-01-01 or later."),
        ("14/03/2025", "Give since as year-month-day, like 2025-03-14."),
        ("20250314", "Give since as year-month-day, like 2025-03-14."),
        ("2025-03-14" * 200, "Give since as year-month-day, like 2025-03-14."),
    ],
)
def test_since_outside_its_bounds_is_one_sentence(typed: str, sentence: str) -> None:
    with pytest.raises(VoxError) as refused:
        since_date(typed, TODAY)
    assert str(refused.value).startswith(sentence)

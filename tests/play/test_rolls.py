"""bot/play/rolls.py: a pool with failed dice is kept and re-rolled once, only by its roller; every
roll names itself for the roll log with the text Roll again rolls, and Roll again rolls it for
whoever asks."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import pytest

from bot.errors import NotAllowed, NotFound, Stale
from bot.play.actor import Actor
from bot.play.rolls import reroll_failed, roll, roll_again
from bot.play.services import Services
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction
from bot.rules.pools import PoolRoll
from bot.rules.roll_spec import parse_spec
from bot.store import roll_log
from bot.store.roll_log import RollEntry
from bot.store.sqlite import SqliteDatabase
from bot.tally import TalliedDice, tallying
from bot.tracker import Tracker

ROLLER, OTHER = Actor(user_id=1, channel_id=5), Actor(user_id=2, channel_id=5)


@dataclass
class Table:
    """The services a roll uses (`Services` asks for more; these use cases need only these)."""

    db: SqliteDatabase
    tracker: Tracker
    scripted: ScriptedDice = field(default_factory=lambda: ScriptedDice([]))

    @property
    def dice(self) -> TalliedDice:
        return TalliedDice(self.scripted)


def services(table: Table) -> Services:
    return cast(Services, table)


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with await SqliteDatabase.open_path(tmp_path / "vox.sqlite3") as db:
        yield Table(db, Tracker(db))


async def kept_pool(table: Table, faces: list[int]) -> int:
    table.scripted = ScriptedDice(faces)
    done = await roll(services(table), ROLLER, parse_spec("3D6 4+"), label="Bolters")
    assert done.kept is not None
    return done.kept


async def test_a_total_or_a_pool_without_failures_is_not_kept(table: Table) -> None:
    table.scripted = ScriptedDice([2, 3, 4, 5, 6])
    total = await roll(services(table), ROLLER, parse_spec("2D6"))
    pool = await roll(services(table), ROLLER, parse_spec("3D6 4+"))
    assert total.kept is None and not isinstance(total.roll.sets[0], PoolRoll)
    assert pool.kept is None and isinstance(pool.roll.sets[0], PoolRoll)


async def test_repeated_pools_are_not_kept_for_the_re_roll_button(table: Table) -> None:
    table.scripted = ScriptedDice([1, 1, 1, 1])
    done = await roll(services(table), ROLLER, parse_spec("2x 2D6 4+"))
    assert done.kept is None


async def test_a_roll_names_itself_for_the_log_and_offers_its_text_again(table: Table) -> None:
    table.scripted = ScriptedDice([1, 6, 6, 3])
    with tallying() as tally:
        await roll(services(table), ROLLER, parse_spec("4D6 4+"), label="Bolters", secret=True)
    assert (tally.what, tally.result, tally.again, tally.label, tally.secret) == (
        "4D6 4+",
        "2 successes of 4",
        "4D6 4+",
        "Bolters",
        True,
    )
    assert (tally.d6, tally.dice) == ([1, 0, 1, 0, 0, 2], 4)


async def logged(table: Table, key: int, text: str, label: str | None, secret: bool) -> None:
    """The row /roll's answer `key` left in the roll log."""
    entry = RollEntry(
        5, 1, "Alice", "/roll", text, "7", label=label, again=text, again_key=key, secret=secret
    )
    await roll_log.add_roll(table.db, entry)


async def test_roll_again_rolls_the_same_text_under_its_label_for_whoever_asks(
    table: Table,
) -> None:
    await logged(table, 77, "2D6", "Charge", secret=False)
    table.scripted = ScriptedDice([6, 5])
    with tallying() as tally:
        again = await roll_again(services(table), OTHER, 77)
    assert again.roll.spec.text == "2D6" and again.label == "Charge" and not again.secret
    assert again.roll.sets[0].total == 11  # type: ignore[union-attr]
    assert (tally.again, tally.label) == ("2D6", "Charge")


async def test_roll_again_of_a_secret_roll_stays_secret(table: Table) -> None:
    await logged(table, 78, "D6", None, secret=True)
    table.scripted = ScriptedDice([3])
    again = await roll_again(services(table), ROLLER, 78)
    assert again.secret


async def test_roll_again_of_a_roll_no_longer_logged_is_one_sentence(table: Table) -> None:
    table.scripted = ScriptedDice([])
    with pytest.raises(NotFound, match="no longer kept; type it again with /roll"):
        await roll_again(services(table), ROLLER, 999)
    assert table.scripted.remaining == 0


async def test_a_kept_pool_is_re_rolled_once_with_its_label(table: Table) -> None:
    kept = await kept_pool(table, [1, 2, 6])
    table.scripted = ScriptedDice([5, 4])
    done = await reroll_failed(services(table), ROLLER, kept)
    assert done.label == "Bolters" and done.pool.successes == 3
    with pytest.raises(IllegalAction, match="never re-rolled twice"):
        await reroll_failed(services(table), ROLLER, kept)


async def test_only_the_roller_may_re_roll_and_no_die_is_rolled_first(table: Table) -> None:
    kept = await kept_pool(table, [1, 2, 6])
    table.scripted = ScriptedDice([5, 4])
    with pytest.raises(NotAllowed, match="Only the player who rolled"):
        await reroll_failed(services(table), OTHER, kept)
    assert table.scripted.remaining == 2


async def test_an_expired_roll_is_stale_and_an_unknown_one_not_found(table: Table) -> None:
    kept = await kept_pool(table, [1, 2, 6])
    await table.db.conn.execute(
        "UPDATE rolls SET created_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", (kept,)
    )
    with pytest.raises(Stale, match="days old"):
        await reroll_failed(services(table), ROLLER, kept)
    with pytest.raises(NotFound, match="no longer kept"):
        await reroll_failed(services(table), ROLLER, kept + 1)

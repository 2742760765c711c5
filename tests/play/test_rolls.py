"""bot/play/rolls.py: a pool with failed dice is kept and re-rolled once, only by its roller."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import cast

import pytest

from bot.errors import NotAllowed, NotFound, Stale
from bot.play.actor import Actor
from bot.play.rolls import reroll_failed, roll
from bot.play.services import Services
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction
from bot.rules.notation import parse
from bot.rules.pools import PoolRoll, parse_target
from bot.store.database import Database

ROLLER, OTHER = Actor(user_id=1, channel_id=5), Actor(user_id=2, channel_id=5)


@dataclass
class Table:
    """The two services a roll uses (`Services` asks for more; these use cases need only these)."""

    db: Database
    dice: ScriptedDice = field(default_factory=lambda: ScriptedDice([]))


def services(table: Table) -> Services:
    return cast(Services, table)


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with await Database.open(tmp_path / "vox.sqlite3") as db:
        yield Table(db)


async def kept_pool(table: Table, faces: list[int]) -> int:
    table.dice = ScriptedDice(faces)
    done = await roll(services(table), ROLLER, parse("3D6"), parse_target("4+"), label="Bolters")
    assert done.kept is not None
    return done.kept


async def test_a_total_or_a_pool_without_failures_is_not_kept(table: Table) -> None:
    table.dice = ScriptedDice([2, 3, 4, 5, 6])
    total = await roll(services(table), ROLLER, parse("2D6"))
    pool = await roll(services(table), ROLLER, parse("3D6"), parse_target("4+"))
    assert total.kept is None and not isinstance(total.roll, PoolRoll)
    assert pool.kept is None and isinstance(pool.roll, PoolRoll)


async def test_a_kept_pool_is_re_rolled_once_with_its_label(table: Table) -> None:
    kept = await kept_pool(table, [1, 2, 6])
    table.dice = ScriptedDice([5, 4])
    done = await reroll_failed(services(table), ROLLER, kept)
    assert done.label == "Bolters" and done.pool.successes == 3
    with pytest.raises(IllegalAction, match="never re-rolled twice"):
        await reroll_failed(services(table), ROLLER, kept)


async def test_only_the_roller_may_re_roll_and_no_die_is_rolled_first(table: Table) -> None:
    kept = await kept_pool(table, [1, 2, 6])
    table.dice = ScriptedDice([5, 4])
    with pytest.raises(NotAllowed, match="Only the player who rolled"):
        await reroll_failed(services(table), OTHER, kept)
    assert table.dice.remaining == 2


async def test_an_expired_roll_is_stale_and_an_unknown_one_not_found(table: Table) -> None:
    kept = await kept_pool(table, [1, 2, 6])
    await table.db.conn.execute(
        "UPDATE rolls SET created_at = '2000-01-01T00:00:00.000Z' WHERE id = ?", (kept,)
    )
    with pytest.raises(Stale, match="days old"):
        await reroll_failed(services(table), ROLLER, kept)
    with pytest.raises(NotFound, match="no longer kept"):
        await reroll_failed(services(table), ROLLER, kept + 1)

"""The army store: one row per army, unique by name per owner, written whole."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.armies.model import Army, ArmyUnit
from bot.store import armies
from bot.store.connect import open_database
from bot.store.database import Database
from bot.store.errors import Duplicate, Missing

ALICE, BOB = 101, 202


def army(name: str) -> Army:
    return Army(name=name, edition="10th", source="vox-army", units=(ArmyUnit(name="Squad"),))


@pytest.fixture
async def db(tmp_path: Path) -> AsyncIterator[Database]:
    async with await open_database(tmp_path / "vox.sqlite3") as opened:
        yield opened


async def test_an_army_is_stored_whole_and_found_by_name_in_any_case(db: Database) -> None:
    saved = await armies.save(db, ALICE, army("Hammer of Ultramar"))
    found = await armies.find(db, ALICE, "hammer of ULTRAMAR")
    assert found is not None and found.id == saved.id
    assert found.army == army("Hammer of Ultramar")
    assert await armies.find(db, BOB, "Hammer of Ultramar") is None  # armies are their owner's


async def test_a_clashing_name_is_refused_unless_replacing(db: Database) -> None:
    first = await armies.save(db, ALICE, army("Hammer"))
    with pytest.raises(Duplicate):
        await armies.save(db, ALICE, army("HAMMER"))
    await armies.save(db, BOB, army("Hammer"))  # another player's name is free
    replaced = await armies.save(db, ALICE, army("HAMMER"), replace=True)
    assert (replaced.id, replaced.name, replaced.created_at) == (
        first.id,
        "HAMMER",
        first.created_at,
    )
    assert await armies.count(db, ALICE) == 1


async def test_rename_list_and_remove(db: Database) -> None:
    await armies.save(db, ALICE, army("Beta"))
    await armies.save(db, ALICE, army("Alpha"))
    assert await armies.names(db, ALICE) == ["Alpha", "Beta"]
    assert await armies.names(db, ALICE, "b") == ["Beta"]
    renamed = await armies.rename(db, ALICE, "beta", army("Gamma"))
    assert renamed.army.name == "Gamma"
    with pytest.raises(Duplicate):
        await armies.rename(db, ALICE, "Gamma", army("Alpha"))
    with pytest.raises(Missing):
        await armies.rename(db, ALICE, "Nothing", army("Delta"))
    assert [a.name for a in await armies.every(db, ALICE)] == ["Gamma", "Alpha"]
    assert await armies.remove(db, ALICE, "alpha") and not await armies.remove(db, ALICE, "alpha")

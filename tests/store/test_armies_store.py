"""The army store: one row per army, unique by name per owner, written whole."""

from __future__ import annotations

import pytest

from bot.armies.model import Army, ArmyUnit
from bot.store import armies
from bot.store.database import Database
from bot.store.errors import Duplicate, Missing

ALICE, BOB = 101, 202


def army(name: str) -> Army:
    return Army(name=name, edition="10th", source="vox-army", units=(ArmyUnit(name="Squad"),))


async def test_an_army_is_stored_whole_and_found_by_name_in_any_case(store: Database) -> None:
    saved = await armies.save(store, ALICE, army("Hammer of Ultramar"))
    found = await armies.find(store, ALICE, "hammer of ULTRAMAR")
    assert found is not None and found.id == saved.id
    assert found.army == army("Hammer of Ultramar")
    assert await armies.find(store, BOB, "Hammer of Ultramar") is None  # armies are their owner's


async def test_a_clashing_name_is_refused_unless_replacing(store: Database) -> None:
    first = await armies.save(store, ALICE, army("Hammer"))
    with pytest.raises(Duplicate):
        await armies.save(store, ALICE, army("HAMMER"))
    await armies.save(store, BOB, army("Hammer"))  # another player's name is free
    replaced = await armies.save(store, ALICE, army("HAMMER"), replace=True)
    assert (replaced.id, replaced.name, replaced.created_at) == (
        first.id,
        "HAMMER",
        first.created_at,
    )
    assert await armies.count(store, ALICE) == 1


async def test_rename_list_and_remove(store: Database) -> None:
    await armies.save(store, ALICE, army("Beta"))
    await armies.save(store, ALICE, army("Alpha"))
    assert await armies.names(store, ALICE) == ["Alpha", "Beta"]
    assert await armies.names(store, ALICE, "b") == ["Beta"]
    renamed = await armies.rename(store, ALICE, "beta", army("Gamma"))
    assert renamed.army.name == "Gamma"
    with pytest.raises(Duplicate):
        await armies.rename(store, ALICE, "Gamma", army("Alpha"))
    with pytest.raises(Missing):
        await armies.rename(store, ALICE, "Nothing", army("Delta"))
    assert [a.name for a in await armies.every(store, ALICE)] == ["Gamma", "Alpha"]
    assert await armies.remove(store, ALICE, "alpha") and not await armies.remove(
        store, ALICE, "alpha"
    )

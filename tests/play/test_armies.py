"""The army use cases (bot/play/armies.py, bot/play/army_field.py): sizes and counts checked
before a download, the file read off the event loop with the player's known units, a clash
stores nothing, and /game field asks who is acting before anything else."""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.armies import files
from bot.armies.limits import MAX_UPLOAD
from bot.armies.model import Army, ArmyUnit
from bot.errors import BadFile, NotAllowed, VoxError
from bot.game import GameState
from bot.game.units import NAME_LENGTH
from bot.play import armies
from bot.play.actor import Actor
from bot.play.armies import Upload, numbered
from bot.play.army_field import field, free_name
from bot.play.campaign_armies import Refreshed
from bot.rules.dice import ScriptedDice
from bot.store import armies as store
from tests.armies.roster_files import ARMY_10TH
from tests.harness import ALICE, BOB, CHANNEL_ID, DAVE, Harness

ALICE_ACTS = Actor(ALICE.id, CHANNEL_ID)
DATA = ARMY_10TH.read_bytes()
LIST = Army.model_validate_json(DATA)


def upload(data: bytes = DATA, size: int | None = None) -> Upload:
    async def read() -> bytes:
        return data

    return Upload("ultramarines.json", len(data) if size is None else size, read)


async def never() -> bytes:
    raise AssertionError("downloaded")


async def test_a_big_file_is_refused_before_it_is_downloaded(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        with pytest.raises(BadFile, match="Vox reads army lists up to 2 MB"):
            await armies.import_army(
                h.bot, ALICE_ACTS, Upload("a.rosz", MAX_UPLOAD + 1, never), None
            )


async def test_the_file_is_read_off_the_event_loop_with_the_players_known_units(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[tuple[str, tuple[str, ...]]] = []
    real = files.read_upload

    def reading(
        data: bytes, filename: str, *, known: Sequence[ArmyUnit] = (), name: str | None = None
    ) -> Army:
        seen.append((threading.current_thread().name, tuple(u.name for u in known)))
        return real(data, filename, known=known, name=name)

    monkeypatch.setattr(files, "read_upload", reading)
    async with Harness.running(tmp_path) as h:
        await armies.import_army(h.bot, ALICE_ACTS, upload(), None)
        await armies.import_army(h.bot, ALICE_ACTS, upload(), "Again")
    main = threading.main_thread().name
    assert seen[0] == (seen[0][0], ()) and seen[0][0] != main
    # the units with profiles (one per name), not the one that has none
    assert seen[1][1] == ("Intercessor Squad", "Captain", "Hellblaster Squad")


async def test_a_clash_stores_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        first = await armies.import_army(h.bot, ALICE_ACTS, upload(), None)
        with pytest.raises(VoxError, match="already have an army called Ultramarines"):
            await armies.import_army(h.bot, ALICE_ACTS, upload(), "ULTRAMARINES")
        assert await store.count(h.bot.db, ALICE.id) == 1
        kept = await store.find(h.bot.db, ALICE.id, "Ultramarines")
    assert kept is not None and kept.army == first.army and not first.replaced


async def test_an_update_keeps_the_army_and_refreshes_its_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    refreshed: list[str] = []

    async def refresh(services: object, actor: Actor, guild: int | None, army: Army) -> Refreshed:
        refreshed.append(army.name)
        return Refreshed(updated=("Intercessor Squad", "Captain"))

    monkeypatch.setattr(armies, "refresh_report", refresh)
    async with Harness.running(tmp_path) as h:
        first = await armies.import_army(h.bot, ALICE_ACTS, upload(), None, update=True)
        second = await armies.import_army(h.bot, ALICE_ACTS, upload(), None, update=True)
    assert (first.replaced, first.cards) == (False, Refreshed())  # nothing to replace: a new army
    assert second.replaced and refreshed == ["Ultramarines"]
    assert second.cards.updated == ("Intercessor Squad", "Captain")
    assert second.stored.id == first.stored.id


async def test_field_asks_who_is_acting_before_reading_the_army(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await armies.import_army(h.bot, ALICE_ACTS, upload(), None)
        await h.slash("game start", opponent=BOB, first="me", edition="10th")
        with pytest.raises(NotAllowed):
            await field(h.bot, Actor(DAVE.id, CHANNEL_ID), "Ultramarines", None)
        done = await field(h.bot, ALICE_ACTS, "Ultramarines", "Captain")
    assert done.added == ("Captain",) and done.skipped == ()


def test_repeated_units_are_numbered_by_name() -> None:
    assert [n for n, _ in numbered(LIST.units)] == [
        "Intercessor Squad", "Captain", "Intercessor Squad 2", "Hellblaster Squad",
        "Redemptor Dreadnought",
    ]  # fmt: skip


def test_a_free_name_stays_within_the_name_length() -> None:
    assert free_name(GameState(), "x" * 80) == "x" * NAME_LENGTH

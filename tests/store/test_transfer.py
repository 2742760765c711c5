"""export-db / import-db: a database moves from SQLite to PostgreSQL and back row for row, ids
kept and id sequences moved past them; a file that is not what export-db wrote, or a database that
already holds Vox data, changes nothing."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from bot.campaign import create_campaign
from bot.game import fold, start_game
from bot.game.events import GameEnded, VictoryPointsScored
from bot.rules.dice import ScriptedDice
from bot.rules.notation import parse
from bot.rules.pools import parse_target, roll_pool
from bot.store import armies, campaigns, games, meta, roll_log, rolls, snapshots
from bot.store.connect import open_database
from bot.store.database import Database, migrations
from bot.store.exporter import export
from bot.store.importer import import_rows
from bot.store.postgres import PostgresDatabase
from bot.store.sqlite import SqliteDatabase
from bot.store.transfer import (
    DERIVED,
    TABLES,
    TransferRefused,
    from_value,
    read_header,
    to_line,
)
from bot.tracker import Tracker
from tests.store.test_armies_store import army

ROOT = Path(__file__).resolve().parents[2]
ALICE, BOB = 101, 202
AT = "2024-06-01T18:00:00.000Z"
OLD = "2000-01-01T00:00:00.000Z"


@pytest.fixture
async def postgres_db(migrated_postgres_url: str) -> AsyncIterator[Database]:
    """A migrated PostgreSQL database without Vox data (a copy of the run's template)."""
    async with await open_database(migrated_postgres_url) as db:
        yield db


@pytest.fixture
async def filled(tmp_path: Path) -> AsyncIterator[Database]:
    """A SQLite database with some of everything (`fill`), beside `sqlite`'s."""
    async with await open_database(tmp_path / "filled.sqlite3") as db:
        await fill(db)
        yield db


@pytest.fixture
def empty(store: Database) -> Database:
    """A migrated database without Vox data, of each kind (`store`, named for what it holds)."""
    return store


async def fill(db: Database) -> dict[str, Any]:
    """Some of everything Vox keeps, written through the repositories; what the checks need."""
    await meta.set_meta(db, "command_tree", "3f9a")
    await meta.set_meta(db, "motto", "Ünïcode and \"quotes\", 'too' ✓")
    ended = await games.create_game(db, guild_id=1, channel_id=10, actor=ALICE, at=AT,
                                    started=start_game("9th", (ALICE, BOB)))  # fmt: skip
    await games.append(db, ended.id, 1, [VictoryPointsScored(player=ALICE, amount=5)], actor=ALICE)
    await games.append(db, ended.id, 2, [GameEnded(winner=ALICE, reason="conceded", vp={ALICE: 5})])
    active = await games.create_game(db, guild_id=1, channel_id=10, actor=BOB, at=AT,
                                     started=start_game("10th", (BOB, ALICE)))  # fmt: skip
    for seq in range(1, 6):  # more events than a small batch, across two games' keys
        await games.append(db, active.id, seq, [VictoryPointsScored(player=BOB, amount=seq)])
    log = await games.load_events(db, active.id)
    await snapshots.save(db, "game", active.id, fold(log))  # derived: left out of the export
    created = create_campaign("Vigilus", "9th", guild=1, creator=ALICE)
    crusade = await campaigns.create_campaign(db, 1, created, actor=ALICE, at=AT)
    await campaigns.link_game(db, active.id, crusade.id)
    await armies.save(db, ALICE, army("Hammer of Ultramar"))
    await armies.save(db, BOB, army("Waaagh"))
    pool = roll_pool(parse("3D6"), parse_target("4+"), ScriptedDice([1, 2, 6]))
    kept = [await rolls.save_roll(db, ALICE, 10, pool, label) for label in ("a", None, "c")]
    await db.execute("UPDATE rolls SET created_at = ? WHERE id = ?", (OLD, kept[-1]))
    assert await rolls.expire_rolls(db) == 1  # the highest id is gone; it must stay used
    entries = [
        roll_log.RollEntry(10, ALICE, "Alice", "/roll", "3D6 4+", "1 success", dice=3,
                           d6=(1, 1, 0, 0, 0, 1), again="3D6 4+", again_key=987654321,
                           label="Bolter hits"),
        roll_log.RollEntry(10, BOB, "Bob", "Next phase", "2D6", "7", secret=True,
                           game_id=active.id, game_seq=3, game_action=True),
    ]  # fmt: skip
    logged = [await roll_log.add_roll(db, entry, at=AT) for entry in entries]
    return {"ended": ended, "active": active, "log": log, "campaign": crusade,
            "expired_roll": kept[-1], "logged": logged}  # fmt: skip


async def exported(db: Database, batch: int = 2) -> str:
    out = io.StringIO()
    await export(db, out, batch=batch)
    return out.getvalue()


async def imported(db: Database, text: str, batch: int = 2) -> dict[str, int]:
    first, *rest = text.splitlines(keepends=True)
    schema = read_header(first, "the file")
    lines = enumerate(rest, start=2)
    return await import_rows(db, lines, schema=schema, source="the file", target="the database",
                             batch=batch)  # fmt: skip


def tables(text: str) -> dict[str, tuple[list[str], list[list[Any]]]]:
    """Each table's columns and rows (sorted: the two databases may order text keys apart)."""
    found: dict[str, tuple[list[str], list[list[Any]]]] = {}
    current: list[list[Any]] = []
    for line in text.splitlines()[1:]:
        item = json.loads(line)
        if isinstance(item, list):
            current.append(item)
        elif "table" in item:
            current = []
            found[item["table"]] = (item["columns"], current)
    return {name: (cols, sorted(rows, key=repr)) for name, (cols, rows) in found.items()}


def end_line(text: str) -> dict[str, Any]:
    end: dict[str, Any] = json.loads(text.splitlines()[-1])["end"]
    return end


async def test_sqlite_to_postgresql_and_back_keeps_every_row(
    sqlite_store: Database, postgres_db: Database, tmp_path: Path
) -> None:
    await fill(sqlite_store)
    first = await exported(sqlite_store)
    assert json.loads(first.splitlines()[0])["left_out"] == list(DERIVED)
    assert all(n > 0 for n in end_line(first)["rows"].values())  # every table has rows
    assert await imported(postgres_db, first) == end_line(first)["rows"]
    second = await exported(postgres_db)
    assert tables(second) == tables(first)
    assert json.loads(second.splitlines()[0])["from"] == "postgresql"
    async with await open_database(tmp_path / "back.sqlite3") as back:
        await imported(back, second)
        assert await exported(back) == first  # the very same file, id sequences and all


async def test_the_postgresql_copy_carries_on_where_sqlite_left_off(
    sqlite_store: Database, postgres_db: Database
) -> None:
    made = await fill(sqlite_store)
    await imported(postgres_db, await exported(sqlite_store, batch=1_000), batch=1_000)
    assert await games.load_events(postgres_db, made["ended"].id) == await games.load_events(
        sqlite_store, made["ended"].id
    )
    table = await Tracker(postgres_db).require(10)  # no snapshot came along: the log is folded
    assert table.record.id == made["active"].id and table.state == fold(made["log"])
    assert await campaigns.campaign_for_game(postgres_db, made["active"].id) == made["campaign"]
    for db in (sqlite_store, postgres_db):  # each new row takes the next id: no collision, no reuse
        game = await games.create_game(db, guild_id=1, channel_id=11, actor=ALICE,
                                       started=start_game("9th", (ALICE, BOB)))  # fmt: skip
        assert game.id == made["active"].id + 1
        pool = roll_pool(parse("D6"), parse_target("4+"), ScriptedDice([4]))
        assert await rolls.save_roll(db, ALICE, 10, pool, None) == made["expired_roll"] + 1
        with pytest.raises(rolls.RollExpired):  # the expired roll still reads as expired
            await rolls.load_roll(db, made["expired_roll"])
        entry = roll_log.RollEntry(10, ALICE, "Alice", "/roll", "D6", "4")
        assert await roll_log.add_roll(db, entry) == made["logged"][-1] + 1
        assert (await armies.save(db, BOB, army("Deathskulls"))).id == 3
        assert (await roll_log.load_again(db, 987654321)) is not None


async def test_every_vox_table_is_exported_or_named_as_derived(
    sqlite_store: Database, postgres_db: Database
) -> None:
    named = {t.name for t in TABLES} | set(DERIVED)
    sqlite_tables = (
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    )
    found = {r[0] for r in await sqlite_store.fetch(sqlite_tables)}
    assert found == named
    pg_tables = "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()"
    assert {r[0] for r in await postgres_db.fetch(pg_tables)} == named | {"schema_migrations"}


async def test_the_export_reads_one_moment_while_the_bot_writes(empty: Database) -> None:
    assert isinstance(empty, PostgresDatabase | SqliteDatabase)
    other = await open_database(empty.url if isinstance(empty, PostgresDatabase) else empty.path)
    try:
        async with empty.reading() as reader:
            assert await reader.fetch("SELECT count(*) FROM games") == [(0,)]
            await games.create_game(other, guild_id=1, channel_id=10, actor=ALICE,
                                    started=start_game("9th", (ALICE, BOB)))  # fmt: skip
            assert await reader.fetch("SELECT count(*) FROM games") == [(0,)]
            assert await reader.fetch("SELECT count(*) FROM events") == [(0,)]
        assert await empty.fetch("SELECT count(*) FROM games") == [(1,)]
    finally:
        await other.close()


def lines_of(text: str) -> list[str]:
    return text.splitlines(keepends=True)


def edit_row(table: str, column: str, value: object) -> Edit:
    """An edit giving `column` of the table's first row `value`."""

    def edit(lines: list[str]) -> list[str]:
        start = next(i for i, line in enumerate(lines) if line.startswith(f'{{"table":"{table}"'))
        row = json.loads(lines[start + 1])
        row[json.loads(lines[start])["columns"].index(column)] = value
        return [*lines[: start + 1], to_line(row), *lines[start + 2 :]]

    return edit


Edit = Callable[[list[str]], list[str]]


def table_line(table: str, change: Callable[[dict[str, Any]], None]) -> Edit:
    """An edit changing the line that starts `table`."""

    def edit(lines: list[str]) -> list[str]:
        at = next(i for i, line in enumerate(lines) if line.startswith(f'{{"table":"{table}"'))
        item = json.loads(lines[at])
        change(item)
        return [*lines[:at], to_line(item), *lines[at + 1 :]]

    return edit


def end_rows(lines: list[str]) -> list[str]:
    end = json.loads(lines[-1])
    end["end"]["rows"]["games"] += 1
    return [*lines[:-1], to_line(end)]


def twice(table: str) -> Edit:
    def edit(lines: list[str]) -> list[str]:
        at = next(i for i, line in enumerate(lines) if line.startswith(f'{{"table":"{table}"'))
        return [*lines[: at + 1], lines[at + 1], *lines[at + 1 :]]

    return edit


BROKEN: dict[str, tuple[Edit, str]] = {
    "without its end line": (lambda ls: ls[:-1], "ends before export-db's last line"),
    "cut in the middle of a line": (
        lambda ls: [*ls[:-2], ls[-2][:5]], "is not what export-db writes (it is not JSON)"),
    "with a line after the end": (lambda ls: [*ls, "[1]\n"], "there is more after the end line"),
    "with a row before any table": (
        lambda ls: [ls[0], '["k","v"]\n', *ls[1:]], "(a row before any table)"),
    "with a line of another kind": (
        lambda ls: [ls[0], '{"what":1}\n', *ls[1:]], "neither a row, a table's start nor the end"),
    "with tables out of order": (
        table_line("games", lambda t: t.update(table="events")),
        "(table games was next, not 'events')"),
    "with a column this database lacks": (
        table_line("games", lambda t: t["columns"].__setitem__(1, "guild")),
        "(its columns are not those of this database's games)"),
    "with a value missing": (
        lambda ls: [*ls[:3], to_line(json.loads(ls[3])[:-1]), *ls[4:]], "(1 values for 2 columns)"),
    "with text for a number": (
        edit_row("games", "channel_id", "ten"), '(channel_id: "ten" is not a whole number)'),
    "with a list for a value": (edit_row("meta", "value", [1]), "(value: [1] is not text)"),
    "with a row twice": (twice("games"), "The database refused a row of games in lines"),
    "with a payload that is not JSON": (
        edit_row("events", "payload", "{not json"), "The database refused a row of events"),
    "with row counts that do not add up": (
        end_rows, "(its row counts are not those of the rows above it)"),
}  # fmt: skip


@pytest.mark.parametrize("case", list(BROKEN))
async def test_a_file_that_is_not_what_export_db_wrote_imports_nothing(
    filled: Database, empty: Database, case: str
) -> None:
    edit, problem = BROKEN[case]
    text = "".join(edit(lines_of(await exported(filled, batch=1_000))))
    with pytest.raises(TransferRefused) as refused:
        await imported(empty, text, batch=1_000)
    sentence = str(refused.value)
    assert problem in sentence and sentence.endswith("nothing was imported."), sentence
    assert "\n" not in sentence
    for name in (t.name for t in TABLES):
        assert await empty.fetch(f"SELECT count(*) FROM {name}") == [(0,)], name


async def test_a_database_holding_vox_data_takes_no_import(
    filled: Database, empty: Database
) -> None:
    text = await exported(filled)
    await meta.set_meta(empty, "command_tree", "mine")
    with pytest.raises(TransferRefused, match=r"already holds Vox data \(meta has rows\)"):
        await imported(empty, text)
    assert await empty.fetch("SELECT key, value FROM meta") == [("command_tree", "mine")]
    assert await empty.fetch("SELECT count(*) FROM games") == [(0,)]


async def test_a_file_of_another_schema_imports_nothing(filled: Database, empty: Database) -> None:
    first, *rest = lines_of(await exported(filled))
    with pytest.raises(TransferRefused) as refused:
        await import_rows(empty, enumerate(rest, start=2), schema=8, source="old.jsonl",
                          target="the database")  # fmt: skip
    assert str(refused.value).startswith(
        f"old.jsonl holds a database of schema 8 and the database is at schema "
        f"{json.loads(first)['schema']}; export and import with the same version of Vox"
    )


@pytest.mark.parametrize(
    ("first", "problem"),
    [
        ("", "is not a Vox database export"),
        ("not json", "is not a Vox database export"),
        ('["a list"]', "is not a Vox database export"),
        ('{"format": "someone-else", "version": 1, "schema": 9}', "is not a Vox database export"),
        ('{"format": "vox-database-export", "version": 2, "schema": 9}', "of format 2"),
        ('{"format": "vox-database-export", "version": 1}', "of format 1"),
    ],
)
def test_a_first_line_that_is_not_export_dbs_is_refused(first: str, problem: str) -> None:
    with pytest.raises(TransferRefused, match=problem):
        read_header(first, "in.jsonl")


@pytest.mark.parametrize("kind", [int, str, bytes])
def test_values_come_back_as_they_went(kind: type) -> None:
    value = {int: 2**62, str: "Ünïcode ✓", bytes: b"\x00\xffsnapshot"}[kind]
    (back,) = json.loads(to_line([value]))
    assert from_value(back, kind) == value
    assert from_value(None, kind) is None
    with pytest.raises(ValueError, match="is not"):
        from_value(True if kind is int else 5, kind)


def cli(cwd: Path, *args: str, **settings: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot ARGS` as a real process with only these settings."""
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), **settings}
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120, check=False)  # fmt: skip


async def test_the_commands_move_a_server_from_sqlite_to_postgresql(
    filled: Database, postgres_url: str, tmp_path: Path
) -> None:
    url = postgres_url  # empty: not even migrated
    on_pg = {"DATABASE_URL": url}
    refused = cli(tmp_path, **on_pg, DISCORD_TOKEN="x")  # the bot will not start on it
    assert refused.returncode == 2 and "run `python -m bot migrate` once" in refused.stderr
    assert refused.stderr.count("\n") == 1 and "Traceback" not in refused.stderr
    done = cli(tmp_path, "export-db", "vox.jsonl", DATABASE_PATH="filled.sqlite3")
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("Exported 22 rows of 9 tables from filled.sqlite3")
    newest = len(migrations("postgresql"))
    done = cli(tmp_path, "migrate", **on_pg)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"Database {url} is at schema {newest} (applied 0001-{newest:04d}).\n"
    done = cli(tmp_path, "import-db", "vox.jsonl", **on_pg)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == (
        f"Imported 22 rows of 9 tables from vox.jsonl into {url} (schema {newest}).\n"
    )
    done = cli(tmp_path, "import-db", "vox.jsonl", **on_pg)  # once only
    assert done.returncode == 2 and "already holds Vox data (meta has rows)" in done.stderr
    async with await open_database(url) as moved:
        assert tables(await exported(moved)) == tables(await exported(filled))


async def test_migrate_names_an_unreachable_server_without_its_password(tmp_path: Path) -> None:
    url = f"postgresql://vox:secret@/vox?host={tmp_path}"  # no server listens there
    done = cli(tmp_path, "migrate", DATABASE_URL=url)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.startswith("DATABASE_URL (postgresql://vox:***@/vox?host=")
    assert "secret" not in done.stderr and done.stderr.count("\n") == 1

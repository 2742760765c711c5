"""The numbered migrations make the same schema on SQLite and on PostgreSQL, step by step."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from bot.store import postgres, sqlite
from bot.store.connect import open_database
from bot.store.database import Dialect, Migration, migrations
from tests.store.schema import Table, describe, family


def bundled() -> list[str]:
    folder = resources.files("bot.store").joinpath("migrations")
    return sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".sql"))


def test_every_postgresql_migration_stands_for_a_shared_one_of_the_same_number_and_name() -> None:
    names = bundled()
    own = [n for n in names if n.endswith(".postgresql.sql")]
    assert own, "PostgreSQL has its own table-creating migrations"
    for name in own:
        assert name.removesuffix(".postgresql.sql") + ".sql" in names, name
    assert all(re.fullmatch(r"\d{4}_\w+?(\.postgresql)?\.sql", n) for n in names), names


def test_both_dialects_have_the_same_numbered_migrations() -> None:
    def steps(dialect: Dialect) -> list[tuple[int, str]]:
        return [(m.number, m.name) for m in migrations(dialect)]

    assert steps("sqlite") == steps("postgresql")
    assert [n for n, _ in steps("sqlite")] == list(range(1, len(migrations()) + 1))


@pytest.mark.parametrize(
    ("declared", "expected"),
    [("INTEGER", "integer"), ("bigint", "integer"), ("TEXT", "text"),
     ("character varying", "text"), ("BLOB", "bytes"), ("bytea", "bytes"), ("REAL", "real")],
)  # fmt: skip
def test_type_families(declared: str, expected: str) -> None:
    assert family(declared) == expected


async def test_each_migration_leaves_both_schemas_alike(
    tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Migration 1 on both, compared; then 2, compared; … to the last."""
    every: dict[Dialect, list[Migration]] = {d: migrations(d) for d in ("sqlite", "postgresql")}

    def up_to(count: int) -> None:
        for module in (sqlite, postgres):
            monkeypatch.setattr(module, "migrations", lambda d: every[d][:count])

    up_to(1)
    async with (
        await open_database(tmp_path / "vox.sqlite3") as lite,
        await open_database(postgres_url, migrate=True) as server,
    ):
        for count in range(1, len(every["sqlite"]) + 1):
            up_to(count)
            assert await lite.migrate() == await server.migrate() == count
            expected = await describe(lite)
            assert await describe(server) == expected, f"after migration {count}"
        assert set(expected) >= {"games", "events", "rolls", "roll_log", "armies", "meta"}


async def test_the_comparison_sees_a_difference(postgres_url: str, tmp_path: Path) -> None:
    """A column's type, a dropped rule and a missing index each make the schemas differ."""
    async with (
        await open_database(tmp_path / "vox.sqlite3") as lite,
        await open_database(postgres_url, migrate=True) as server,
    ):
        same = await describe(lite)
        assert await describe(server) == same
        await server.execute("ALTER TABLE armies ALTER COLUMN body TYPE BYTEA USING body::bytea")
        await server.execute("DROP INDEX roll_log_by_game")
        await server.execute("ALTER TABLE events DROP CONSTRAINT events_game_id_fkey")
        changed = await describe(server)
    assert ("body", "bytes", True) in changed["armies"].columns
    assert changed["roll_log"].indexes < same["roll_log"].indexes
    assert changed["events"] == Table(same["events"].columns, (), same["events"].indexes, set())

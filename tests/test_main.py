"""`python -m bot`: settings errors are one sentence and a status, never a traceback."""

from __future__ import annotations

import asyncio
import errno
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot import ops
from bot.__main__ import main
from bot.settings import Settings
from bot.store import exporter
from bot.store.connect import open_database
from bot.store.database import migrations
from bot.store.sqlite import APPLICATION_ID
from bot.store.transfer import TABLES, to_line
from tests.store import test_start_checks
from tests.store.start_cases import as_ordinary_user, damage, snapshot, vox_file
from tests.store.test_transfer import fill

ROOT = Path(__file__).resolve().parents[1]
shared_folder = test_start_checks.shared_folder  # a folder an ordinary user can reach


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "DEFAULT_EDITION",
                 "DISCORD_API_BASE", "DISCORD_GATEWAY_URL", "DICE_SEED",
                 "COMPUTE_WORKERS", "SHARD_COUNT", "SHARD_IDS", "DATABASE_URL",
                 "DATABASE_POOL_SIZE"):  # fmt: skip
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)  # no .env here


def test_missing_token_exits_2_with_one_sentence(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("DISCORD_TOKEN is not set")
    assert ".env" in err and "\n" not in err


def test_blank_token_counts_as_missing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "   ")
    assert main([]) == 2


def test_settings_are_read_from_dot_env(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=not-a-number\n")
    assert main([]) == 2
    assert capsys.readouterr().err.startswith("DEV_GUILD_ID (in .env or the environment)")


def test_empty_token_in_dot_env_counts_as_missing(tmp_path: Path) -> None:
    (tmp_path / ".env").write_text("DISCORD_TOKEN=\n")
    assert main([]) == 2


BAD_SETTINGS = [
    ("DATABASE_PATH", "  "),
    ("DEV_GUILD_ID", "abc"),
    ("DEV_GUILD_ID", "1.5"),
    ("DEV_GUILD_ID", "-5"),
    ("DEV_GUILD_ID", "0"),
    ("LOG_LEVEL", "LOUD"),
    ("LOG_LEVEL", " "),
    ("DEFAULT_EDITION", "8th"),
    ("DEFAULT_EDITION", "tenth"),
    ("DISCORD_API_BASE", "not-a-url"),
    ("DISCORD_API_BASE", "ftp://example.com/api"),
    ("DISCORD_API_BASE", "http://"),
    ("DISCORD_API_BASE", "http://example.com:port/api"),
    ("DISCORD_GATEWAY_URL", "not-a-url"),
    ("DISCORD_GATEWAY_URL", "https://gateway.discord.gg"),
    ("DISCORD_GATEWAY_URL", "wss://"),
    ("DICE_SEED", "-1"),
    ("DICE_SEED", "lucky"),
    ("DICE_SEED", "1e3"),
    ("DICE_SEED", str(2**63)),
    ("COMPUTE_WORKERS", "0"),
    ("COMPUTE_WORKERS", "33"),
    ("COMPUTE_WORKERS", "many"),
    ("COMPUTE_WORKERS", "1.5"),
    ("SHARD_COUNT", "0"),
    ("SHARD_COUNT", "4097"),
    ("SHARD_IDS", "0-3"),  # without SHARD_COUNT (tests/test_shards.py has the rest)
    ("DATABASE_URL", "mysql://vox@db/vox"),
    ("DATABASE_URL", "sqlite://"),
    ("DATABASE_URL", "data/vox.sqlite3"),  # a path belongs in DATABASE_PATH
    ("DATABASE_POOL_SIZE", "0"),
    ("DATABASE_POOL_SIZE", "101"),
    ("DATABASE_POOL_SIZE", "ten"),
]


@pytest.mark.parametrize(("name", "value"), BAD_SETTINGS)
def test_each_bad_setting_gets_one_clean_sentence(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str, value: str
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv(name, value)
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.endswith("\n") and err.count("\n") == 1, err
    sentence = err.strip()
    assert sentence.startswith(f"{name} (in .env or the environment) is not valid"), sentence
    assert sentence.endswith(".") and not sentence.endswith(".."), sentence
    for noise in ("Value error", "Input should", "Traceback", "pydantic", "None"):
        assert noise not in sentence, sentence
    if value.strip():
        assert repr(value.strip()) in sentence  # the value given, so the typo can be spotted


@pytest.mark.parametrize(
    ("value", "edition"), [("10TH", "10th"), (" 10th ", "10th"), ("9TH", "9th"), ("9th", "9th")]
)
def test_default_edition_accepts_any_case_and_spaces(
    monkeypatch: pytest.MonkeyPatch, value: str, edition: str
) -> None:
    monkeypatch.setenv("DEFAULT_EDITION", value)
    assert Settings(_env_file=None).default_edition == edition


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("LOG_LEVEL", " debug "),
        ("DISCORD_API_BASE", "http://127.0.0.1:8080/api/v10"),
        ("DISCORD_API_BASE", "HTTPS://discord.com/api/v10"),
        ("DISCORD_GATEWAY_URL", "wss://gateway.discord.gg"),
        ("DISCORD_GATEWAY_URL", "ws://[::1]:8080/gateway"),
        ("DEV_GUILD_ID", " "),
        ("COMPUTE_WORKERS", "4"),
        ("DATABASE_URL", "sqlite:///data/vox.sqlite3"),
        ("DATABASE_URL", "postgresql://vox:secret@127.0.0.1:5432/vox"),
        ("DATABASE_URL", "postgres://vox@db/vox"),
        ("DATABASE_URL", " "),
        ("DATABASE_POOL_SIZE", "1"),
        ("DATABASE_POOL_SIZE", "100"),
    ],
)
def test_good_settings_are_accepted(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    monkeypatch.setenv(name, value)
    Settings(_env_file=None)


def test_a_bad_database_url_is_named_without_its_password(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DATABASE_URL", "mysql://vox:hunter2@db/vox")
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "hunter2" not in err and "mysql://vox:***@db/vox" in err, err


def test_database_url_wins_over_database_path(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DATABASE_PATH", "other.sqlite3")
    assert Settings(_env_file=None).database == Path("other.sqlite3")
    monkeypatch.setenv("DATABASE_URL", "postgresql://vox@db/vox")
    assert Settings(_env_file=None).database == "postgresql://vox@db/vox"


def test_compute_workers_as_given(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COMPUTE_WORKERS", " 4 ")
    assert Settings(_env_file=None).workers == 4


@pytest.mark.parametrize("value", [None, "", "  "])
def test_compute_workers_default_to_one_per_core_less_one(
    monkeypatch: pytest.MonkeyPatch, value: str | None
) -> None:
    if value is not None:
        monkeypatch.setenv("COMPUTE_WORKERS", value)
    monkeypatch.setattr("os.cpu_count", lambda: 8)
    assert Settings(_env_file=None).workers == 7
    monkeypatch.setattr("os.cpu_count", lambda: 1)
    assert Settings(_env_file=None).workers == 1


def test_unknown_arguments_print_usage(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve"]) == 2
    assert "Usage: python -m bot [sync]" in capsys.readouterr().err


def test_real_process_without_token_exits_2_without_traceback(tmp_path: Path) -> None:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert proc.stderr.strip().startswith("DISCORD_TOKEN is not set")


# --- an unusable DATABASE_PATH: exit 2, one sentence naming it, nothing changed on disk ---


def _folder(p: Path) -> Path:
    p.mkdir()
    return p


def _under_a_file(p: Path) -> Path:
    p.write_text("a file, not a folder")
    return p / "data" / "vox.sqlite3"


def _random_bytes(p: Path) -> Path:
    p.write_bytes(bytes(range(256)) * 32)
    return p


def _truncated(p: Path) -> Path:
    vox_file(p)
    p.write_bytes(p.read_bytes()[:5000])
    return p


def _damaged(p: Path) -> Path:
    vox_file(p)
    damage(p, page=len(p.read_bytes()) // 4096 - 2)
    return p


def _another_application(p: Path) -> Path:
    conn = sqlite3.connect(p)
    conn.execute("CREATE TABLE orders (id INTEGER PRIMARY KEY)")
    conn.commit()
    conn.close()
    return p


def _newer_vox(p: Path) -> Path:
    vox_file(p, application_id=APPLICATION_ID)
    conn = sqlite3.connect(p)
    conn.execute("PRAGMA user_version = 999")
    conn.close()
    return p


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (_folder, "is a folder, not a file"),
        (_under_a_file, "which is a file, not a folder"),
        (_random_bytes, "is not a SQLite database"),
        (_truncated, "is damaged"),
        (_damaged, "is damaged"),
        (_another_application, "is another application's SQLite database"),
        (_newer_vox, "was written by a newer Vox"),
    ],
)
def test_an_unusable_database_path_exits_2_with_one_sentence_and_changes_nothing(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    make: Callable[[Path], Path],
    problem: str,
) -> None:
    path = make(tmp_path / "vox.sqlite3")
    before = snapshot(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", "x")
    monkeypatch.setenv("DATABASE_PATH", str(path))
    assert main([]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"DATABASE_PATH ({path}) ") and problem in err
    assert err.count("\n") == 1 and err.endswith(".\n")
    assert snapshot(tmp_path) == before


def test_real_process_with_a_damaged_database_exits_2_without_traceback(tmp_path: Path) -> None:
    path = _damaged(tmp_path / "vox.sqlite3")
    before = path.read_bytes()
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT), "DISCORD_TOKEN": "x",
           "DATABASE_PATH": str(path), "DISCORD_API_BASE": "http://127.0.0.1:9/api"}  # fmt: skip
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60, check=False)  # fmt: skip
    assert proc.returncode == 2
    assert proc.stderr == (
        f"DATABASE_PATH ({path}) is damaged (SQLite's integrity check failed); restore it from "
        "a backup, or move it away and Vox starts a new one.\n"
    )
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["vox.sqlite3"]


# --- the database's chores: `migrate`, `export-db FILE`, `import-db FILE` (no token needed) ---


def one_line(text: str) -> str:
    assert text.endswith("\n") and text.count("\n") == 1, text
    return text.strip()


def test_migrate_applies_every_migration_once(capsys: pytest.CaptureFixture[str]) -> None:
    newest = len(migrations())
    assert main(["migrate"]) == 0
    assert one_line(capsys.readouterr().out) == (
        f"Database data/vox.sqlite3 is at schema {newest} (applied 0001-{newest:04d})."
    )
    assert main(["migrate"]) == 0
    assert one_line(capsys.readouterr().out) == (
        f"Database data/vox.sqlite3 is at schema {newest}, already up to date."
    )


def test_migrate_brings_an_older_database_up_to_date(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    newest = len(migrations())
    vox_file(tmp_path / "old.sqlite3", version=newest - 2, application_id=APPLICATION_ID)
    monkeypatch.setenv("DATABASE_URL", "sqlite:///old.sqlite3")
    assert main(["migrate"]) == 0
    assert one_line(capsys.readouterr().out) == (
        f"Database old.sqlite3 is at schema {newest} (applied {newest - 1:04d}-{newest:04d})."
    )


@pytest.mark.parametrize(("name", "value"), [("DATABASE_PATH", "{tmp}"),
                                             ("DATABASE_POOL_SIZE", "0")])  # fmt: skip
def test_migrate_with_an_unusable_setting_exits_2_with_one_sentence(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    name: str,
    value: str,
) -> None:
    monkeypatch.setenv(name, value.format(tmp=tmp_path))
    before = snapshot(tmp_path)
    assert main(["migrate"]) == 2
    assert one_line(capsys.readouterr().err).startswith(name)
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    "args",
    [["migrate", "now"], ["export-db"], ["export-db", "a.jsonl", "b.jsonl"], ["import-db"],
     ["import-db", "--help"], ["export-db", "-"]],
)  # fmt: skip
def test_a_chore_with_the_wrong_arguments_prints_its_usage(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str]
) -> None:
    before = snapshot(tmp_path)
    assert main(args) == 2
    assert one_line(capsys.readouterr().err) == ops.USAGE[args[0]]
    assert snapshot(tmp_path) == before


@pytest.fixture
def exported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    """data/vox.sqlite3 with a row in every table that fill() writes, exported to vox.jsonl."""
    asyncio.run(_filled(tmp_path / "data" / "vox.sqlite3"))
    assert main(["export-db", "vox.jsonl"]) == 0
    capsys.readouterr()
    return tmp_path / "vox.jsonl"


async def _filled(path: Path) -> None:
    async with await open_database(path) as db:
        await fill(db)


def test_export_then_import_into_a_new_database(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    asyncio.run(_filled(tmp_path / "data" / "vox.sqlite3"))
    assert main(["export-db", "vox.jsonl"]) == 0
    out = one_line(capsys.readouterr().out)
    assert out.startswith("Exported 22 rows of 9 tables from data/vox.sqlite3 (schema ")
    assert out.endswith(
        ") to vox.jsonl; game_snapshots and campaign_snapshots are left out: Vox rebuilds them "
        "from the events."
    )
    monkeypatch.setenv("DATABASE_PATH", "moved.sqlite3")
    assert main(["import-db", "vox.jsonl"]) == 0
    assert one_line(capsys.readouterr().out) == (
        f"Imported 22 rows of 9 tables from vox.jsonl into moved.sqlite3 (schema "
        f"{len(migrations())})."
    )
    assert main(["export-db", "again.jsonl"]) == 0
    assert (tmp_path / "again.jsonl").read_text() == (tmp_path / "vox.jsonl").read_text()


def test_export_never_overwrites_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, exported: Path
) -> None:
    before = snapshot(tmp_path)
    assert main(["export-db", "vox.jsonl"]) == 2
    assert one_line(capsys.readouterr().err) == ops.EXISTS.format(path="vox.jsonl")
    assert snapshot(tmp_path) == before


@pytest.mark.parametrize(
    ("place", "reason"),
    [("no/such/folder/out.jsonl", "no such file or directory"),
     ("a-file/out.jsonl", "not a directory")],
)  # fmt: skip
def test_export_to_a_path_vox_cannot_create_exits_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, exported: Path, place: str, reason: str
) -> None:
    (tmp_path / "a-file").write_text("a file, not a folder")
    before = snapshot(tmp_path)
    assert main(["export-db", place]) == 2
    assert one_line(capsys.readouterr().err) == ops.UNWRITABLE.format(path=place, reason=reason)
    assert snapshot(tmp_path) == before


def test_export_into_a_folder_it_may_not_write_exits_2(
    monkeypatch: pytest.MonkeyPatch, shared_folder: Path
) -> None:
    monkeypatch.chdir(shared_folder)
    asyncio.run(_filled(shared_folder / "vox.sqlite3"))
    monkeypatch.setenv("DATABASE_PATH", "vox.sqlite3")
    (shared_folder / "locked").mkdir(mode=0o555)
    main(["export-db", "locked"])  # warms every import up for the child (a folder: refused)
    code, err = as_ordinary_user(shared_folder, lambda: main(["export-db", "locked/out.jsonl"]))
    assert code == 2, err
    reason = "permission denied"
    assert one_line(err) == ops.UNWRITABLE.format(path="locked/out.jsonl", reason=reason)
    assert list((shared_folder / "locked").iterdir()) == []


def test_export_of_a_database_that_does_not_exist_creates_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert main(["export-db", "vox.jsonl"]) == 2
    assert one_line(capsys.readouterr().err) == ops.NO_SOURCE.format(path="data/vox.sqlite3")
    assert list(tmp_path.iterdir()) == []


def test_an_export_of_an_unusable_database_leaves_no_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _damaged(tmp_path / "vox.sqlite3")
    monkeypatch.setenv("DATABASE_PATH", "vox.sqlite3")
    before = snapshot(tmp_path)
    assert main(["export-db", "vox.jsonl"]) == 2
    assert one_line(capsys.readouterr().err).startswith("DATABASE_PATH (vox.sqlite3) is damaged")
    assert snapshot(tmp_path) == before


def test_an_export_that_cannot_be_written_removes_its_file(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    asyncio.run(_filled(tmp_path / "data" / "vox.sqlite3"))
    written = [0]

    def disk_fills_up(item: object) -> str:
        written[0] += 1
        if written[0] > 5:
            raise OSError(errno.ENOSPC, "No space left on device")
        return to_line(item)

    monkeypatch.setattr(exporter, "to_line", disk_fills_up)
    assert main(["export-db", "vox.jsonl"]) == 2
    assert one_line(capsys.readouterr().err) == ops.WRITE_FAILED.format(
        path="vox.jsonl", reason="no space left on device"
    )
    assert not (tmp_path / "vox.jsonl").exists()


def _schema_8(path: Path) -> None:
    first, rest = path.read_text().split("\n", 1)
    path.write_text(first.replace(f'"schema":{len(migrations())}', '"schema":8') + "\n" + rest)


def _cut(path: Path) -> None:
    path.write_text(path.read_text().rsplit("\n", 2)[0] + "\n")  # the end line lost


def _binary(path: Path) -> None:
    path.write_bytes(b"\xff\xfe\x00 not text")


def _not_an_export(path: Path) -> None:
    path.write_text('{"name": "Hammer of Ultramar", "units": []}\n')


def _empty(path: Path) -> None:
    path.write_text("")


def _missing(path: Path) -> None:
    path.unlink()


def _a_folder(path: Path) -> None:
    path.unlink()
    path.mkdir()


@pytest.mark.parametrize(
    ("spoil", "problem"),
    [
        (_missing, "There is no file at vox.jsonl; give import-db the path of a file"),
        (_a_folder, "vox.jsonl is a folder; give import-db the path of a file export-db wrote."),
        (_binary, "vox.jsonl is not a Vox database export (it is not UTF-8 text)"),
        (_empty, "vox.jsonl is not a Vox database export (its first line is not export-db's)"),
        (_not_an_export, "vox.jsonl is not a Vox database export"),
        (_schema_8, "vox.jsonl holds a database of schema 8 and moved.sqlite3 is at schema"),
        (_cut, "vox.jsonl ends before export-db's last line, so it is incomplete"),
    ],
)
def test_import_of_a_file_vox_cannot_use_exits_2_and_imports_nothing(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    exported: Path,
    spoil: Callable[[Path], None],
    problem: str,
) -> None:
    spoil(exported)
    monkeypatch.setenv("DATABASE_PATH", "moved.sqlite3")
    assert main(["import-db", "vox.jsonl"]) == 2
    err = one_line(capsys.readouterr().err)
    assert err.startswith(problem) and err.endswith("."), err
    assert not (tmp_path / "moved.sqlite3").exists() or _rows(tmp_path / "moved.sqlite3") == 0


def test_import_of_a_file_it_may_not_read_exits_2(
    monkeypatch: pytest.MonkeyPatch, shared_folder: Path
) -> None:
    monkeypatch.chdir(shared_folder)
    (shared_folder / "vox.jsonl").write_text("{}\n")
    (shared_folder / "vox.jsonl").chmod(0)
    main(["import-db", "."])  # warms every import up for the child (a folder: refused)
    code, err = as_ordinary_user(shared_folder, lambda: main(["import-db", "vox.jsonl"]))
    assert code == 2, err
    assert one_line(err) == ops.UNREADABLE.format(path="vox.jsonl", reason="permission denied")
    assert sorted(p.name for p in shared_folder.iterdir()) == ["vox.jsonl"]


def test_import_into_a_database_with_vox_data_exits_2_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, exported: Path
) -> None:
    rows = _rows(tmp_path / "data" / "vox.sqlite3")
    assert main(["import-db", "vox.jsonl"]) == 2
    assert one_line(capsys.readouterr().err).startswith(
        "data/vox.sqlite3 already holds Vox data (meta has rows), so nothing was imported"
    )
    assert _rows(tmp_path / "data" / "vox.sqlite3") == rows


def _rows(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return sum(conn.execute(f"SELECT count(*) FROM {t.name}").fetchone()[0] for t in TABLES)
    finally:
        conn.close()

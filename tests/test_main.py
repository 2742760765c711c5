"""`python -m bot`: settings errors are one sentence and a status, never a traceback."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.settings import Settings
from bot.store.sqlite import APPLICATION_ID
from tests.store.start_cases import damage, snapshot, vox_file

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def clean_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DEV_GUILD_ID", "LOG_LEVEL", "DEFAULT_EDITION",
                 "DISCORD_API_BASE", "DISCORD_GATEWAY_URL", "DICE_SEED",
                 "COMPUTE_WORKERS", "SHARD_COUNT", "SHARD_IDS"):  # fmt: skip
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
    ],
)
def test_good_settings_are_accepted(monkeypatch: pytest.MonkeyPatch, name: str, value: str) -> None:
    monkeypatch.setenv(name, value)
    Settings(_env_file=None)


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

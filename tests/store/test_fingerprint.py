"""The snapshot fingerprint follows the fold's code and data, wherever its packages are."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.store import snapshots

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The fold's packages copied to a folder the fingerprint reads instead of the checkout."""
    skip = shutil.ignore_patterns("__pycache__", "*.sqlite3*")
    for package in ("bot", "data"):
        shutil.copytree(ROOT / package, tmp_path / package, ignore=skip)
    monkeypatch.setattr(snapshots, "files", lambda package: tmp_path / package)
    return tmp_path


def _fingerprint() -> str:
    return snapshots.fingerprint.__wrapped__()


def test_the_fingerprint_is_the_same_for_the_same_files_anywhere(copy: Path) -> None:
    assert _fingerprint() == snapshots.fingerprint()
    (copy / "data" / "vox.sqlite3").write_bytes(b"runtime data is not fold data")
    (copy / "bot" / "ui").mkdir(exist_ok=True)
    (copy / "bot" / "ui" / "new.py").write_text("# the fold does not read bot/ui\n")
    assert _fingerprint() == snapshots.fingerprint()


@pytest.mark.parametrize(
    "changed",
    ["data/editions/9th.json", "data/crusade/10th.json", "bot/rules/dice.py", "bot/eventlog.py",
     "bot/game/state.py", "bot/campaign/state.py"],
)  # fmt: skip
def test_the_fingerprint_changes_with_the_fold_code_or_data(copy: Path, changed: str) -> None:
    before = _fingerprint()
    with (copy / changed).open("a", encoding="utf-8") as file:
        file.write("\n")
    assert _fingerprint() != before


def test_a_new_data_file_changes_the_fingerprint(copy: Path) -> None:
    before = _fingerprint()
    shutil.copy(copy / "data/editions/9th.json", copy / "data/editions/11th.json")
    assert _fingerprint() != before

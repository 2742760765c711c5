"""`python -m bot army FILE [--name NAME]`: the army as Vox's JSON on stdout, exit 0; a file Vox
cannot read is the bot's one sentence on stderr, exit 2. No token or settings are needed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.armies.cli import USAGE
from bot.armies.model import Army
from tests.armies.test_files_vox import ARMY, exported

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def no_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "LOG_LEVEL", "DEV_GUILD_ID"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LOG_LEVEL", "LOUD")  # a bad setting the army command never reads
    monkeypatch.chdir(tmp_path)


def army_file(tmp_path: Path, data: bytes = b"", name: str = "plague.json") -> Path:
    path = tmp_path / name
    path.write_bytes(data or exported())
    return path


def test_prints_the_army_as_voxs_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["army", str(army_file(tmp_path))]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert out == ARMY.to_json() + "\n"
    assert Army.model_validate_json(out) == ARMY


@pytest.mark.parametrize("order", ["after", "before"])
def test_the_name_option_names_the_army(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], order: str
) -> None:
    path = str(army_file(tmp_path))
    args = [path, "--name", "Mortarion's Own"]
    assert main(["army", *(args if order == "after" else args[1:] + args[:1])]) == 0
    assert json.loads(capsys.readouterr().out)["name"] == "Mortarion's Own"


def test_the_json_holds_the_promised_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["army", str(army_file(tmp_path))])
    doc = json.loads(capsys.readouterr().out)
    unit = doc["units"][0]
    assert doc["edition"] == "10th"
    assert {"name", "models", "profiles", "invuln", "fnp", "keywords", "weapons"} <= set(unit)
    profile = unit["profiles"][0]
    assert {"movement", "toughness", "save", "wounds", "leadership", "oc", "models"} <= set(profile)
    weapon = unit["weapons"][0]
    assert weapon["count"] == 2 and weapon["keywords"] == ["Rapid Fire 1", "Hazardous"]
    wanted = {"name", "kind", "range", "attacks", "skill", "strength", "ap", "damage"}
    assert all(isinstance(weapon[key], str) for key in wanted)


def sentence_of(capsys: pytest.CaptureFixture[str]) -> str:
    out, err = capsys.readouterr()
    assert out == ""
    assert err.endswith("\n") and err.count("\n") == 1, err
    return err.strip()


@pytest.mark.parametrize(
    ("data", "start"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00", "That file is not an army list Vox can read: "),
        (b'{"format": "vox-army", "edition": "8th"}', "That army list has a value Vox cannot use"),
        (b"[" * 5000, "That JSON file is nested more than 64 levels deep"),
    ],
)
def test_a_bad_file_is_one_sentence_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, start: str
) -> None:
    assert main(["army", str(army_file(tmp_path, data))]) == 2
    assert sentence_of(capsys).startswith(start)


def test_an_empty_file_is_not_an_army_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "empty.ros"
    path.write_bytes(b"")
    assert main(["army", str(path)]) == 2
    assert sentence_of(capsys).startswith("That file is not an army list Vox can read")


def test_a_file_over_the_bound_is_refused_without_reading_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "huge.ros"
    with path.open("wb") as f:
        f.truncate(3_100_000)  # sparse: nothing written
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("read a refused file"))
    assert main(["army", str(path)]) == 2
    assert sentence_of(capsys) == "That file is 3.1 MB; Vox reads army lists up to 2 MB."


def test_a_missing_file_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "nowhere.rosz"
    assert main(["army", str(path)]) == 2
    assert sentence_of(capsys) == (
        f"There is no file at {path}; give the path of an exported army list."
    )


def test_a_folder_is_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["army", str(tmp_path)]) == 2
    assert sentence_of(capsys) == (
        f"{tmp_path} is a folder; give the path of an exported army list inside it."
    )


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = army_file(tmp_path)
    path.chmod(0)
    assert main(["army", str(path)]) == 2
    assert sentence_of(capsys).startswith(f"Vox cannot read {path} (Permission denied)")


def test_a_name_that_cannot_be_stored_is_one_sentence(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["army", str(army_file(tmp_path)), "--name", " "]) == 2
    assert sentence_of(capsys) == "An army name cannot be empty; type at least one letter."


@pytest.mark.parametrize(
    "args", [[], ["a.ros", "b.ros"], ["a.ros", "--name"], ["--name", "x"], ["--verbose", "a.ros"]]
)
def test_other_arguments_print_the_usage(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["army", *args]) == 2
    assert sentence_of(capsys) == USAGE


def test_the_bots_usage_names_the_army_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["armies"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("Usage: python -m bot [sync]") and "python -m bot army FILE" in err


def test_a_real_process_prints_the_json_and_refuses_in_one_sentence(tmp_path: Path) -> None:
    good = army_file(tmp_path)
    bad = army_file(tmp_path, b"\x00\x01\x02", "bad.rosz")
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    run = [sys.executable, "-m", "bot", "army"]
    ok = subprocess.run([*run, str(good)], cwd=tmp_path, env=env, capture_output=True,
                        text=True, encoding="utf-8", timeout=60, check=False)  # fmt: skip
    assert (ok.returncode, ok.stderr) == (0, "")
    assert Army.model_validate_json(ok.stdout) == ARMY  # ➤ survives whatever the locale
    no = subprocess.run([*run, str(bad)], cwd=tmp_path, env=env, capture_output=True,
                        text=True, encoding="utf-8", timeout=60, check=False)  # fmt: skip
    assert (no.returncode, no.stdout) == (2, "")
    assert no.stderr.startswith("That file is not an army list Vox can read: ")
    assert "Traceback" not in no.stderr and no.stderr.count("\n") == 1

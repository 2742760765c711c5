"""The built wheel carries its data: installed away from the checkout, every data file loads.

The wheel is built offline from a copy of the project (so the build writes nothing into the
checkout), installed with `--no-deps` into a fresh virtualenv outside the checkout, and run from a
folder outside it too. The dependencies come from this (development) environment's site-packages,
added to the new one as a plain path entry: a plain entry does not run that folder's `.pth` files,
so the editable install's finder stays out and `bot` can only be the wheel's.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("pyproject.toml", "README.md", "bot", "cogs", "data")
SKIP = shutil.ignore_patterns("__pycache__", "*.pyc", "*.sqlite3*")

# Runs inside the new virtualenv: loads every edition and the Crusade rules of every campaign
# edition, and reports where `bot` came from, which data files were read and the fingerprint.
PROBE = """
import json
import bot
from bot.campaign.rules import CAMPAIGN_EDITIONS, RULES_FILE, crusade_rules
from bot.rules.editions import all_editions
from bot.store.snapshots import fingerprint

editions = [e.key for e in all_editions()]
crusade = sorted({crusade_rules(c).key for c in CAMPAIGN_EDITIONS} | set(RULES_FILE.values()))
print(json.dumps({
    "bot": bot.__file__,
    "editions": sorted(editions),
    "crusade": crusade,
    "fingerprint": fingerprint(),
}))
"""


def _run(*args: str | Path, cwd: Path, **kw: object) -> str:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=90
    )
    assert done.returncode == 0, f"{args}\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _checkout_fingerprint(source: Path) -> str:
    """The fingerprint of the copied sources, run from them as from a checkout."""
    out = _run(sys.executable, "-c", PROBE, cwd=source)
    found = json.loads(out)
    assert Path(found["bot"]).is_relative_to(source)
    return str(found["fingerprint"])


def test_the_wheel_ships_every_data_file_and_runs_away_from_the_checkout(tmp_path: Path) -> None:
    source = tmp_path / "source"
    source.mkdir()
    for name in SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, source / name, ignore=SKIP)
        else:
            shutil.copy2(src, source / name)
    (source / "data" / "vox.sqlite3").write_bytes(b"a runtime database, never packaged")

    dist = tmp_path / "dist"
    _run(sys.executable, "-m", "pip", "wheel", source, "--no-deps", "--no-build-isolation",
         "--no-index", "-w", dist, cwd=tmp_path)  # fmt: skip
    (wheel,) = dist.glob("vox40k-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    shipped = sorted(n for n in names if n.startswith("data/") and n.endswith(".json"))
    expected = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "data").rglob("*.json"))
    assert shipped == expected
    assert not [n for n in names if "sqlite3" in n]

    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    _run(sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
         wheel, cwd=tmp_path)  # fmt: skip
    site = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                     cwd=tmp_path).strip())  # fmt: skip
    (site / "dev_dependencies.pth").write_text(sysconfig.get_path("purelib") + "\n")

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    found = json.loads(_run(python, "-I", "-c", PROBE, cwd=elsewhere))
    assert Path(found["bot"]).is_relative_to(venv)
    assert found["editions"] == sorted(p.stem for p in (ROOT / "data/editions").glob("*.json"))
    assert found["crusade"] == sorted(p.stem for p in (ROOT / "data/crusade").glob("*.json"))
    # The wheel holds the same fold code and data as the sources it was built from.
    assert found["fingerprint"] == _checkout_fingerprint(source)

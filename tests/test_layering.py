"""The pure packages never import discord (an ast scan, so a lazy import cannot hide)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PURE = ("bot/rules", "bot/game", "bot/campaign", "bot/armies", "bot/store", "bot/play")
FORBIDDEN = ("discord", "aiohttp")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


@pytest.mark.parametrize("package", PURE)
def test_pure_packages_never_import_discord(package: str) -> None:
    offenders = {
        str(path.relative_to(ROOT)): sorted(
            m for m in imported_modules(path) if m.split(".")[0] in FORBIDDEN
        )
        for path in (ROOT / package).rglob("*.py")
    }
    assert {k: v for k, v in offenders.items() if v} == {}


def test_rules_import_nothing_outside_rules() -> None:
    """bot/rules knows Warhammer and nothing else (and the error family, `bot.errors`): no store,
    no ui, no logging, no clock."""
    allowed_roots = {
        *("bot", "__future__", "collections", "dataclasses", "enum", "fractions", "functools"),
        *("itertools", "math", "random", "re", "typing", "difflib", "numpy", "pydantic", "types"),
        *("bisect", "heapq", "operator", "statistics", "json", "pathlib", "unicodedata"),
        "importlib",  # importlib.resources: the editions' static tables (package data)
    }
    for path in (ROOT / "bot/rules").rglob("*.py"):
        for module in imported_modules(path):
            root = module.split(".")[0]
            assert root in allowed_roots, f"{path.relative_to(ROOT)} imports {module}"
            if root == "bot":
                inside = module.startswith("bot.rules") or module == "bot.errors"
                assert inside, f"{path.relative_to(ROOT)} imports {module}"


def test_the_scan_finds_a_discord_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from discord import ui\n    return ui\n")
    assert "discord" in imported_modules(sample)

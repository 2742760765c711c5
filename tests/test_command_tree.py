"""The exact payload sync sends, checked against Discord's documented limits.

discord.py checks few of these itself (it silently truncates docstrings, for one), so a command that
breaks them would only fail at sync time in production.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.ui.help.embeds import EXAMPLES
from tests.harness import Harness

NAME = re.compile(r"^[-_\w]{1,32}$")
MAX_SAFE_INTEGER = 2**53 - 1


@pytest.fixture
async def payload(tmp_path: Path) -> list[dict[str, Any]]:
    async with Harness.running(tmp_path) as h:
        return h.bot.command_payload()


def _options(command: dict[str, Any]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    stack = list(command.get("options", []))
    while stack:
        opt = stack.pop()
        found.append(opt)
        stack.extend(opt.get("options", []))
    return found


def _characters(item: dict[str, Any]) -> int:
    total = len(item["name"]) + len(item.get("description", ""))
    total += sum(len(c["name"]) + len(str(c["value"])) for c in item.get("choices", []))
    return total + sum(_characters(o) for o in item.get("options", []))


def test_at_most_100_top_level_commands(payload: list[dict[str, Any]]) -> None:
    assert 0 < len(payload) <= 100


def test_names_are_lowercase_and_short(payload: list[dict[str, Any]]) -> None:
    for cmd in payload:
        for item in [cmd, *_options(cmd)]:
            assert NAME.match(item["name"]), item["name"]
            assert item["name"] == item["name"].lower(), item["name"]


def test_descriptions_are_1_to_100_characters(payload: list[dict[str, Any]]) -> None:
    for cmd in payload:
        for item in [cmd, *_options(cmd)]:
            assert 1 <= len(item["description"]) <= 100, (item["name"], item["description"])


def test_options_and_choices_within_limits(payload: list[dict[str, Any]]) -> None:
    for cmd in payload:
        assert len(cmd.get("options", [])) <= 25
        for opt in _options(cmd):
            assert len(opt.get("options", [])) <= 25
            choices = opt.get("choices", [])
            assert len(choices) <= 25
            for choice in choices:
                assert 1 <= len(choice["name"]) <= 100
                assert len(str(choice["value"])) <= 100
            assert not (choices and opt.get("autocomplete")), opt["name"]
            for key in ("min_length", "max_length"):
                if key in opt:
                    assert 0 <= opt[key] <= 6000, (opt["name"], key)
            for key in ("min_value", "max_value"):
                if key in opt:
                    assert abs(opt[key]) <= MAX_SAFE_INTEGER, (opt["name"], key)


def test_each_command_fits_in_4000_characters(payload: list[dict[str, Any]]) -> None:
    for cmd in payload:
        assert _characters(cmd) <= 4000, cmd["name"]


def test_every_text_option_has_a_length_bound(payload: list[dict[str, Any]]) -> None:
    for cmd in payload:
        for opt in _options(cmd):
            if opt["type"] == 3 and not opt.get("choices") and not opt.get("autocomplete"):
                assert "max_length" in opt, f"/{cmd['name']} {opt['name']} has no max_length"


def test_every_command_has_a_help_example(payload: list[dict[str, Any]]) -> None:
    names: list[str] = []
    for cmd in payload:
        subs = [o for o in cmd.get("options", []) if o["type"] in (1, 2)]
        if not subs:
            names.append(cmd["name"])
        for sub in subs:
            inner = (
                [o for o in sub.get("options", []) if o["type"] == 1] if sub["type"] == 2 else []
            )
            prefix = f"{cmd['name']} {sub['name']}"
            names += [f"{prefix} {i['name']}" for i in inner] if inner else [prefix]
    missing = [n for n in names if n not in EXAMPLES]
    assert not missing, f"add /help examples for {missing}"

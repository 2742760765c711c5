"""Games and campaigns live in server channels: their commands are server-only in the payload, and
a DM interaction asking for one anyway (a raw caller) gets one sentence and creates nothing."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from bot.server_only import IN_A_SERVER, SERVER_ONLY_COMMANDS
from tests.harness import BOB, Harness, Sent

DM_CHANNEL_ID = 920000000000000777
ONE_BOLTER: dict[str, Any] = {
    "attacks": "2", "skill": "3+", "strength": "4", "ap": "0", "damage": "1",
    "toughness": 4, "save": "3+",
}  # fmt: skip


@pytest.fixture
async def payload(tmp_path: Path) -> dict[str, dict[str, Any]]:
    async with Harness.running(tmp_path) as h:
        return {c["name"]: c for c in h.bot.command_payload()}


def test_game_and_campaign_commands_are_server_only(payload: dict[str, dict[str, Any]]) -> None:
    for name in ("game", "cp", "vp", "unit", "campaign"):
        assert payload[name]["dm_permission"] is False, name
        assert payload[name]["contexts"] == [0], name  # guild only: no DMs, no group DMs


def test_dice_commands_stay_usable_in_dms(payload: dict[str, dict[str, Any]]) -> None:
    server_only = set(SERVER_ONLY_COMMANDS)
    for name, command in payload.items():
        if name not in server_only:
            assert command["dm_permission"] is True, name
            assert command["contexts"] is None, name


def rows(db_path: Path, table: str) -> int:
    with closing(sqlite3.connect(db_path)) as db:
        (count,) = db.execute(f"SELECT COUNT(*) FROM {table}").fetchone()
    return int(count)


def refused(sent: list[Sent]) -> None:
    [reply] = sent
    assert reply.kind == "callback" and reply.ephemeral
    assert reply.content == IN_A_SERVER


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("game start", {"opponent": BOB}),
        ("game status", {}),
        ("cp add", {"amount": 1}),
        ("vp add", {"amount": 1}),
        (
            "unit add",
            {"name": "Intercessors", "models": 5, "wounds": 2, "toughness": 4, "save": "3+"},
        ),
        ("campaign create", {"name": "Vigilus"}),
        ("attack", {**ONE_BOLTER, "attacker": "Intercessors"}),
        ("odds", {**ONE_BOLTER, "target": "Boyz"}),
        ("psychic", {"psyker": "Librarian"}),
        ("morale", {"unit": "Boyz"}),
        ("charge", {"distance": 7, "unit": "Boyz"}),
    ],
)
async def test_a_game_command_in_a_dm_gets_one_sentence_and_creates_nothing(
    tmp_path: Path, command: str, options: dict[str, Any]
) -> None:
    async with Harness.running(tmp_path) as h:
        sent = await h.slash(command, channel_id=DM_CHANNEL_ID, dm=True, raw=True, **options)
        refused(sent)
    for table in ("games", "events", "campaigns", "campaign_events"):
        assert rows(h.db_path, table) == 0, table


async def test_dice_rolls_work_in_a_dm(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        [roll] = await h.slash("roll", channel_id=DM_CHANNEL_ID, dm=True, dice="2D6")
        assert roll.content != IN_A_SERVER and roll.embeds
        [attack, _] = await h.slash("attack", channel_id=DM_CHANNEL_ID, dm=True, **ONE_BOLTER)
        assert attack.content != IN_A_SERVER and attack.embeds

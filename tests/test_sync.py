"""Command sync: only when the payload differs from the last synced one; to DEV_GUILD_ID if set."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
from discord.http import Route

from bot.client import SyncForbidden
from tests.harness import GUILD_ID, Harness


def puts(h: Harness) -> list[str]:
    return [s.path for s in h.sent if s.method == "PUT"]


async def test_first_start_syncs_globally_then_not_again(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        assert await h.bot.sync_commands(force=False) is True
        assert puts(h) == ["/applications/900000000000000001/commands"]
        assert await h.bot.sync_commands(force=False) is False
    async with Harness.running(tmp_path) as h:  # a restart with the same tree
        assert await h.bot.sync_commands(force=False) is False
        assert puts(h) == []


async def test_forced_sync_always_syncs(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.bot.sync_commands(force=False)
        assert await h.bot.sync_commands(force=True) is True
        assert len(puts(h)) == 2


async def test_a_changed_tree_syncs_again(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.bot.sync_commands(force=False)
        h.bot.tree.remove_command("rolloff")
        assert await h.bot.sync_commands(force=False) is True


async def test_dev_guild_syncs_to_that_guild(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dev_guild_id=GUILD_ID) as h:
        await h.bot.sync_commands(force=False)
        assert puts(h) == [f"/applications/900000000000000001/guilds/{GUILD_ID}/commands"]
        [sent] = [s for s in h.sent if s.method == "PUT"]
        names = {c["name"] for c in sent.body["commands"]}
        assert {"roll", "rolloff", "help"} <= names


async def test_switching_between_guild_and_global_syncs_again(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.bot.sync_commands(force=False)
    async with Harness.running(tmp_path, dev_guild_id=GUILD_ID) as h:
        assert await h.bot.sync_commands(force=False) is True


OTHER_GUILD_ID = 910000000000000099
GLOBAL_ROUTE = "/applications/900000000000000001/commands"


def guild_route(guild_id: int) -> str:
    return f"/applications/900000000000000001/guilds/{guild_id}/commands"


def put_bodies(h: Harness) -> list[tuple[str, int]]:
    """Each command sync as (route, how many commands it sent)."""
    return [(s.path, len(s.body["commands"])) for s in h.sent if s.method == "PUT"]


async def test_switching_dev_guild_on_and_off_clears_the_scope_left(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.bot.sync_commands(force=False)
    async with Harness.running(tmp_path, dev_guild_id=GUILD_ID) as h:  # switched on
        assert await h.bot.sync_commands(force=False) is True
        [(first, count), cleared] = put_bodies(h)
        assert first == guild_route(GUILD_ID) and count > 0
        assert cleared == (GLOBAL_ROUTE, 0)  # the global copies would show every command twice
    async with Harness.running(tmp_path, dev_guild_id=OTHER_GUILD_ID) as h:  # another server
        await h.bot.sync_commands(force=False)
        assert put_bodies(h)[1:] == [(guild_route(GUILD_ID), 0)]
    async with Harness.running(tmp_path) as h:  # switched off
        await h.bot.sync_commands(force=False)
        [(first, count), cleared] = put_bodies(h)
        assert first == GLOBAL_ROUTE and count > 0
        assert cleared == (guild_route(OTHER_GUILD_ID), 0)
    async with Harness.running(tmp_path) as h:  # the same scope again: nothing to clear
        assert await h.bot.sync_commands(force=True) is True
        assert put_bodies(h) == [(GLOBAL_ROUTE, put_bodies(h)[0][1])]


def refuse_guild(h: Harness, guild_id: int) -> None:
    """Discord's answer to a guild sync for a server the bot is not in: 403 Missing Access."""
    rest = h.bot.http.request

    async def request(route: Route, **kwargs: Any) -> Any:
        if route.method == "PUT" and route.url.endswith(f"/guilds/{guild_id}/commands"):
            response = SimpleNamespace(status=403, reason="Forbidden")
            raise discord.Forbidden(response, {"message": "Missing Access", "code": 50001})
        return await rest(route, **kwargs)

    h.bot.http.request = request  # type: ignore[method-assign]


async def test_a_dev_guild_the_bot_is_not_in_is_one_sentence_naming_it(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.bot.sync_commands(force=False)
    async with Harness.running(tmp_path, dev_guild_id=OTHER_GUILD_ID) as h:
        refuse_guild(h, OTHER_GUILD_ID)
        with pytest.raises(SyncForbidden) as refused:
            await h.bot.sync_commands(force=False)
        sentence = str(refused.value)
        assert f"DEV_GUILD_ID={OTHER_GUILD_ID}" in sentence
        assert "\n" not in sentence and sentence.endswith(".") and "403" not in sentence
        assert put_bodies(h) == []  # the global commands were not cleared: they still work
    async with Harness.running(tmp_path) as h:  # back to global: unchanged, nothing to clear
        assert await h.bot.sync_commands(force=False) is False

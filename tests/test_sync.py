"""Command sync: only when the payload differs from the last synced one; to DEV_GUILD_ID if set."""

from __future__ import annotations

from pathlib import Path

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

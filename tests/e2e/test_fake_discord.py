"""The fake itself, driven by an in-process discord.py client: the paths Vox does not use yet
(deferred replies, follow-ups, edits of the original, files, channel messages) are known to
speak discord.py 2.7.1's wire format before a command needs them; and sharding (a session per
shard, each guild's events on its own shard's session) works with discord.py's sharded client."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator

import aiohttp
import discord
import pytest
import yarl
from discord import app_commands
from discord.gateway import DiscordWebSocket
from discord.http import Route

from tests.e2e.fake_discord import (
    AUTOCOMPLETE,
    CHANNEL_ID,
    DEFERRED_MESSAGE,
    EPHEMERAL,
    GUILD_ID,
    MESSAGE,
    TOKEN,
    FakeDiscord,
    World,
    shard_of,
    snowflake,
)
from tests.e2e.fake_discord.world import WORLD, guild_on_shard


class Client(discord.Client):
    def __init__(self) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(intents=intents, guild_ready_timeout=0.2)
        self.tree = app_commands.CommandTree(self)

        @self.tree.command()
        async def slow(interaction: discord.Interaction) -> None:
            """Defer, follow up, then edit the original."""
            await interaction.response.defer(thinking=True)
            await interaction.followup.send("still thinking", ephemeral=True)
            await interaction.edit_original_response(content="done")

        @self.tree.command()
        async def phase(interaction: discord.Interaction) -> None:
            """Post a prompt to the channel."""
            channel = interaction.channel
            assert isinstance(channel, discord.TextChannel)
            await channel.send("Movement phase: move your units.")
            await interaction.response.send_message("posted", ephemeral=True)

        @self.tree.command()
        async def chart(interaction: discord.Interaction) -> None:
            """Answer with a file."""
            png = discord.File(io.BytesIO(b"\x89PNG fake"), filename="odds.png")
            await interaction.response.send_message("odds", file=png)

        @self.tree.command()
        async def unit(interaction: discord.Interaction, name: str) -> None:
            """Autocomplete a unit name."""
            await interaction.response.send_message(name)

        @unit.autocomplete("name")
        async def unit_names(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            names = ["Intercessors", "Hellblasters", "Terminators"]
            return [app_commands.Choice(name=n, value=n) for n in names if current in n]

    async def setup_hook(self) -> None:
        await self.tree.sync()


@pytest.fixture
async def client(fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch) -> AsyncIterator[Client]:
    monkeypatch.setattr(Route, "BASE", fake.api_base)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", yarl.URL(fake.gateway_url))
    bot = Client()
    task = asyncio.create_task(bot.start("fake-token"))
    try:
        await fake.wait_for_session()
        yield bot
    finally:
        await asyncio.wait_for(bot.close(), 5)
        await asyncio.wait_for(task, 5)


async def test_deferred_reply_with_a_followup_and_an_edit(
    fake: FakeDiscord, client: Client
) -> None:
    interaction = await fake.dispatch_command("slow")
    deferred = await fake.wait_for_callback(interaction)
    assert deferred.type == DEFERRED_MESSAGE
    followup = await fake.wait_for_followup(interaction)
    assert followup.content == "still thinking"
    assert followup.ephemeral
    edit = await fake.wait_for_original_edit(interaction)
    assert edit.content == "done"
    assert edit.message["content"] == "done"


async def test_a_message_posted_to_the_channel(fake: FakeDiscord, client: Client) -> None:
    interaction = await fake.dispatch_command("phase")
    posted = await fake.wait_for_channel_message(CHANNEL_ID)
    assert posted.content.startswith("Movement phase")
    reply = await fake.wait_for_callback(interaction)
    assert reply.flags & EPHEMERAL


async def test_a_reply_with_a_file(fake: FakeDiscord, client: Client) -> None:
    interaction = await fake.dispatch_command("chart")
    reply = await fake.wait_for_callback(interaction)
    assert reply.type == MESSAGE
    assert reply.content == "odds"
    assert reply.files == [("odds.png", b"\x89PNG fake")]


async def test_autocomplete_is_answered_with_choices(fake: FakeDiscord, client: Client) -> None:
    interaction = await fake.dispatch_autocomplete("unit", {"name": "Term"}, focused="name")
    answer = await fake.wait_for_callback(interaction)
    assert answer.type == AUTOCOMPLETE
    assert [c["value"] for c in answer.data["choices"]] == ["Terminators"]


# ---- shards ------------------------------------------------------------------------------------


class ShardedClient(discord.AutoShardedClient):
    """Asks GET /gateway/bot how many shards to run, as a sharded bot does without a count."""

    def __init__(self) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(intents=intents, guild_ready_timeout=0.2)
        self.tree = app_commands.CommandTree(self)

        @self.tree.command()
        async def where(interaction: discord.Interaction) -> None:
            """Say which guild and shard the command came through."""
            await interaction.response.send_message(f"guild {interaction.guild_id}")

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5 s between identifies: the fake does not rate-limit them."""

    async def setup_hook(self) -> None:
        await self.tree.sync()


@pytest.fixture
async def sharded(
    fake: FakeDiscord, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[tuple[ShardedClient, World]]:
    """A client on 2 shards (the count the fake recommends) and a second guild, on shard 0."""
    monkeypatch.setattr(Route, "BASE", fake.api_base)
    fake.recommended_shards = 2
    other = fake.add_guild(shard=0, shard_count=2)
    bot = ShardedClient()
    task = asyncio.create_task(bot.start("fake-token"))
    try:
        await fake.wait_for_session(shard=0)
        await fake.wait_for_session(shard=1)
        yield bot, other
    finally:
        await asyncio.wait_for(bot.close(), 5)
        await asyncio.wait_for(task, 5)


def test_a_further_guild_lands_on_the_shard_asked_for() -> None:
    taken = {GUILD_ID}
    for shard in (0, 3, 7, 3):
        world = guild_on_shard(shard, 8, taken)
        assert shard_of(world.guild_id, 8) == shard
        assert world.guild_id not in taken
        taken.add(world.guild_id)
    assert shard_of(GUILD_ID, 2) == 1  # the fake's own guild, as its docstring says


async def test_each_shard_gets_only_its_guilds(
    fake: FakeDiscord, sharded: tuple[ShardedClient, World]
) -> None:
    bot, other = sharded
    gateway_bot = [r for r in fake.requests if r.path == "/gateway/bot"]
    assert len(gateway_bot) == 1  # the recommended count came from the fake
    assert {s.shard for s in fake.sessions} == {(0, 2), (1, 2)}
    for session in fake.sessions:
        shard = session.shard_id
        ready = session.ready_data
        assert ready is not None
        assert ready["shard"] == [shard, 2]
        expected = other.guild_id if shard == 0 else GUILD_ID
        assert [g["id"] for g in ready["guilds"]] == [str(expected)]
        assert [g for e, g in session.events if e == "GUILD_CREATE"] == [expected]
    await bot.wait_until_ready()
    assert {g.id: g.shard_id for g in bot.guilds} == {other.guild_id: 0, GUILD_ID: 1}


async def test_interactions_go_to_the_shard_of_their_guild(
    fake: FakeDiscord, sharded: tuple[ShardedClient, World]
) -> None:
    _, other = sharded
    for world, shard in ((other, 0), (WORLD, 1)):
        guild_id = world.guild_id
        interaction = await fake.dispatch_command("where", channel_id=world.channel_id)
        reply = await fake.wait_for_callback(interaction)
        assert reply.content == f"guild {guild_id}"
        session = fake.session_for(guild_id)
        assert session is not None and session.shard == (shard, 2)
        assert ("INTERACTION_CREATE", guild_id) in session.events
    dm = await fake.dispatch_command("where", channel_id=snowflake(), dm=True)
    assert (await fake.wait_for_callback(dm)).content == "guild None"
    shard_zero = fake.session_for(None)
    assert shard_zero is not None and shard_zero.shard == (0, 2)
    assert ("INTERACTION_CREATE", None) in shard_zero.events


async def test_a_shard_outside_the_count_is_refused(fake: FakeDiscord) -> None:
    async with aiohttp.ClientSession() as http, http.ws_connect(fake.gateway_url) as ws:
        hello = await ws.receive_json()
        assert hello["op"] == 10
        identify = {"token": TOKEN, "intents": 1, "properties": {}, "shard": [2, 2]}
        await ws.send_json({"op": 2, "d": identify})
        closed = await ws.receive()
        assert closed.type == aiohttp.WSMsgType.CLOSE
        assert ws.close_code == 4010
    assert not any(s.ready for s in fake.sessions)

"""The fake itself, driven by an in-process discord.py client: the paths Vox does not use yet
(deferred replies, follow-ups, edits of the original, files, channel messages) are known to
speak discord.py 2.7.1's wire format before a command needs them."""

from __future__ import annotations

import asyncio
import io
from collections.abc import AsyncIterator

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
    MESSAGE,
    FakeDiscord,
)


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

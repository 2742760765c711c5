"""The real bot connects to the fake Discord: login, command sync, gateway handshake."""

from __future__ import annotations

from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import FakeDiscord


async def test_connects_identifies_and_syncs_the_commands(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    bot = await bots.start()
    session = await fake.wait_for_session()

    assert session.identify is not None
    assert session.identify["token"] == "fake-token"
    assert session.identify["intents"] == 1  # guilds only: no privileged intents
    assert session.zlib_stream
    assert session.heartbeats >= 1
    paths = [r.path for r in fake.requests]
    assert paths[:2] == ["/users/@me", "/oauth2/applications/@me"]

    sync = await fake.wait_for_sync()
    assert sync.guild_id is None  # no DEV_GUILD_ID: global
    assert {"roll", "rolloff", "attack", "odds", "help"} <= sync.names
    roll = {o["name"]: o for o in sync.command("roll")["options"]}
    assert list(roll) == ["dice", "target", "reroll", "label", "secret"]
    assert roll["dice"]["required"] is True
    assert [c["value"] for c in roll["reroll"]["choices"]] == ["ones", "failed", "all"]
    await bot.wait_for_log(f"synced {len(sync.names)} commands globally")

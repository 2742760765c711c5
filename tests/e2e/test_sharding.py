"""Shards over the wire: the real bot with SHARD_COUNT and SHARD_IDS against the fake Discord, which
sends each guild's events only to the session of that guild's shard, as Discord does."""

from __future__ import annotations

from tests.e2e.conftest import BotRunner
from tests.e2e.fake_discord import GUILD_ID, MESSAGE, FakeDiscord, World
from tests.e2e.fake_discord.world import WORLD


async def roll_in(fake: FakeDiscord, world: World) -> None:
    """A /roll in `world`'s channel is answered."""
    interaction = await fake.dispatch_command("roll", {"dice": "2D6"}, channel_id=world.channel_id)
    reply = await fake.wait_for_callback(interaction)
    assert reply.type == MESSAGE
    assert reply.message is not None and reply.message["guild_id"] == str(world.guild_id)


async def test_one_process_serves_a_guild_on_each_of_two_shards(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    other = fake.add_guild(shard=0, shard_count=2)  # the fake's own guild is on shard 1
    fake.max_concurrency = 2  # both shards may identify at once
    bot = await bots.start(SHARD_COUNT="2")
    zero = await fake.wait_for_session(shard=0)
    one = await fake.wait_for_session(shard=1)
    assert (zero.shard, one.shard) == ((0, 2), (1, 2))
    assert [g for e, g in zero.events if e == "GUILD_CREATE"] == [other.guild_id]
    assert [g for e, g in one.events if e == "GUILD_CREATE"] == [GUILD_ID]
    for world, session in ((other, zero), (WORLD, one)):
        await roll_in(fake, world)
        assert ("INTERACTION_CREATE", world.guild_id) in session.events
    for shard in (0, 1):
        line = await bot.wait_for_log(f"shard {shard}/2: latency ")
        assert line.endswith(", 1 guild"), line


async def test_a_process_of_shard_1_gets_only_shard_1s_guild(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    other = fake.add_guild(shard=0, shard_count=2)
    bot = await bots.start(SHARD_COUNT="2", SHARD_IDS="1")
    session = await fake.wait_for_session()
    assert session.shard == (1, 2)
    assert [g for e, g in session.events if e == "GUILD_CREATE"] == [GUILD_ID]
    await roll_in(fake, WORLD)
    assert len(fake.sessions) == 1  # no session for shard 0: nobody gets `other`'s events
    assert fake.session_for(other.guild_id) is None
    line = await bot.wait_for_log("shard 1/2: latency ")
    assert line.endswith(", 1 guild"), line  # `other` is not counted: it is shard 0's
    assert "shard 0/2" not in bot.stderr


async def test_without_a_count_the_bot_runs_the_count_discord_recommends(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    fake.recommended_shards = 2
    fake.max_concurrency = 2
    # Where Discord says to connect is not taken over DISCORD_GATEWAY_URL (a gateway proxy).
    fake.advertised_gateway = "ws://127.0.0.1:9/nobody-listens"
    other = fake.add_guild(shard=0, shard_count=2)
    bot = await bots.start()
    await bot.wait_for_log("running 2 shard(s), the count Discord recommends")
    await fake.wait_for_session(shard=0)
    await fake.wait_for_session(shard=1)
    assert {s.shard for s in fake.sessions} == {(0, 2), (1, 2)}
    await roll_in(fake, other)


async def test_a_shard_logs_its_health_again_when_it_comes_back(
    fake: FakeDiscord, bots: BotRunner
) -> None:
    bot = await bots.start(SHARD_COUNT="2", SHARD_IDS="1")
    first = await fake.wait_for_session(shard=1)
    await bot.wait_for_log("shard 1/2: latency ")
    await first.ws.close(code=4000)  # "unknown error; reconnect": the bot comes back by itself
    await fake.wait_for_session(2, shard=1, within=15.0)
    lines = await fake.wait_for(
        lambda: [ln for ln in bot.stderr_lines if "shard 1/2: latency " in ln][1:] or None,
        what="a second health line of shard 1",
    )
    assert lines[0].endswith(", 1 guild")

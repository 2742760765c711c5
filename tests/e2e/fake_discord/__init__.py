"""A small fake Discord on 127.0.0.1: REST (v10 paths) and the gateway, for the real bot process.

Point the bot at it: DISCORD_API_BASE=`fake.api_base`, DISCORD_GATEWAY_URL=`fake.gateway_url`.
Everything the bot asks for is recorded (`requests`, `command_syncs`, `callbacks`, `followups`,
`original_edits`, `channel_messages`, `unexpected`); a test pushes gateway events with
`dispatch_command`, `click`, `dispatch_autocomplete` or `dispatch`, and waits, always with a bound,
with `wait_for_session`, `wait_for_callback`, `wait_for_followup`, `wait_for_original_edit`,
`wait_for_channel_message`, `wait_for_sync` or the general `wait_for`.

Like Discord's own client, `dispatch_command` checks the options against the commands the bot synced
(names, required, types, choices, min/max value and length) and raises `Rejected` rather than send
what a real user could not; `click` refuses a button the message lacks or shows disabled.

The wire details follow what discord.py 2.7.1 needs (TESTING.md, "Pitfalls already paid for"): REST
answers carry `Content-Type: application/json` exactly; interaction callbacks (`?with_response=1`)
answer `{"interaction": {..., "response_message_id"}, "resource": {"type", "message"}}`; the gateway
speaks zlib-stream when asked; READY's `resume_gateway_url` points back here.

Sharding as on Discord: each gateway session identifies as one shard and gets only the guilds (and
their events) of that shard, `(guild_id >> 22) % shard_count` (DMs: shard 0); READY carries the
shard; GET /gateway/bot answers `recommended_shards` (default 1) and `max_concurrency`. The
fake's guild `GUILD_ID` is on shard 1 of 2; `add_guild(shard, count)` puts the bot in one more
guild (before it connects) and returns its `World`: pass `channel_id=world.channel_id` to dispatch
there.

Layout: `world` (the guilds, their ids and people, built by tests.discord_payloads), `protocol`
(Discord's numbers), `records` (what was received), `state` (recording and waiting), `gateway`,
`rest` (routing, commands sync), `messages` (callbacks, webhooks, channel messages), `commands`
(dispatching interactions, option checks) and `server` (`FakeDiscord`).
"""

from tests.e2e.fake_discord.gateway import GatewaySession
from tests.e2e.fake_discord.protocol import (
    AUTOCOMPLETE,
    DEFAULT_TIMEOUT,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    EPHEMERAL,
    INTERACTION_DEADLINE,
    LOADING,
    MESSAGE,
    MODAL,
    PONG,
    UPDATE_MESSAGE,
    Rejected,
)
from tests.e2e.fake_discord.records import (
    Callback,
    ChannelMessage,
    CommandSync,
    Interaction,
    Request,
    WebhookMessage,
)
from tests.e2e.fake_discord.server import FakeDiscord
from tests.e2e.fake_discord.world import (
    ALICE,
    APP_ID,
    BOB,
    BOT,
    CHANNEL_ID,
    GUILD_ID,
    MEMBERS,
    TOKEN,
    Person,
    World,
    custom_ids,
    find_component,
    iter_embed_fields,
    shard_of,
    snowflake,
)

__all__ = [
    "ALICE",
    "APP_ID",
    "AUTOCOMPLETE",
    "BOB",
    "BOT",
    "CHANNEL_ID",
    "DEFAULT_TIMEOUT",
    "DEFERRED_MESSAGE",
    "DEFERRED_UPDATE",
    "EPHEMERAL",
    "GUILD_ID",
    "INTERACTION_DEADLINE",
    "LOADING",
    "MEMBERS",
    "MESSAGE",
    "MODAL",
    "PONG",
    "TOKEN",
    "UPDATE_MESSAGE",
    "Callback",
    "ChannelMessage",
    "CommandSync",
    "FakeDiscord",
    "GatewaySession",
    "Interaction",
    "Person",
    "Rejected",
    "Request",
    "WebhookMessage",
    "World",
    "custom_ids",
    "find_component",
    "iter_embed_fields",
    "shard_of",
    "snowflake",
]

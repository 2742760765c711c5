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
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import time
import zlib
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, TypeVar

from aiohttp import WSMsgType, web

JSON = dict[str, Any]
T = TypeVar("T")

TOKEN = "fake-token"
APP_ID = 1_300_000_000_000_000_001
GUILD_ID = 1_310_000_000_000_000_001
CHANNEL_ID = 1_320_000_000_000_000_001
TIMESTAMP = "2026-11-22T20:00:00.000000+00:00"
EPHEMERAL = 1 << 6
LOADING = 1 << 7
ALL_PERMISSIONS = str((1 << 50) - 1)
MEMBER_PERMISSIONS = str(0x400 | 0x800 | 0x4000 | 0x8000 | 0x10000 | 0x40 | 0x80000000)

# Interaction callback types (Discord's InteractionResponseType).
PONG = 1
MESSAGE = 4  # CHANNEL_MESSAGE_WITH_SOURCE
DEFERRED_MESSAGE = 5  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ("Vox is thinking…")
DEFERRED_UPDATE = 6  # DEFERRED_UPDATE_MESSAGE
UPDATE_MESSAGE = 7
AUTOCOMPLETE = 8  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
MODAL = 9
# Gateway opcodes.
OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_RESUME = 6
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_ACK = 11
# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, NUMBER = 1, 2, 3, 4, 5, 6, 10

DEFAULT_TIMEOUT = 5.0
# Discord shows "This interaction failed" when the first answer takes longer than this.
INTERACTION_DEADLINE = 3.0

_ids = itertools.count(1_400_000_000_000_000_001)


def snowflake() -> int:
    return next(_ids)


class Rejected(ValueError):
    """What Discord's own client would refuse to send (bad option, disabled button…)."""


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    bot: bool = False
    permissions: str = MEMBER_PERMISSIONS

    def user(self) -> JSON:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    def member(self) -> JSON:
        return {
            "user": self.user(),
            "nick": None,
            "avatar": None,
            "roles": [],
            "joined_at": TIMESTAMP,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "permissions": self.permissions,
        }


BOT = Person(APP_ID, "Vox", bot=True, permissions=ALL_PERMISSIONS)
ALICE = Person(1_330_000_000_000_000_001, "Alice")
BOB = Person(1_330_000_000_000_000_002, "Bob")
MEMBERS = (ALICE, BOB)


def channel_payload(channel_id: int = CHANNEL_ID) -> JSON:
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(GUILD_ID),
        "name": "war-table",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
    }


def guild_payload() -> JSON:
    return {
        "id": str(GUILD_ID),
        "name": "Warhammer Night",
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "banner": None,
        "description": None,
        "owner_id": str(ALICE.id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "roles": [
            {
                "id": str(GUILD_ID),
                "name": "@everyone",
                "permissions": MEMBER_PERMISSIONS,
                "position": 0,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
                "flags": 0,
            }
        ],
        "emojis": [],
        "stickers": [],
        "features": [],
        "channels": [channel_payload()],
        "threads": [],
        "members": [p.member() for p in (*MEMBERS, BOT)],
        "member_count": len(MEMBERS) + 1,
        "voice_states": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
        "large": False,
        "unavailable": False,
        "joined_at": TIMESTAMP,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": "en-US",
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "max_members": 500000,
    }


def application_payload() -> JSON:
    return {
        "id": str(APP_ID),
        "name": "Vox",
        "icon": None,
        "description": "A Discord bot for Warhammer 40,000 tables.",
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": {**ALICE.user()},
        "verify_key": "0" * 64,
        "flags": 0,
        "team": None,
    }


def custom_ids(message: JSON, *, enabled_only: bool = False) -> list[str]:
    """Every component custom_id in a message (rows and nested components walked)."""
    found: list[str] = []

    def walk(components: list[JSON]) -> None:
        for c in components:
            if "custom_id" in c and not (enabled_only and c.get("disabled")):
                found.append(c["custom_id"])
            walk(c.get("components") or [])
            if isinstance(c.get("accessory"), dict):
                walk([c["accessory"]])

    walk(message.get("components") or [])
    return found


def find_component(message: JSON, custom_id: str) -> JSON | None:
    def walk(components: list[JSON]) -> JSON | None:
        for c in components:
            if c.get("custom_id") == custom_id:
                return c
            inner = walk(c.get("components") or [])
            if inner is not None:
                return inner
        return None

    return walk(message.get("components") or [])


# --------------------------------------------------------------------------------------------------
# Records


@dataclass
class Request:
    """One HTTP request the bot made (REST, callbacks and webhooks alike)."""

    method: str
    path: str  # below the API base, e.g. /users/@me
    query: dict[str, str]
    body: Any
    files: list[tuple[str, bytes]] = field(default_factory=list)
    status: int = 0

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


@dataclass
class CommandSync:
    """A bulk overwrite of the application commands (`PUT .../commands`)."""

    path: str
    guild_id: int | None
    commands: list[JSON]

    def command(self, name: str) -> JSON:
        for c in self.commands:
            if c["name"] == name:
                return c
        raise KeyError(f"/{name} was not synced (synced: {sorted(self.names)})")

    @property
    def names(self) -> set[str]:
        return {c["name"] for c in self.commands}


@dataclass
class Interaction:
    """An INTERACTION_CREATE the test dispatched."""

    id: int
    token: str
    payload: JSON
    user: Person
    sent_at: float
    original: JSON | None = None  # the message created by the first answer (type 4 or 5)


@dataclass
class Callback:
    """`POST /interactions/{id}/{token}/callback`: the first answer to an interaction."""

    interaction: Interaction
    type: int
    data: JSON
    files: list[tuple[str, bytes]]
    elapsed: float  # seconds from dispatch to callback
    message: JSON | None  # the message created or updated, as the fake now stores it

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def embeds(self) -> list[JSON]:
        return list(self.data.get("embeds") or [])

    def custom_ids(self) -> list[str]:
        return custom_ids(self.data)


@dataclass
class WebhookMessage:
    """A follow-up (`POST /webhooks/{app}/{token}`) or an edit of the original response."""

    interaction: Interaction | None
    body: JSON
    files: list[tuple[str, bytes]]
    message: JSON

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.body.get("flags") or 0) & EPHEMERAL)

    @property
    def content(self) -> str:
        return str(self.body.get("content") or "")

    @property
    def embeds(self) -> list[JSON]:
        return list(self.body.get("embeds") or [])


@dataclass
class ChannelMessage:
    """`POST /channels/{id}/messages`: a message the bot posted on its own (e.g. a phase prompt)."""

    channel_id: int
    body: JSON
    files: list[tuple[str, bytes]]
    message: JSON

    @property
    def content(self) -> str:
        return str(self.body.get("content") or "")

    @property
    def embeds(self) -> list[JSON]:
        return list(self.body.get("embeds") or [])


# --------------------------------------------------------------------------------------------------
# Gateway


class GatewaySession:
    """One websocket connection from the bot."""

    def __init__(self, fake: FakeDiscord, ws: web.WebSocketResponse, *, zlib_stream: bool) -> None:
        self.fake = fake
        self.ws = ws
        self.zlib_stream = zlib_stream
        self._compressor = zlib.compressobj()
        self._lock = asyncio.Lock()
        self.sequence = 0
        self.session_id = f"session-{snowflake()}"
        self.received: list[JSON] = []
        self.identify: JSON | None = None
        self.heartbeats = 0
        self.ready = False
        self.closed = False
        self.close_code: int | None = None

    async def send(self, op: int, d: Any, t: str | None = None) -> None:
        async with self._lock:
            seq: int | None = None
            if op == OP_DISPATCH:
                self.sequence += 1
                seq = self.sequence
            raw = json.dumps({"op": op, "d": d, "s": seq, "t": t})
            if self.zlib_stream:
                data = self._compressor.compress(raw.encode()) + self._compressor.flush(
                    zlib.Z_SYNC_FLUSH
                )
                await self.ws.send_bytes(data)
            else:
                await self.ws.send_str(raw)

    async def dispatch(self, event: str, data: JSON) -> None:
        await self.send(OP_DISPATCH, data, event)

    async def handle(self, payload: JSON) -> None:
        self.received.append(payload)
        op = payload.get("op")
        if op == OP_HEARTBEAT:
            self.heartbeats += 1
            await self.send(OP_ACK, None)
        elif op == OP_IDENTIFY:
            self.identify = payload["d"]
            if self.identify.get("token") != self.fake.token:
                await self.ws.close(code=4004, message=b"Authentication failed.")
                return
            await self.dispatch("READY", self.fake.ready_payload(self))
            await self.dispatch("GUILD_CREATE", guild_payload())
            self.ready = True
        elif op == OP_RESUME:
            # Resuming is not supported: tell the client to identify again.
            await self.send(OP_INVALID_SESSION, False)
        self.fake.notify()


# --------------------------------------------------------------------------------------------------
# The server


def _json(data: Any, status: int = 200) -> web.Response:
    # Exactly `application/json`: with `; charset=utf-8` discord.py treats the body as text.
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def _error(status: int, message: str, code: int = 0) -> web.Response:
    return _json({"message": message, "code": code}, status)


_Handler = Callable[[Request, "re.Match[str]"], Awaitable[web.Response]]


class FakeDiscord:
    """The fake: start it (`async with FakeDiscord() as fake`), point the bot at it, drive it."""

    def __init__(self, *, token: str = TOKEN) -> None:
        self.token = token
        self.port = 0
        self.requests: list[Request] = []
        self.unexpected: list[Request] = []
        self.errors: list[str] = []  # exceptions inside the fake itself
        self.command_syncs: list[CommandSync] = []
        self.interactions: dict[int, Interaction] = {}
        self.callbacks: list[Callback] = []
        self.followups: list[WebhookMessage] = []
        self.original_edits: list[WebhookMessage] = []
        self.channel_messages: list[ChannelMessage] = []
        self.messages: dict[int, JSON] = {}
        self.sessions: list[GatewaySession] = []
        self._changed = asyncio.Event()
        self._abort: str | None = None
        self._runner: web.AppRunner | None = None
        self._routes: list[tuple[str, re.Pattern[str], _Handler]] = []
        hook = r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)"
        channel = r"/channels/(?P<cid>\d+)"
        self._route("GET", r"/users/@me", self._get_me)
        self._route("GET", r"/oauth2/applications/@me", self._get_application)
        self._route("PUT", r"/applications/(?P<app>\d+)/commands", self._put_commands)
        self._route("PUT", r"/applications/\d+/guilds/(?P<guild>\d+)/commands", self._put_commands)
        self._route("POST", r"/interactions/(?P<id>\d+)/(?P<token>[^/]+)/callback", self._callback)
        self._route("GET", hook + "/messages/@original", self._get_original)
        self._route("PATCH", hook + "/messages/@original", self._edit_original)
        self._route("DELETE", hook + "/messages/@original", self._delete_original)
        self._route("POST", hook, self._followup)
        self._route("PATCH", hook + r"/messages/(?P<mid>\d+)", self._edit_message)
        self._route("DELETE", hook + r"/messages/(?P<mid>\d+)", self._delete_message)
        self._route("GET", channel, self._get_channel)
        self._route("POST", channel + "/messages", self._post_channel_message)
        self._route("GET", channel + r"/messages/(?P<mid>\d+)", self._get_message)
        self._route("PATCH", channel + r"/messages/(?P<mid>\d+)", self._edit_message)
        self._route("DELETE", channel + r"/messages/(?P<mid>\d+)", self._delete_message)

    # ---- life cycle ------------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{tail:.*}", self._rest)
        app.router.add_route("*", "/{tail:.*}", self._outside_api)
        self._runner = web.AppRunner(app, shutdown_timeout=1.0, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None
        sockets = getattr(server, "sockets", None) or []
        self.port = int(sockets[0].getsockname()[1])

    async def close(self) -> None:
        for session in self.sessions:
            if not session.ws.closed:
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(session.ws.close(code=1001), 2.0)
        if self._runner is not None:
            await asyncio.wait_for(self._runner.cleanup(), 5.0)
            self._runner = None

    async def __aenter__(self) -> FakeDiscord:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    # ---- waiting ---------------------------------------------------------------------------------

    def notify(self) -> None:
        """Wake every waiter: something was recorded."""
        self._changed.set()
        self._changed = asyncio.Event()

    def abort_waits(self, reason: str) -> None:
        """Make every current and later wait fail at once (e.g. the bot process died)."""
        self._abort = reason
        self.notify()

    def clear_abort(self) -> None:
        self._abort = None

    async def wait_for(
        self, probe: Callable[[], T | None], *, what: str, within: float = DEFAULT_TIMEOUT
    ) -> T:
        """Return `probe()` as soon as it is not None (or falsy); fail after `within` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while True:
            if self.errors:
                raise AssertionError(f"the fake Discord failed: {self.errors[0]}")
            result = probe()
            if result is not None and result is not False:
                return result
            if self._abort is not None:
                raise AssertionError(f"while waiting for {what}: {self._abort}")
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(
                    f"timed out after {within:g}s waiting for {what}; "
                    f"the bot's requests: {self.summary()}"
                )
            changed = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), remaining)

    def summary(self) -> str:
        parts = [str(r) for r in self.requests[-20:]]
        return ", ".join(parts) or "none"

    async def wait_for_session(self, count: int = 1, *, within: float = 10.0) -> GatewaySession:
        """The `count`-th gateway session once it got READY and GUILD_CREATE."""

        def probe() -> GatewaySession | None:
            ready = [s for s in self.sessions if s.ready]
            return ready[count - 1] if len(ready) >= count else None

        return await self.wait_for(
            probe, what=f"gateway session #{count} to be ready", within=within
        )

    async def wait_for_callback(
        self, interaction: Interaction, *, within: float = INTERACTION_DEADLINE
    ) -> Callback:
        """The first answer to `interaction`; by default within Discord's 3 s deadline."""

        def probe() -> Callback | None:
            return next((c for c in self.callbacks if c.interaction is interaction), None)

        return await self.wait_for(
            probe, what=f"the answer to interaction {interaction.id}", within=within
        )

    async def wait_for_followup(
        self, interaction: Interaction, *, count: int = 1, within: float = DEFAULT_TIMEOUT
    ) -> WebhookMessage:
        def probe() -> WebhookMessage | None:
            mine = [f for f in self.followups if f.interaction is interaction]
            return mine[count - 1] if len(mine) >= count else None

        return await self.wait_for(
            probe, what=f"follow-up #{count} to interaction {interaction.id}", within=within
        )

    async def wait_for_original_edit(
        self, interaction: Interaction, *, within: float = DEFAULT_TIMEOUT
    ) -> WebhookMessage:
        def probe() -> WebhookMessage | None:
            return next((e for e in self.original_edits if e.interaction is interaction), None)

        return await self.wait_for(
            probe, what=f"an edit of the reply to interaction {interaction.id}", within=within
        )

    async def wait_for_channel_message(
        self,
        channel_id: int = CHANNEL_ID,
        *,
        count: int = 1,
        within: float = DEFAULT_TIMEOUT,
    ) -> ChannelMessage:
        def probe() -> ChannelMessage | None:
            mine = [m for m in self.channel_messages if m.channel_id == channel_id]
            return mine[count - 1] if len(mine) >= count else None

        return await self.wait_for(
            probe, what=f"message #{count} in channel {channel_id}", within=within
        )

    async def wait_for_sync(
        self, count: int = 1, *, within: float = DEFAULT_TIMEOUT
    ) -> CommandSync:
        def probe() -> CommandSync | None:
            return self.command_syncs[count - 1] if len(self.command_syncs) >= count else None

        return await self.wait_for(probe, what=f"command sync #{count}", within=within)

    # ---- pushing events --------------------------------------------------------------------------

    async def dispatch(self, event: str, data: JSON) -> None:
        """Send a dispatch event on the newest ready gateway session."""
        live = [s for s in self.sessions if s.ready and not s.closed]
        if not live:
            await self.wait_for(
                lambda: any(s.ready and not s.closed for s in self.sessions),
                what="a ready gateway session to dispatch on",
            )
            live = [s for s in self.sessions if s.ready and not s.closed]
        await live[-1].dispatch(event, data)

    async def dispatch_interaction(
        self,
        kind: int,
        data: JSON,
        user: Person = ALICE,
        *,
        channel_id: int = CHANNEL_ID,
        message: JSON | None = None,
    ) -> Interaction:
        """Send an INTERACTION_CREATE as Discord builds it for a guild text channel."""
        interaction_id = snowflake()
        token = f"itoken-{interaction_id}"
        payload: JSON = {
            "id": str(interaction_id),
            "application_id": str(APP_ID),
            "type": kind,
            "data": data,
            "guild_id": str(GUILD_ID),
            "guild": {"id": str(GUILD_ID), "locale": "en-US", "features": []},
            "channel_id": str(channel_id),
            "channel": channel_payload(channel_id),
            "member": user.member(),
            "token": token,
            "version": 1,
            "app_permissions": ALL_PERMISSIONS,
            "locale": "en-GB",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if message is not None:
            payload["message"] = message
        interaction = Interaction(interaction_id, token, payload, user, time.monotonic())
        self.interactions[interaction_id] = interaction
        await self.dispatch("INTERACTION_CREATE", payload)
        return interaction

    async def dispatch_command(
        self,
        name: str,
        options: dict[str, Any] | None = None,
        user: Person = ALICE,
        *,
        channel_id: int = CHANNEL_ID,
        validate: bool = True,
    ) -> Interaction:
        """A slash command as a user types it: `dispatch_command("roll", {"dice": "2D6"})`.

        `name` may hold subcommands ("game start"). Options are checked against the synced
        command unless `validate=False` (a raw API caller, which Discord's client never is).
        """
        data = self._command_data(name, options or {}, validate=validate, focused=None)
        return await self.dispatch_interaction(2, data, user, channel_id=channel_id)

    async def dispatch_autocomplete(
        self,
        name: str,
        options: dict[str, Any],
        focused: str,
        user: Person = ALICE,
        *,
        channel_id: int = CHANNEL_ID,
    ) -> Interaction:
        """What the client sends while the user types option `focused` (answered by a type 8)."""
        data = self._command_data(name, options, validate=False, focused=focused)
        return await self.dispatch_interaction(4, data, user, channel_id=channel_id)

    async def click(self, message: JSON, custom_id: str, user: Person = ALICE) -> Interaction:
        """A button press on `message` (as the fake stores it), like Discord's client allows."""
        component = find_component(message, custom_id)
        if component is None:
            raise Rejected(f"the message has no component {custom_id!r}: {custom_ids(message)}")
        if component.get("disabled"):
            raise Rejected(f"the button {custom_id!r} is disabled")
        data = {"custom_id": custom_id, "component_type": int(component.get("type", 2))}
        return await self.dispatch_interaction(
            3, data, user, channel_id=int(message["channel_id"]), message=message
        )

    # ---- option checks (Discord's client does them, discord.py does not) -------------------------

    def synced_command(self, name: str) -> JSON:
        for sync in reversed(self.command_syncs):
            for command in sync.commands:
                if command["name"] == name:
                    return command
        raise Rejected(f"/{name} is not a synced command (the bot never synced it to this fake)")

    def _command_data(
        self, name: str, options: dict[str, Any], *, validate: bool, focused: str | None
    ) -> JSON:
        path = name.split()
        resolved: JSON = {}
        try:
            command = self.synced_command(path[0])
        except Rejected:
            if validate:
                raise
            command = {"id": str(snowflake()), "name": path[0], "options": []}
        schema = command.get("options") or []
        leaf: list[JSON] = []
        top: list[JSON] = leaf
        for part in path[1:]:
            sub = next((o for o in schema if o["name"] == part), None)
            if sub is None or sub.get("type") not in (SUB_COMMAND, SUB_COMMAND_GROUP):
                raise Rejected(f"/{name}: {part!r} is not a subcommand")
            inner: list[JSON] = []
            leaf.append({"name": part, "type": sub["type"], "options": inner})
            leaf, schema = inner, sub.get("options") or []
        leaf.extend(
            self._options(name, schema, options, resolved, validate=validate, focused=focused)
        )
        data: JSON = {
            "id": command.get("id", str(snowflake())),
            "name": path[0],
            "type": 1,
            "options": top,
            "guild_id": str(GUILD_ID),
        }
        if resolved:
            data["resolved"] = resolved
        return data

    def _options(
        self,
        name: str,
        schema: list[JSON],
        given: dict[str, Any],
        resolved: JSON,
        *,
        validate: bool,
        focused: str | None,
    ) -> list[JSON]:
        by_name = {o["name"]: o for o in schema}
        if validate:
            unknown = sorted(set(given) - set(by_name))
            if unknown:
                raise Rejected(f"/{name} has no option {unknown[0]!r} (has {sorted(by_name)})")
            missing = [o["name"] for o in schema if o.get("required") and o["name"] not in given]
            if missing:
                raise Rejected(f"/{name} needs option {missing[0]!r}")
        out: list[JSON] = []
        for key, value in given.items():
            spec = by_name.get(key, {"type": STRING})
            kind = int(spec["type"])
            if validate:
                _check_option(name, key, spec, value)
            if isinstance(value, Person):
                resolved.setdefault("users", {})[str(value.id)] = value.user()
                member = value.member()
                member.pop("user")
                resolved.setdefault("members", {})[str(value.id)] = member
                value = str(value.id)
            option: JSON = {"name": key, "type": kind, "value": value}
            if key == focused:
                option["focused"] = True
            out.append(option)
        return out

    # ---- REST ------------------------------------------------------------------------------------

    def _route(self, method: str, pattern: str, handler: _Handler) -> None:
        self._routes.append((method, re.compile(pattern), handler))

    async def _outside_api(self, request: web.Request) -> web.Response:
        record = Request(request.method, request.path, dict(request.query), None, status=404)
        self.requests.append(record)
        self.unexpected.append(record)
        self.notify()
        return _error(404, "404: Not Found")

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body, files = await _read_body(request)
        record = Request(request.method, path, dict(request.query), body, files)
        self.requests.append(record)
        try:
            response = await self._answer(request, record)
        except Exception as error:  # a bug in the fake: fail the test, not just this request
            self.errors.append(f"{record.method} {path}: {error!r}")
            response = _error(500, "fake Discord error")
        record.status = response.status
        if response.status == 404 and not self._known(record):
            self.unexpected.append(record)
        self.notify()
        return response

    def _known(self, record: Request) -> bool:
        return any(m == record.method and p.fullmatch(record.path) for m, p, _ in self._routes)

    async def _answer(self, request: web.Request, record: Request) -> web.Response:
        for method, pattern, handler in self._routes:
            match = pattern.fullmatch(record.path)
            if match is None or method != record.method:
                continue
            webhook = record.path.startswith(("/interactions/", "/webhooks/"))
            if not webhook and request.headers.get("Authorization") != f"Bot {self.token}":
                return _error(401, "401: Unauthorized")
            return await handler(record, match)
        return _error(404, "404: Not Found")

    async def _get_me(self, record: Request, match: re.Match[str]) -> web.Response:
        return _json({**BOT.user(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def _get_application(self, record: Request, match: re.Match[str]) -> web.Response:
        return _json(application_payload())

    async def _put_commands(self, record: Request, match: re.Match[str]) -> web.Response:
        guild = match.groupdict().get("guild")
        guild_id = int(guild) if guild else None
        commands = list(record.body or [])
        self.command_syncs.append(CommandSync(record.path, guild_id, commands))
        answered = []
        for c in commands:
            full = {
                "type": 1,
                "options": [],
                "default_member_permissions": None,
                "nsfw": False,
                **c,
                "id": str(snowflake()),
                "application_id": str(APP_ID),
                "version": str(snowflake()),
            }
            if guild_id is not None:
                full["guild_id"] = str(guild_id)
            answered.append(full)
        # Keep the ids, as Discord does, so dispatched commands carry them.
        self.command_syncs[-1].commands = answered
        return _json(answered)

    def _new_message(self, channel_id: int, body: JSON, *, kind: int = 0) -> JSON:
        message_id = snowflake()
        message: JSON = {
            "id": str(message_id),
            "channel_id": str(channel_id),
            "guild_id": str(GUILD_ID),
            "author": BOT.user(),
            "content": "",
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [],
            "embeds": [],
            "components": [],
            "pinned": False,
            "type": kind,
            "flags": 0,
            "application_id": str(APP_ID),
            "webhook_id": str(APP_ID),
        }
        _apply(message, body)
        self.messages[message_id] = message
        return message

    async def _callback(self, record: Request, match: re.Match[str]) -> web.Response:
        interaction = self.interactions.get(int(match["id"]))
        if interaction is None or interaction.token != match["token"]:
            return _error(404, "Unknown interaction", 10062)
        if any(c.interaction is interaction for c in self.callbacks):
            return _error(400, "Interaction has already been acknowledged.", 40060)
        body = record.body or {}
        kind = int(body.get("type", 0))
        data = dict(body.get("data") or {})
        elapsed = time.monotonic() - interaction.sent_at
        channel_id = int(interaction.payload["channel_id"])
        source = interaction.payload.get("message")
        message: JSON | None = None
        if kind == MESSAGE:
            message = self._new_message(channel_id, data, kind=_reply_type(interaction))
            interaction.original = message
        elif kind == DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = self._new_message(channel_id, {"flags": flags}, kind=_reply_type(interaction))
            interaction.original = message
        elif kind in (UPDATE_MESSAGE, DEFERRED_UPDATE):
            if source is None:
                return _error(400, "Interaction has no message to update", 50035)
            updated = self.messages.setdefault(int(source["id"]), source)
            if kind == UPDATE_MESSAGE:
                _apply(updated, data)
                updated["edited_timestamp"] = TIMESTAMP
            message = updated
        elif kind not in (AUTOCOMPLETE, MODAL, PONG):
            return _error(400, f"Invalid interaction response type {kind}", 50035)
        self.callbacks.append(Callback(interaction, kind, data, record.files, elapsed, message))
        answer: JSON = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.payload["type"],
                "response_message_loading": kind == DEFERRED_MESSAGE,
                "response_message_ephemeral": bool(int(data.get("flags") or 0) & EPHEMERAL),
            }
        }
        if message is not None:
            answer["interaction"]["response_message_id"] = message["id"]
            answer["resource"] = {"type": kind, "message": message}
        if record.query.get("with_response") in ("1", "true", "True"):
            return _json(answer)
        return web.Response(status=204)

    def _by_token(self, token: str) -> Interaction | None:
        return next((i for i in self.interactions.values() if i.token == token), None)

    async def _get_original(self, record: Request, match: re.Match[str]) -> web.Response:
        interaction = self._by_token(match["token"])
        if interaction is None or interaction.original is None:
            return _error(404, "Unknown Message", 10008)
        return _json(interaction.original)

    async def _edit_original(self, record: Request, match: re.Match[str]) -> web.Response:
        interaction = self._by_token(match["token"])
        if interaction is None or interaction.original is None:
            return _error(404, "Unknown Message", 10008)
        body = dict(record.body or {})
        message = interaction.original
        _apply(message, body)
        message["flags"] = int(message.get("flags") or 0) & ~LOADING
        message["edited_timestamp"] = TIMESTAMP
        self.original_edits.append(WebhookMessage(interaction, body, record.files, message))
        return _json(message)

    async def _delete_original(self, record: Request, match: re.Match[str]) -> web.Response:
        interaction = self._by_token(match["token"])
        if interaction is None or interaction.original is None:
            return _error(404, "Unknown Message", 10008)
        self.messages.pop(int(interaction.original["id"]), None)
        return web.Response(status=204)

    async def _followup(self, record: Request, match: re.Match[str]) -> web.Response:
        interaction = self._by_token(match["token"])
        if interaction is None:
            return _error(404, "Unknown Webhook", 10015)
        if not any(c.interaction is interaction for c in self.callbacks):
            # Discord refuses follow-ups before the interaction was answered or deferred.
            return _error(404, "Unknown Webhook", 10015)
        body = dict(record.body or {})
        message = self._new_message(int(interaction.payload["channel_id"]), body)
        self.followups.append(WebhookMessage(interaction, body, record.files, message))
        if record.query.get("wait") in ("1", "true", "True"):
            return _json(message)
        return web.Response(status=204)

    async def _edit_message(self, record: Request, match: re.Match[str]) -> web.Response:
        message = self.messages.get(int(match["mid"]))
        if message is None:
            return _error(404, "Unknown Message", 10008)
        _apply(message, dict(record.body or {}))
        message["edited_timestamp"] = TIMESTAMP
        return _json(message)

    async def _delete_message(self, record: Request, match: re.Match[str]) -> web.Response:
        if self.messages.pop(int(match["mid"]), None) is None:
            return _error(404, "Unknown Message", 10008)
        return web.Response(status=204)

    async def _post_channel_message(self, record: Request, match: re.Match[str]) -> web.Response:
        channel_id = int(match["cid"])
        if channel_id != CHANNEL_ID:
            return _error(404, "Unknown Channel", 10003)
        body = dict(record.body or {})
        message = self._new_message(channel_id, body)
        message.pop("webhook_id")
        self.channel_messages.append(ChannelMessage(channel_id, body, record.files, message))
        return _json(message)

    async def _get_message(self, record: Request, match: re.Match[str]) -> web.Response:
        message = self.messages.get(int(match["mid"]))
        if message is None:
            return _error(404, "Unknown Message", 10008)
        return _json(message)

    async def _get_channel(self, record: Request, match: re.Match[str]) -> web.Response:
        if int(match["cid"]) != CHANNEL_ID:
            return _error(404, "Unknown Channel", 10003)
        return _json(channel_payload())

    # ---- gateway ---------------------------------------------------------------------------------

    def ready_payload(self, session: GatewaySession) -> JSON:
        return {
            "v": 10,
            "user": {**BOT.user(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
            "session_id": session.session_id,
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(APP_ID), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "session_type": "normal",
            "auth_session_id_hash": "",
            "_trace": ["fake-discord"],
        }

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(autoping=True)
        await ws.prepare(request)
        session = GatewaySession(
            self, ws, zlib_stream=request.query.get("compress") == "zlib-stream"
        )
        self.sessions.append(session)
        self.notify()
        try:
            await session.send(OP_HELLO, {"heartbeat_interval": 41250, "_trace": ["fake-discord"]})
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    await session.handle(json.loads(msg.data))
                elif msg.type == WSMsgType.BINARY:
                    await session.handle(json.loads(msg.data.decode()))
                elif msg.type == WSMsgType.ERROR:
                    break
        except Exception as error:
            self.errors.append(f"gateway: {error!r}")
        finally:
            session.closed = True
            session.close_code = ws.close_code
            self.notify()
        return ws


# --------------------------------------------------------------------------------------------------
# Helpers


async def _read_body(request: web.Request) -> tuple[Any, list[tuple[str, bytes]]]:
    """The JSON body, or a multipart body's `payload_json` and its files."""
    if request.content_type.startswith("multipart/"):
        payload: Any = None
        files: list[tuple[str, bytes]] = []
        reader = await request.multipart()
        async for part in _parts(reader):
            name, filename, data = part
            if name == "payload_json":
                payload = json.loads(data)
            else:
                files.append((filename or name, data))
        return payload, files
    raw = await request.read()
    if not raw:
        return None, []
    return json.loads(raw), []


async def _parts(reader: Any) -> Any:
    while True:
        part = await reader.next()
        if part is None:
            return
        data = await part.read(decode=False)
        yield part.name or "", part.filename, bytes(data)


def _apply(message: JSON, body: JSON) -> None:
    """Merge a message body (create or edit) into a stored message."""
    for key in ("content", "embeds", "components", "attachments", "poll"):
        if key in body and body[key] is not None:
            message[key] = body[key]
    if "flags" in body and body["flags"] is not None:
        message["flags"] = int(body["flags"])
    if message.get("attachments"):
        message["attachments"] = [
            {
                "id": str(a.get("id", snowflake())),
                "filename": a.get("filename", "file"),
                "size": a.get("size", 0),
                "url": a.get("url", "http://127.0.0.1/attachment"),
                "proxy_url": a.get("proxy_url", "http://127.0.0.1/attachment"),
                **{k: v for k, v in a.items() if k not in ("id",)},
            }
            for a in message["attachments"]
        ]


def _reply_type(interaction: Interaction) -> int:
    """Discord's message type for a reply: 20 (CHAT_INPUT_COMMAND) after a slash command."""
    return 20 if interaction.payload["type"] == 2 else 0


def _check_option(command: str, key: str, spec: JSON, value: Any) -> None:
    kind = int(spec["type"])
    where = f"/{command} {key}"
    if kind == STRING:
        if not isinstance(value, str):
            raise Rejected(f"{where}: expected text, got {value!r}")
        if len(value) < int(spec.get("min_length", 0)):
            raise Rejected(f"{where}: shorter than {spec['min_length']} characters")
        if "max_length" in spec and len(value) > int(spec["max_length"]):
            raise Rejected(f"{where}: longer than {spec['max_length']} characters")
    elif kind in (INTEGER, NUMBER):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Rejected(f"{where}: expected a number, got {value!r}")
        if kind == INTEGER and not isinstance(value, int):
            raise Rejected(f"{where}: expected an integer, got {value!r}")
        if "min_value" in spec and value < spec["min_value"]:
            raise Rejected(f"{where}: below the minimum {spec['min_value']}")
        if "max_value" in spec and value > spec["max_value"]:
            raise Rejected(f"{where}: above the maximum {spec['max_value']}")
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise Rejected(f"{where}: expected true or false, got {value!r}")
    elif kind == USER:
        if not isinstance(value, Person):
            raise Rejected(f"{where}: pass a Person for a user option, got {value!r}")
    else:
        raise Rejected(f"{where}: option type {kind} is not supported by the fake yet")
    choices = spec.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        allowed = [c["value"] for c in choices]
        raise Rejected(f"{where}: {value!r} is not one of the choices {allowed}")


def iter_embed_fields(embed: JSON) -> Iterator[tuple[str, str]]:
    for f in embed.get("fields") or []:
        yield str(f["name"]), str(f["value"])

"""The gateway: one websocket session per connection (HELLO, IDENTIFY, READY, heartbeats). A session
identifies as one shard ([id, count], [0, 1] when it names none) and, as on Discord, gets only its
shard's guilds and their events: a guild belongs to shard `(guild_id >> 22) % count`, DMs to 0."""

from __future__ import annotations

import asyncio
import json
import zlib
from typing import Any

from aiohttp import WSMsgType, web

from tests.e2e.fake_discord.protocol import (
    OP_ACK,
    OP_DISPATCH,
    OP_HEARTBEAT,
    OP_HELLO,
    OP_IDENTIFY,
    OP_INVALID_SESSION,
    OP_RESUME,
)
from tests.e2e.fake_discord.state import FakeState
from tests.e2e.fake_discord.world import APP_ID, BOT, JSON, World, shard_of, snowflake

GUILD_EVENTS = ("GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE")
INVALID_SHARD = 4010  # Discord's close code for a shard id outside 0..count-1


class GatewaySession:
    """One websocket connection from the bot."""

    def __init__(self, fake: Gateway, ws: web.WebSocketResponse, *, zlib_stream: bool) -> None:
        self.fake = fake
        self.ws = ws
        self.zlib_stream = zlib_stream
        self._compressor = zlib.compressobj()
        self._lock = asyncio.Lock()
        self.sequence = 0
        self.session_id = f"session-{snowflake()}"
        self.received: list[JSON] = []
        self.identify: JSON | None = None
        self.events: list[tuple[str, int | None]] = []  # each dispatch sent: (event, guild id)
        self.ready_data: JSON | None = None  # the READY sent
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

    @property
    def shard(self) -> tuple[int, int] | None:
        """[id, count] as IDENTIFY gave it; None before IDENTIFY or when it named no shard."""
        shard = (self.identify or {}).get("shard")
        return (int(shard[0]), int(shard[1])) if shard else None

    @property
    def shard_id(self) -> int:
        return self.shard[0] if self.shard else 0

    @property
    def shard_count(self) -> int:
        return self.shard[1] if self.shard else 1

    def owns(self, world: World) -> bool:
        return shard_of(world.guild_id, self.shard_count) == self.shard_id

    async def dispatch(self, event: str, data: JSON) -> None:
        self.events.append((event, guild_of(event, data)))
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
            if not 0 <= self.shard_id < self.shard_count:
                await self.ws.close(code=INVALID_SHARD, message=b"Invalid shard.")
                return
            self.ready_data = self.fake.ready_payload(self)
            await self.dispatch("READY", self.ready_data)
            for world in self.fake.worlds.values():
                if self.owns(world):
                    await self.dispatch("GUILD_CREATE", world.guild())
            self.ready = True
        elif op == OP_RESUME:
            # Resuming is not supported: tell the client to identify again.
            await self.send(OP_INVALID_SESSION, False)
        self.fake.notify()


class Gateway(FakeState):
    """The fake's `/gateway` endpoint."""

    def ready_payload(self, session: GatewaySession) -> JSON:
        guilds = [w.guild_id for w in self.worlds.values() if session.owns(w)]
        ready: JSON = {
            "v": 10,
            "user": {**BOT.user(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g), "unavailable": True} for g in guilds],
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
        if session.shard is not None:
            ready["shard"] = list(session.shard)
        return ready

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

    async def dispatch(self, event: str, data: JSON) -> None:
        """Send a dispatch event on the newest ready session of the shard its guild belongs to
        (shard 0 for an event outside a guild), waiting (bounded) for one to connect."""
        guild_id = guild_of(event, data)
        session = await self.wait_for(
            lambda: self.session_for(guild_id),
            what=f"a ready gateway session for guild {guild_id} to dispatch {event} on",
        )
        await session.dispatch(event, data)


def guild_of(event: str, data: JSON) -> int | None:
    """The guild an event is about (a guild's own events name it as `id`), None outside a guild."""
    raw = data.get("id") if event in GUILD_EVENTS else data.get("guild_id")
    return int(raw) if raw is not None else None

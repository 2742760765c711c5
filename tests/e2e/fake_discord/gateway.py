"""The gateway: one websocket session per connection (HELLO, IDENTIFY, READY, heartbeats)."""

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
from tests.e2e.fake_discord.world import APP_ID, BOT, GUILD_ID, JSON, WORLD, snowflake


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
            await self.dispatch("GUILD_CREATE", WORLD.guild())
            self.ready = True
        elif op == OP_RESUME:
            # Resuming is not supported: tell the client to identify again.
            await self.send(OP_INVALID_SESSION, False)
        self.fake.notify()


class Gateway(FakeState):
    """The fake's `/gateway` endpoint."""

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

"""`FakeDiscord`: the aiohttp server on 127.0.0.1 that puts the gateway and the routes together."""

from __future__ import annotations

import asyncio
import contextlib

from aiohttp import web

from tests.e2e.fake_discord.commands import Commands
from tests.e2e.fake_discord.messages import Messages
from tests.e2e.fake_discord.world import TOKEN

HOOK = r"/webhooks/(?P<app>\d+)/(?P<token>[^/]+)"
CHANNEL = r"/channels/(?P<cid>\d+)"


class FakeDiscord(Commands, Messages):
    """The fake: start it (`async with FakeDiscord() as fake`), point the bot at it, drive it."""

    def __init__(self, *, token: str = TOKEN) -> None:
        super().__init__(token=token)
        self._runner: web.AppRunner | None = None
        self._route("GET", r"/users/@me", self._get_me)
        self._route("GET", r"/oauth2/applications/@me", self._get_application)
        self._route("GET", r"/gateway/bot", self._get_gateway_bot)
        self._route("PUT", r"/applications/(?P<app>\d+)/commands", self._put_commands)
        self._route("PUT", r"/applications/\d+/guilds/(?P<guild>\d+)/commands", self._put_commands)
        self._route("POST", r"/interactions/(?P<id>\d+)/(?P<token>[^/]+)/callback", self._callback)
        self._route("GET", HOOK + "/messages/@original", self._get_original)
        self._route("PATCH", HOOK + "/messages/@original", self._edit_original)
        self._route("DELETE", HOOK + "/messages/@original", self._delete_original)
        self._route("POST", HOOK, self._followup)
        self._route("PATCH", HOOK + r"/messages/(?P<mid>\d+)", self._edit_message)
        self._route("DELETE", HOOK + r"/messages/(?P<mid>\d+)", self._delete_message)
        self._route("GET", CHANNEL, self._get_channel)
        self._route("POST", CHANNEL + "/messages", self._post_channel_message)
        self._route("GET", CHANNEL + r"/messages/(?P<mid>\d+)", self._get_message)
        self._route("PATCH", CHANNEL + r"/messages/(?P<mid>\d+)", self._edit_message)
        self._route("DELETE", CHANNEL + r"/messages/(?P<mid>\d+)", self._delete_message)

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

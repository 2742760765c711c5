"""REST on `/api/v10`: recording every request, routing it, and the wire format of the answers."""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from tests.e2e.fake_discord.records import CommandSync, Request
from tests.e2e.fake_discord.state import FakeState
from tests.e2e.fake_discord.world import APP_ID, BOT, WORLD, snowflake

SESSION_STARTS = 1000  # identifies a day, as Discord gives a bot in fewer than 100,000 guilds
Handler = Callable[[Request, "re.Match[str]"], Awaitable[web.Response]]


def json_response(data: Any, status: int = 200) -> web.Response:
    # Exactly `application/json`: with `; charset=utf-8` discord.py treats the body as text.
    return web.Response(
        status=status, body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


def error(status: int, message: str, code: int = 0) -> web.Response:
    return json_response({"message": message, "code": code}, status)


class Rest(FakeState):
    """Routing, and the routes about the bot itself (user, application, commands, channel)."""

    def __init__(self, *, token: str) -> None:
        super().__init__(token=token)
        self._routes: list[tuple[str, re.Pattern[str], Handler]] = []
        # Seconds before an interaction callback is taken (a slow Discord): the bot's commands
        # stay in flight that long. A bot that hangs up meanwhile is not answered.
        self.callback_delay = 0.0
        # What GET /gateway/bot says: the shard count Discord recommends, and how many sessions
        # may identify at once (shards with the same `id % max_concurrency` wait 5 s apart).
        self.recommended_shards = 1
        self.max_concurrency = 1
        self.advertised_gateway: str | None = None  # the `url` it names; None: this fake's own

    def _route(self, method: str, pattern: str, handler: Handler) -> None:
        self._routes.append((method, re.compile(pattern), handler))

    async def _outside_api(self, request: web.Request) -> web.Response:
        record = Request(request.method, request.path, dict(request.query), None, status=404)
        self.requests.append(record)
        self.unexpected.append(record)
        self.notify()
        return error(404, "404: Not Found")

    async def _rest(self, request: web.Request) -> web.Response:
        path = "/" + request.match_info["tail"]
        body, files = await _read_body(request)
        record = Request(request.method, path, dict(request.query), body, files)
        self.requests.append(record)
        if self.callback_delay and path.endswith("/callback"):
            self.notify()
            await asyncio.sleep(self.callback_delay)
            if request.transport is None or request.transport.is_closing():
                record.status = 499  # the bot closed the connection: Discord never saw it
                self.notify()
                return error(499, "client closed the connection")
        try:
            response = await self._answer(request, record)
        except Exception as err:  # a bug in the fake: fail the test, not just this request
            self.errors.append(f"{record.method} {path}: {err!r}")
            response = error(500, "fake Discord error")
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
                return error(401, "401: Unauthorized")
            return await handler(record, match)
        return error(404, "404: Not Found")

    async def _get_me(self, record: Request, match: re.Match[str]) -> web.Response:
        return json_response({**BOT.user(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def _get_application(self, record: Request, match: re.Match[str]) -> web.Response:
        return json_response(WORLD.application())

    async def _get_channel(self, record: Request, match: re.Match[str]) -> web.Response:
        world = self.world_of_channel(int(match["cid"]))
        if world is None:
            return error(404, "Unknown Channel", 10003)
        return json_response(world.channel())

    async def _get_gateway_bot(self, record: Request, match: re.Match[str]) -> web.Response:
        """Where to connect, the shard count Discord recommends, and the identify budget."""
        identified = sum(s.identify is not None for s in self.sessions)
        limit = {
            "total": SESSION_STARTS,
            "remaining": SESSION_STARTS - identified,
            "reset_after": 86_400_000,
            "max_concurrency": self.max_concurrency,
        }
        shards = self.recommended_shards
        url = self.advertised_gateway or self.gateway_url
        answer = {"url": url, "shards": shards, "session_start_limit": limit}
        return json_response(answer)

    async def _put_commands(self, record: Request, match: re.Match[str]) -> web.Response:
        guild = match.groupdict().get("guild")
        guild_id = int(guild) if guild else None
        if guild_id is not None and guild_id not in self.worlds:  # a server the bot is not in
            return error(403, "Missing Access", 50001)
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
        return json_response(answered)


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

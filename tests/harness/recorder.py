"""What the bot asked Discord to do: the two HTTP exits (REST and the webhook adapter), recorded."""

from __future__ import annotations

import io
import json
import re
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import aiohttp
import discord
from discord.http import Route
from discord.webhook.async_ import AsyncWebhookAdapter

from bot.ui.replies import DONE
from tests.harness import payloads

EPHEMERAL = 64


@dataclass
class Sent:
    """One thing the bot sent: a callback, a follow-up, an edit or a channel message."""

    kind: str  # "callback", "followup", "edit", "channel", "rest"
    method: str
    path: str
    body: dict[str, Any]
    files: list[tuple[str, bytes]] = field(default_factory=list)
    callback_type: int | None = None
    message_id: int | None = None

    @property
    def message(self) -> dict[str, Any]:
        """The message part of the body (a callback wraps it in `data`)."""
        return dict(self.body.get("data") or {}) if self.kind == "callback" else self.body

    @property
    def ephemeral(self) -> bool:
        return bool(int(self.message.get("flags") or 0) & EPHEMERAL)

    @property
    def refused(self) -> bool:
        """A refusal: a private sentence that is not a confirmation (`DONE`: "✅ Added …")."""
        return self.ephemeral and not self.embeds and not self.content.startswith(DONE)

    @property
    def content(self) -> str:
        return str(self.message.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.message.get("embeds") or [])

    @property
    def embed(self) -> dict[str, Any]:
        assert len(self.embeds) == 1, f"expected one embed, got {len(self.embeds)}"
        return self.embeds[0]

    def field(self, name: str) -> str:
        for f in self.embed.get("fields", []):
            if f["name"] == name:
                return str(f["value"])
        raise KeyError(f"no field {name!r} in {[f['name'] for f in self.embed.get('fields', [])]}")

    @property
    def text(self) -> str:
        """Everything a reader sees: content, embed titles, descriptions, fields and footers."""
        parts = [self.content]
        for e in self.embeds:
            parts += [e.get("title", ""), e.get("description", "")]
            parts += [f"{f['name']}: {f['value']}" for f in e.get("fields", [])]
            parts.append((e.get("footer") or {}).get("text", ""))
        return "\n".join(p for p in parts if p)

    def _components(self, kind: int) -> list[dict[str, Any]]:
        """The message's components of one type (2 buttons, 3 select menus), in order."""
        found: list[dict[str, Any]] = []
        stack = list(self.message.get("components") or [])
        while stack:
            comp = stack.pop(0)
            if comp.get("type") == kind:
                found.append(comp)
            stack.extend(comp.get("components") or [])
        return found

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return self._components(2)

    @property
    def selects(self) -> list[dict[str, Any]]:
        return self._components(3)

    def button(self, label: str) -> dict[str, Any]:
        for b in self.buttons:
            if b.get("label") == label:
                return b
        raise KeyError(f"no button {label!r} among {[b.get('label') for b in self.buttons]}")


def _split(
    payload: dict[str, Any] | None, multipart: list[dict[str, Any]] | None
) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    if payload is not None:
        return payload, []
    body: dict[str, Any] = {}
    files: list[tuple[str, bytes]] = []
    for part in multipart or []:
        if part["name"] == "payload_json":
            body = json.loads(part["value"])
        elif "filename" in part:
            value = part["value"]
            data = value.getvalue() if isinstance(value, io.BytesIO) else value.read()
            files.append((str(part["filename"]), bytes(data)))
    return body, files


class Recorder(AsyncWebhookAdapter):
    """Stands in for both HTTP exits and keeps every message so buttons can be clicked later."""

    def __init__(self) -> None:
        super().__init__()  # type: ignore[no-untyped-call]
        self.sent: list[Sent] = []
        self.messages: dict[int, dict[str, Any]] = {}
        self.originals: dict[str, int] = {}
        self.clicked: dict[str, int] = {}
        self.uploads: dict[str, bytes] = {}

    async def cdn(self, url: str) -> bytes:
        """Attachments the bot downloads: the files a test attached."""
        return self.uploads[url]

    # -- the webhook adapter: interaction callbacks, follow-ups, edits of the original response --
    async def request(
        self,
        route: Route,
        session: aiohttp.ClientSession,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        **_: Any,
    ) -> Any:
        path = route.url[len(Route.BASE) :]
        body, files = _split(payload, multipart)
        if m := re.fullmatch(r"/interactions/(\d+)/([^/]+)/callback", path):
            return self._callback(route.method, path, m.group(2), body, files)
        if m := re.fullmatch(r"/webhooks/\d+/([^/]+)/messages/(@original|\d+)", path):
            mid = self.originals.get(m.group(1)) if m.group(2) == "@original" else int(m.group(2))
            if mid is None:
                raise AssertionError(f"{path}: the interaction has no original response")
            if route.method == "GET":
                return self.messages[mid]
            if route.method == "DELETE":
                self.messages.pop(mid, None)
                return None
            return self._store("edit", route.method, path, body, files, mid, update=True)
        if re.fullmatch(r"/webhooks/\d+/[^/]+", path):
            return self._store("followup", route.method, path, body, files, None)
        raise AssertionError(f"unexpected webhook call {route.method} {path}")

    def _callback(
        self,
        method: str,
        path: str,
        token: str,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
    ) -> dict[str, Any]:
        kind = int(body["type"])
        data = dict(body.get("data") or {})
        sent = Sent("callback", method, path, body, files, callback_type=kind)
        self.sent.append(sent)
        interaction = {"id": str(payloads.snowflake()), "type": kind}
        result: dict[str, Any] = {"interaction": interaction}
        if kind in (4, 5):  # a new message (or the "thinking" placeholder)
            msg = payloads.message(payloads.CHANNEL_ID, data)
            sent.message_id = int(msg["id"])
            self.messages[sent.message_id] = msg
            self.originals[token] = sent.message_id
            interaction.update(
                response_message_id=msg["id"],
                response_message_loading=kind == 5,
                response_message_ephemeral=bool(int(data.get("flags") or 0) & EPHEMERAL),
            )
            result["resource"] = {"type": kind, "message": msg}
        elif kind in (6, 7):  # update the message the component is on
            mid = self.clicked.get(token)
            if mid is not None:
                sent.message_id = mid
                self.originals[token] = mid
                if kind == 7:
                    self.messages[mid] = {**self.messages[mid], **_message_fields(data)}
                interaction["response_message_id"] = str(mid)
                result["resource"] = {"type": kind, "message": self.messages[mid]}
        return result

    def _store(
        self,
        kind: str,
        method: str,
        path: str,
        body: dict[str, Any],
        files: list[tuple[str, bytes]],
        mid: int | None,
        *,
        update: bool = False,
        channel_id: int = payloads.CHANNEL_ID,
    ) -> dict[str, Any]:
        if update and mid is not None and mid in self.messages:
            msg = dict(self.messages[mid])
            payloads.apply_body(msg, body)  # an edit's new attachments as Discord returns them
        else:
            msg = payloads.message(channel_id, body, message_id=mid)
        self.messages[int(msg["id"])] = msg
        self.sent.append(Sent(kind, method, path, body, files, message_id=int(msg["id"])))
        return msg

    # -- bot.http.request: REST (channel messages, command sync, anything else) --
    async def rest(
        self, route: Route, *, files: Any = None, form: Any = None, **kwargs: Any
    ) -> Any:
        path = route.url[len(Route.BASE) :]
        body = kwargs.get("json") or {}
        if (m := re.fullmatch(r"/channels/(\d+)/messages", path)) and route.method == "POST":
            return self._store("channel", "POST", path, body, [], None, channel_id=int(m.group(1)))
        if (
            re.fullmatch(r"/applications/\d+(/guilds/\d+)?/commands", path)
            and route.method == "PUT"
        ):
            self.sent.append(Sent("rest", "PUT", path, {"commands": body}))
            return [{**c, "id": str(payloads.snowflake()), "application_id": str(payloads.APP_ID),
                     "version": "1"} for c in body]  # fmt: skip
        if m := re.fullmatch(r"/channels/(\d+)/messages/(\d+)", path):
            mid = int(m.group(2))
            if route.method == "PATCH":
                if mid not in self.messages:  # deleted (or never sent): Discord's 404
                    raise unknown_message()
                return self._store("edit", "PATCH", path, body, [], mid, update=True)
        self.sent.append(
            Sent("rest", route.method, path, dict(body) if isinstance(body, dict) else {})
        )
        return {}


def unknown_message() -> discord.NotFound:
    """What discord.py raises when Discord answers 404 Unknown Message (code 10008)."""
    response = SimpleNamespace(status=404, reason="Not Found")
    return discord.NotFound(response, {"code": 10008, "message": "Unknown Message"})


def _message_fields(body: dict[str, Any]) -> dict[str, Any]:
    return {k: body[k] for k in ("content", "embeds", "components", "attachments") if k in body}

"""The routes that create, edit and delete messages: interaction callbacks, webhook follow-ups and
edits of the original response, and channel messages."""

from __future__ import annotations

import re
import time

from aiohttp import web

from tests.e2e.fake_discord.protocol import (
    AUTOCOMPLETE,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    EPHEMERAL,
    LOADING,
    MESSAGE,
    MODAL,
    PONG,
    UPDATE_MESSAGE,
)
from tests.e2e.fake_discord.records import (
    Callback,
    ChannelMessage,
    Interaction,
    Request,
    WebhookMessage,
)
from tests.e2e.fake_discord.rest import Rest, error, json_response
from tests.e2e.fake_discord.world import JSON, TIMESTAMP, WORLD

TRUE = ("1", "true", "True")


class Messages(Rest):
    """What the bot says: every message it creates is kept in `messages` for later clicks."""

    def _reply(self, interaction: Interaction, body: JSON) -> JSON:
        """The message an answer creates: type 20 (CHAT_INPUT_COMMAND) after a slash command."""
        kind = 20 if interaction.payload["type"] == 2 else 0
        channel_id = int(interaction.payload["channel_id"])
        return self._keep(self._message(channel_id, body, kind=kind, webhook=True))

    def _message(
        self, channel_id: int, body: JSON, *, kind: int = 0, webhook: bool = False
    ) -> JSON:
        """A message in `channel_id` as Discord returns it: in that channel's guild, or in no
        guild for a direct message."""
        world = self.world_of_channel(channel_id)
        message = (world or WORLD).message(channel_id, body, kind=kind, webhook=webhook)
        if world is None:
            del message["guild_id"]
        return message

    def _keep(self, message: JSON) -> JSON:
        self.messages[int(message["id"])] = message
        return message

    def _answered(self, interaction: Interaction) -> bool:
        return any(c.interaction is interaction for c in self.callbacks)

    async def _callback(self, record: Request, match: re.Match[str]) -> web.Response:
        interaction = self.interactions.get(int(match["id"]))
        if interaction is None or interaction.token != match["token"]:
            return error(404, "Unknown interaction", 10062)
        if self._answered(interaction):
            return error(400, "Interaction has already been acknowledged.", 40060)
        body = record.body or {}
        kind = int(body.get("type", 0))
        data = dict(body.get("data") or {})
        elapsed = time.monotonic() - interaction.sent_at
        source = interaction.payload.get("message")
        message: JSON | None = None
        if kind == MESSAGE:
            message = interaction.original = self._reply(interaction, data)
        elif kind == DEFERRED_MESSAGE:
            flags = LOADING | (int(data.get("flags") or 0) & EPHEMERAL)
            message = interaction.original = self._reply(interaction, {"flags": flags})
        elif kind in (UPDATE_MESSAGE, DEFERRED_UPDATE):
            if source is None:
                return error(400, "Interaction has no message to update", 50035)
            message = self.messages.setdefault(int(source["id"]), source)
            if kind == UPDATE_MESSAGE:
                WORLD.apply_body(message, data)
                message["edited_timestamp"] = TIMESTAMP
        elif kind not in (AUTOCOMPLETE, MODAL, PONG):
            return error(400, f"Invalid interaction response type {kind}", 50035)
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
        if record.query.get("with_response") in TRUE:
            return json_response(answer)
        return web.Response(status=204)

    def _by_token(self, token: str) -> Interaction | None:
        return next((i for i in self.interactions.values() if i.token == token), None)

    def _original(self, match: re.Match[str]) -> tuple[Interaction, JSON] | web.Response:
        interaction = self._by_token(match["token"])
        if interaction is None or interaction.original is None:
            return error(404, "Unknown Message", 10008)
        return interaction, interaction.original

    async def _get_original(self, record: Request, match: re.Match[str]) -> web.Response:
        found = self._original(match)
        return found if isinstance(found, web.Response) else json_response(found[1])

    async def _edit_original(self, record: Request, match: re.Match[str]) -> web.Response:
        found = self._original(match)
        if isinstance(found, web.Response):
            return found
        interaction, message = found
        body = dict(record.body or {})
        WORLD.apply_body(message, body)
        message["flags"] = int(message.get("flags") or 0) & ~LOADING
        message["edited_timestamp"] = TIMESTAMP
        self.original_edits.append(WebhookMessage(interaction, body, record.files, message))
        return json_response(message)

    async def _delete_original(self, record: Request, match: re.Match[str]) -> web.Response:
        found = self._original(match)
        if isinstance(found, web.Response):
            return found
        self.messages.pop(int(found[1]["id"]), None)
        return web.Response(status=204)

    async def _followup(self, record: Request, match: re.Match[str]) -> web.Response:
        interaction = self._by_token(match["token"])
        # Discord refuses follow-ups before the interaction was answered or deferred.
        if interaction is None or not self._answered(interaction):
            return error(404, "Unknown Webhook", 10015)
        body = dict(record.body or {})
        channel_id = int(interaction.payload["channel_id"])
        message = self._keep(self._message(channel_id, body, webhook=True))
        self.followups.append(WebhookMessage(interaction, body, record.files, message))
        if record.query.get("wait") in TRUE:
            return json_response(message)
        return web.Response(status=204)

    async def _get_message(self, record: Request, match: re.Match[str]) -> web.Response:
        message = self.messages.get(int(match["mid"]))
        if message is None:
            return error(404, "Unknown Message", 10008)
        return json_response(message)

    async def _edit_message(self, record: Request, match: re.Match[str]) -> web.Response:
        message = self.messages.get(int(match["mid"]))
        if message is None:
            return error(404, "Unknown Message", 10008)
        WORLD.apply_body(message, dict(record.body or {}))
        message["edited_timestamp"] = TIMESTAMP
        return json_response(message)

    async def _delete_message(self, record: Request, match: re.Match[str]) -> web.Response:
        if self.messages.pop(int(match["mid"]), None) is None:
            return error(404, "Unknown Message", 10008)
        return web.Response(status=204)

    async def _post_channel_message(self, record: Request, match: re.Match[str]) -> web.Response:
        channel_id = int(match["cid"])
        if self.world_of_channel(channel_id) is None:
            return error(404, "Unknown Channel", 10003)
        body = dict(record.body or {})
        message = self._keep(self._message(channel_id, body))
        self.channel_messages.append(ChannelMessage(channel_id, body, record.files, message))
        return json_response(message)

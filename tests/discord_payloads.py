"""Raw Discord payloads (users, members, guild, channel, messages, interactions) as Discord sends
them: the one source of their shapes, for the in-process harness (tests/harness) and the fake
Discord of the end-to-end tests (tests/e2e). Each layer describes its own guild with a `World`
(ids, people, permissions) and builds every payload through it."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

JSON = dict[str, Any]

TIMESTAMP = "2026-11-22T20:00:00.000000+00:00"
ALL_PERMISSIONS = str((1 << 50) - 1)
EPHEMERAL = 1 << 6
# The message fields a create or an edit may carry (`World.apply_body`).
MESSAGE_FIELDS = ("content", "embeds", "components", "attachments", "poll")


@dataclass(frozen=True)
class Person:
    """A guild member (or the bot) with the permissions Discord computes for them."""

    id: int
    name: str
    permissions: str
    bot: bool = False

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


@dataclass
class World:
    """One guild with one text channel, as a test layer sees Discord: its ids and its people."""

    app_id: int
    guild_id: int
    channel_id: int
    member_permissions: str  # what @everyone may do
    members: tuple[Person, ...]  # the guild's members, as GUILD_CREATE lists them
    owner: Person  # owns the guild and the application
    first_id: int  # where this world's snowflakes start
    _ids: Iterator[int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self._ids = itertools.count(self.first_id)

    def snowflake(self) -> int:
        return next(self._ids)

    @property
    def bot(self) -> Person:
        return Person(self.app_id, "Vox", ALL_PERMISSIONS, bot=True)

    def bot_user(self) -> JSON:
        return self.bot.user()

    def channel(self, channel_id: int | None = None) -> JSON:
        return {
            "id": str(channel_id or self.channel_id),
            "type": 0,
            "guild_id": str(self.guild_id),
            "name": "war-table",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "last_message_id": None,
            "rate_limit_per_user": 0,
        }

    def guild(self, channel_ids: tuple[int, ...] | None = None) -> JSON:
        everyone = {
            "id": str(self.guild_id),
            "name": "@everyone",
            "permissions": self.member_permissions,
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }
        return {
            "id": str(self.guild_id),
            "name": "Warhammer Night",
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner.id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "roles": [everyone],
            "emojis": [],
            "stickers": [],
            "features": [],
            "channels": [self.channel(c) for c in channel_ids or (self.channel_id,)],
            "threads": [],
            "members": [p.member() for p in self.members],
            "member_count": len(self.members),
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

    def application(self) -> JSON:
        return {
            "id": str(self.app_id),
            "name": "Vox",
            "icon": None,
            "description": "A Discord bot for Warhammer 40,000 tables.",
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": self.owner.user(),
            "verify_key": "0" * 64,
            "flags": 0,
            "team": None,
        }

    def message(
        self,
        channel_id: int,
        body: JSON,
        *,
        message_id: int | None = None,
        kind: int = 0,
        webhook: bool = False,
    ) -> JSON:
        """A message as Discord returns it after the bot sent `body` (by a webhook or not)."""
        message: JSON = {
            "id": str(message_id or self.snowflake()),
            "channel_id": str(channel_id),
            "guild_id": str(self.guild_id),
            "author": self.bot_user(),
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
            "application_id": str(self.app_id),
        }
        if webhook:
            message["webhook_id"] = str(self.app_id)
        self.apply_body(message, body)
        return message

    def apply_body(self, message: JSON, body: JSON) -> None:
        """Merge a message body (create or edit) into a stored message."""
        for key in MESSAGE_FIELDS:
            if key in body and body[key] is not None:
                message[key] = body[key]
        if "flags" in body and body["flags"] is not None:
            message["flags"] = int(body["flags"])
        if message.get("attachments"):
            message["attachments"] = [
                {
                    "id": str(a.get("id", self.snowflake())),
                    "filename": a.get("filename", "file"),
                    "size": a.get("size", 0),
                    "url": a.get("url", "http://127.0.0.1/attachment"),
                    "proxy_url": a.get("proxy_url", "http://127.0.0.1/attachment"),
                    **{k: v for k, v in a.items() if k not in ("id",)},
                }
                for a in message["attachments"]
            ]

    def interaction(
        self,
        kind: int,
        data: JSON,
        person: Person,
        *,
        channel_id: int | None = None,
        msg: JSON | None = None,
        dm: bool = False,
    ) -> JSON:
        """An INTERACTION_CREATE as Discord builds it for a guild text channel (or, with `dm`,
        for a direct message with the bot: no guild, a `user` instead of a `member`)."""
        interaction_id = self.snowflake()
        channel_id = channel_id or self.channel_id
        payload: JSON = {
            "id": str(interaction_id),
            "application_id": str(self.app_id),
            "type": kind,
            "data": data,
            "guild_id": str(self.guild_id),
            "guild": {"id": str(self.guild_id), "locale": "en-US", "features": []},
            "channel_id": str(channel_id),
            "channel": self.channel(channel_id),
            "member": person.member(),
            "token": f"itoken-{interaction_id}",
            "version": 1,
            "app_permissions": ALL_PERMISSIONS,
            "locale": "en-GB",
            "guild_locale": "en-US",
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(self.guild_id)},
            "context": 0,
            "attachment_size_limit": 10 * 1024 * 1024,
        }
        if msg is not None:
            payload["message"] = msg
        if dm:
            for key in ("guild_id", "guild", "member", "guild_locale"):
                del payload[key]
            payload.update(
                user=person.user(),
                channel={"id": str(channel_id), "type": 1, "last_message_id": None,
                         "recipients": [person.user()]},
                authorizing_integration_owners={"1": str(person.id)},
                context=1,
                app_permissions=str(0x800 | 0x400 | 0x4000 | 0x8000 | 0x10000 | 0x40),
            )  # fmt: skip
        return payload

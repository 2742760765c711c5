"""Raw Discord payloads (users, members, guild, messages, interactions) as Discord sends them."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

APP_ID = 900000000000000001
BOT_ID = APP_ID
GUILD_ID = 910000000000000001
CHANNEL_ID = 920000000000000001
TIMESTAMP = "2026-11-22T20:00:00.000000+00:00"
ALL_PERMISSIONS = str((1 << 50) - 1)
MEMBER_PERMISSIONS = str(0x800 | 0x400 | 0x40 | 0x8000)  # send, view, add reactions, attach

_ids = itertools.count(930000000000000001)


def snowflake() -> int:
    return next(_ids)


@dataclass(frozen=True)
class Person:
    id: int
    name: str
    manage_channels: bool = False

    def user(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
            "bot": False,
        }

    def member(self) -> dict[str, Any]:
        perms = ALL_PERMISSIONS if self.manage_channels else MEMBER_PERMISSIONS
        return {
            "user": self.user(),
            "nick": None,
            "roles": [],
            "joined_at": TIMESTAMP,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "permissions": perms,
        }


ALICE = Person(940000000000000001, "Alice")
BOB = Person(940000000000000002, "Bob")
CAROL = Person(940000000000000003, "Carol", manage_channels=True)
BOT = Person(BOT_ID, "Vox")


def bot_user() -> dict[str, Any]:
    return {**BOT.user(), "bot": True}


def _everyone() -> dict[str, Any]:
    return {
        "id": str(GUILD_ID),
        "name": "@everyone",
        "permissions": MEMBER_PERMISSIONS,
        "position": 0,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
    }


def channel(channel_id: int = CHANNEL_ID) -> dict[str, Any]:
    return {
        "id": str(channel_id),
        "type": 0,
        "guild_id": str(GUILD_ID),
        "name": f"table-{channel_id % 1000}",
        "position": 0,
        "permission_overwrites": [],
        "nsfw": False,
        "parent_id": None,
    }


def guild(channel_ids: tuple[int, ...] = (CHANNEL_ID,)) -> dict[str, Any]:
    return {
        "id": str(GUILD_ID),
        "name": "Warhammer Night",
        "icon": None,
        "owner_id": str(CAROL.id),
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
            }
        ],
        "emojis": [],
        "stickers": [],
        "features": [],
        "channels": [channel(c) for c in channel_ids],
        "members": [p.member() for p in (ALICE, BOB, CAROL)],
        "member_count": 3,
        "large": False,
        "unavailable": False,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "mfa_level": 0,
        "premium_tier": 0,
        "preferred_locale": "en-US",
        "system_channel_flags": 0,
        "nsfw_level": 0,
    }


def message(
    channel_id: int, body: dict[str, Any], *, message_id: int | None = None, ephemeral: bool = False
) -> dict[str, Any]:
    """A message as Discord returns it after the bot sent `body`."""
    flags = int(body.get("flags") or 0) | (64 if ephemeral else 0)
    return {
        "id": str(message_id or snowflake()),
        "channel_id": str(channel_id),
        "guild_id": str(GUILD_ID),
        "author": bot_user(),
        "content": body.get("content") or "",
        "timestamp": TIMESTAMP,
        "edited_timestamp": None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        "attachments": body.get("attachments") or [],
        "embeds": body.get("embeds") or [],
        "components": body.get("components") or [],
        "pinned": False,
        "type": 0,
        "flags": flags,
        "application_id": str(APP_ID),
    }


def interaction(
    kind: int,
    data: dict[str, Any],
    person: Person,
    *,
    channel_id: int = CHANNEL_ID,
    msg: dict[str, Any] | None = None,
) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(snowflake()),
        "application_id": str(APP_ID),
        "type": kind,
        "data": data,
        "guild_id": str(GUILD_ID),
        "channel_id": str(channel_id),
        "channel": channel(channel_id),
        "member": person.member(),
        "token": f"token-{snowflake()}",
        "version": 1,
        "app_permissions": ALL_PERMISSIONS,
        "locale": "en-GB",
        "guild_locale": "en-US",
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(GUILD_ID)},
        "context": 0,
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if msg is not None:
        payload["message"] = msg
    return payload

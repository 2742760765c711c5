"""The fake's guilds (ids, people, token), which shard each belongs to, and reading the components
and embeds of its messages."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from tests.discord_payloads import ALL_PERMISSIONS
from tests.discord_payloads import JSON as JSON
from tests.discord_payloads import TIMESTAMP as TIMESTAMP
from tests.discord_payloads import Person as Person
from tests.discord_payloads import World as World

TOKEN = "fake-token"
APP_ID = 1_300_000_000_000_000_001
GUILD_ID = 1_310_000_000_000_000_001
CHANNEL_ID = 1_320_000_000_000_000_001
MEMBER_PERMISSIONS = str(0x400 | 0x800 | 0x4000 | 0x8000 | 0x10000 | 0x40 | 0x80000000)

ALICE = Person(1_330_000_000_000_000_001, "Alice", MEMBER_PERMISSIONS)
BOB = Person(1_330_000_000_000_000_002, "Bob", MEMBER_PERMISSIONS)
MEMBERS = (ALICE, BOB)
BOT = Person(APP_ID, "Vox", ALL_PERMISSIONS, bot=True)
WORLD = World(
    APP_ID,
    GUILD_ID,
    CHANNEL_ID,
    MEMBER_PERMISSIONS,
    members=(*MEMBERS, BOT),
    owner=ALICE,
    first_id=1_400_000_000_000_000_001,
)
snowflake = WORLD.snowflake
ID_BLOCK = 10**15  # each further guild's snowflakes start this far after the previous guild's


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """The shard Discord sends a guild's events to; events outside a guild (DMs) go to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def guild_on_shard(shard: int, shard_count: int, taken: set[int]) -> World:
    """A further guild, with its own text channel and the same people, whose id lands on `shard`
    of `shard_count` (the id's timestamp bits step by one per candidate, so one in `shard_count`
    candidates fits); `taken` holds the guild ids already in use."""
    if not 0 <= shard < shard_count:
        raise ValueError(f"shard {shard} is not one of 0..{shard_count - 1}")
    step = 1
    guild_id = GUILD_ID + (step << 22)
    while guild_id in taken or shard_of(guild_id, shard_count) != shard:
        step += 1
        guild_id = GUILD_ID + (step << 22)
    index = len(taken)
    return dataclasses.replace(
        WORLD,
        guild_id=guild_id,
        channel_id=CHANNEL_ID + index,
        first_id=WORLD.first_id + index * ID_BLOCK,
    )


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


def iter_embed_fields(embed: JSON) -> Iterator[tuple[str, str]]:
    for f in embed.get("fields") or []:
        yield str(f["name"]), str(f["value"])

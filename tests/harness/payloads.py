"""The harness's guild: its ids and people; every payload is shaped by tests.discord_payloads."""

from __future__ import annotations

from tests.discord_payloads import ALL_PERMISSIONS, World
from tests.discord_payloads import Person as Person

APP_ID = 900000000000000001
BOT_ID = APP_ID
GUILD_ID = 910000000000000001
CHANNEL_ID = 920000000000000001
MEMBER_PERMISSIONS = str(0x800 | 0x400 | 0x40 | 0x8000)  # send, view, add reactions, attach

ALICE = Person(940000000000000001, "Alice", MEMBER_PERMISSIONS)
BOB = Person(940000000000000002, "Bob", MEMBER_PERMISSIONS)
CAROL = Person(940000000000000003, "Carol", ALL_PERMISSIONS)  # may manage channels
DAVE = Person(940000000000000004, "Dave", MEMBER_PERMISSIONS)  # a bystander: plays in no game

WORLD = World(
    APP_ID,
    GUILD_ID,
    CHANNEL_ID,
    MEMBER_PERMISSIONS,
    (ALICE, BOB, CAROL, DAVE),
    CAROL,
    first_id=930000000000000001,
)
BOT = WORLD.bot

snowflake = WORLD.snowflake
bot_user = WORLD.bot_user
channel = WORLD.channel
guild = WORLD.guild
message = WORLD.message
apply_body = WORLD.apply_body
interaction = WORLD.interaction

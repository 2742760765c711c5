"""Offline Discord for tests: real discord.Interactions through the bot's own ConnectionState."""

from tests.harness.driver import Harness, Rejected, Upload
from tests.harness.payloads import ALICE, BOB, CAROL, CHANNEL_ID, DAVE, GUILD_ID, Person
from tests.harness.recorder import Sent

__all__ = [
    "ALICE",
    "BOB",
    "CAROL",
    "CHANNEL_ID",
    "DAVE",
    "GUILD_ID",
    "Harness",
    "Person",
    "Rejected",
    "Sent",
    "Upload",
]

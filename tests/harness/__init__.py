"""Offline Discord for tests: real discord.Interactions through the bot's own ConnectionState.

`tests.harness.posts` reads what was sent as a channel sees it: `public_posts` (the new public
messages, for counting how quiet a game is; edits and ephemeral answers do not count), `shown`
(the live prompt as an answer posted or edited it), `private` and `refusals`."""

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

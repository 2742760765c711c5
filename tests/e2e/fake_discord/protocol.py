"""Discord's numbers the fake speaks: opcodes, callback and option types, flags, deadlines."""

from tests.discord_payloads import EPHEMERAL as EPHEMERAL

LOADING = 1 << 7

# Interaction types.
COMMAND_INTERACTION = 2
COMPONENT_INTERACTION = 3
AUTOCOMPLETE_INTERACTION = 4
# Interaction callback types (Discord's InteractionResponseType).
PONG = 1
MESSAGE = 4  # CHANNEL_MESSAGE_WITH_SOURCE
DEFERRED_MESSAGE = 5  # DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE ("Vox is thinking…")
DEFERRED_UPDATE = 6  # DEFERRED_UPDATE_MESSAGE
UPDATE_MESSAGE = 7
AUTOCOMPLETE = 8  # APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
MODAL = 9
# Gateway opcodes.
OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_RESUME = 6
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_ACK = 11
# Application command option types.
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, BOOLEAN, USER, NUMBER = 1, 2, 3, 4, 5, 6, 10

DEFAULT_TIMEOUT = 5.0
# Discord shows "This interaction failed" when the first answer takes longer than this.
INTERACTION_DEADLINE = 3.0


class Rejected(ValueError):
    """What Discord's own client would refuse to send (bad option, disabled button…)."""

"""The one family of errors a member can cause: each message is the sentence the member sees.

Everything a member did that Vox refuses is a `VoxError`; anything else reaching the reply
handler is a bug (logged with an id). The store raises only data errors (`bot.store.errors`),
which the ledgers turn into these.
"""

from __future__ import annotations


class VoxError(Exception):
    """Base class: the message is one sentence that says what happened or what to do instead."""


class RulesError(VoxError, ValueError):
    """What the rules cannot read or do not allow (a ValueError too, so pydantic validators
    can raise it)."""


class NotAllowed(VoxError):
    """The member may not do this (not a player, not the owner, not an organiser)."""


class Stale(VoxError):
    """A button or message from an earlier moment: what it acted on has moved on since."""


class NotFound(VoxError):
    """What the command names does not exist (no game in the channel, no such campaign)."""


class Busy(VoxError):
    """Too much at once (a member's queue of computations, a game busy with other changes)."""


class BadFile(VoxError):
    """A file a member uploaded that Vox cannot read (an army list): nothing was stored."""

"""The store's data errors: what happened to the data, never a sentence for a member.

None of them is a `bot.errors.VoxError`: the ledgers (`bot.ledger`, `bot.tracker`,
`bot.chronicle`) catch them and say what a member should do instead.
"""

from __future__ import annotations


class StoreError(Exception):
    """Base class of the store's data errors."""


class Conflict(StoreError):
    """Someone appended first: reload the log and decide again."""

    def __init__(self, stream: str, key: int, expected: int, actual: int) -> None:
        super().__init__(f"{stream} {key} is at seq {actual}, not {expected}")
        self.stream = stream
        self.key = key
        self.expected = expected
        self.actual = actual


class Missing(StoreError, LookupError):
    """No such stream (a game or campaign id that does not exist)."""


class Closed(StoreError):
    """The stream takes no more events (a game that has ended)."""


class Duplicate(StoreError):
    """A row a uniqueness rule refuses: a second active game in a channel, a campaign name taken
    in the server, a game already linked to a campaign."""


class Constraint(StoreError):
    """The database refused a row by one of its rules (unique, check, foreign key); the
    repositories say which rule it was (`Duplicate`, `Conflict`…)."""

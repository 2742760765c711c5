"""The dice an interaction rolled, counted as they are rolled, for the channel's roll log.

The bot's `Dice` is a `TalliedDice`: every physical die it rolls is added to the `Tally` of the
interaction being handled (a context variable, so concurrent interactions never mix), whatever
rolled it — /roll, an attack, a charge, a test, a button. When the interaction is over, its tally
becomes one row of the roll log (`bot.store.roll_log`) if it rolled anything. A use case that
knows better words for what was rolled and what came of it says so with `describe`; one whose dice
are in the game's own events says so with `recorded_in_game` (so /game log does not show them
twice); /roll offers its text to roll again (`offer_again`). The row is written after the answer,
so nobody waits for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from bot.rules.dice import Dice

_CURRENT: ContextVar[Tally | None] = ContextVar("vox_tally", default=None)


@dataclass
class Tally:
    """What one interaction rolled: D6 faces by face (index 0 is a 1), every die of any kind,
    and the words for the log if the use case gave them."""

    d6: list[int] = field(default_factory=lambda: [0] * 6)
    dice: int = 0
    what: str | None = None
    result: str | None = None
    game_action: bool = False  # the roll was recorded as a game event (it is in /game log already)
    secret: bool = False  # only the roller saw it: kept out of history and stats
    again: str | None = None  # the /roll text its Roll again button rolls
    label: str | None = None  # what the player said the roll was for

    def add(self, sides: int, face: int) -> None:
        self.dice += 1
        if sides == 6:
            self.d6[face - 1] += 1

    @property
    def d6_faces(self) -> tuple[int, int, int, int, int, int]:
        one, two, three, four, five, six = self.d6
        return one, two, three, four, five, six


def current() -> Tally | None:
    """The tally of the interaction being handled, if any."""
    return _CURRENT.get()


def describe(what: str, result: str) -> None:
    """Name what the current interaction rolled and its result, for the roll log."""
    tally = _CURRENT.get()
    if tally is not None:
        tally.what, tally.result = what, result


def recorded_in_game() -> None:
    """The current interaction's dice were recorded as game events: /game log shows those."""
    tally = _CURRENT.get()
    if tally is not None:
        tally.game_action = True


def offer_again(text: str, label: str | None) -> None:
    """The current interaction's answer carries a Roll again button that rolls `text`."""
    tally = _CURRENT.get()
    if tally is not None:
        tally.again, tally.label = text, label


def shown_privately(secret: bool = True) -> None:
    """The current interaction's roll was shown only to the member who made it."""
    tally = _CURRENT.get()
    if tally is not None:
        tally.secret = secret


def start() -> Tally:
    """A new tally for the rest of the current task: for a handler that runs in a task of its
    own (a slash command), whose context ends with it, so there is nothing to reset. Tasks it
    starts later (the completion listener) copy the context and see the same tally."""
    tally = Tally()
    _CURRENT.set(tally)
    return tally


@contextmanager
def tallying() -> Iterator[Tally]:
    """Count the dice rolled inside the block (and in tasks it starts) in a new tally."""
    tally = Tally()
    token = _CURRENT.set(tally)
    try:
        yield tally
    finally:
        _CURRENT.reset(token)


class TalliedDice(Dice):
    """The bot's dice: `inner` rolls, and every face is added to the current tally."""

    def __init__(self, inner: Dice) -> None:
        super().__init__()
        self.inner = inner

    def roll(self, sides: int) -> int:
        face = self.inner.roll(sides)
        tally = _CURRENT.get()
        if tally is not None:
            tally.add(sides, face)
        return face

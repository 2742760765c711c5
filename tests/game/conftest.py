"""A table to play on: a log that decisions append to, folded after every action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.game import (
    GameState,
    Recorded,
    add_unit,
    choose_first_player,
    fold,
    next_phase,
    profile,
    start_game,
)
from bot.game.events import Event

ALICE, BOB = 101, 202
AT = "2024-06-01T18:00:00.000Z"


class Table:
    """Plays decisions against the folded state and keeps the log, as the cog and store will."""

    def __init__(self) -> None:
        self.log: list[Recorded] = []
        self.state = GameState()

    def append(self, events: list[Event], actor: int | None = ALICE) -> list[Recorded]:
        new = [Recorded(len(self.log) + i, actor, AT, e) for i, e in enumerate(events, 1)]
        self.log += new
        self.state = fold(self.log)
        return new

    def do(
        self, decide: Callable[..., list[Event]], *args: Any, actor: int = ALICE, **kwargs: Any
    ) -> list[Event]:
        events = decide(self.state, *args, **kwargs)
        self.append(events, actor=actor)
        return events

    def start(self, edition: str = "9th", first: int | None = ALICE, **options: Any) -> Table:
        self.append([start_game(edition, (ALICE, BOB), **options)])
        if first is not None:
            self.do(choose_first_player, first)
        return self

    def unit(self, owner: int, name: str, **fields: Any) -> Table:
        self.do(add_unit, owner, profile(name=name, **fields), actor=owner)
        return self

    def next(self, times: int = 1) -> Table:
        for _ in range(times):
            self.do(next_phase)
        return self

    def goto(self, phase: str, player: int | None = None) -> Table:
        """Advance to `phase` (of `player`'s turn when given), at most two turns ahead."""
        for _ in range(20):
            here = self.state.phase
            if here is not None and here.key == phase and player in (None, self.state.active):
                return self
            self.next()
        raise AssertionError(f"never reached {phase}")


@pytest.fixture
def table() -> Table:
    return Table()

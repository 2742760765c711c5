"""A channel's game, kept current: load the log, decide, append optimistically, retry on conflict.

The pure model (`bot.game`) decides; the store (`bot.store.games`) appends with the seq the decision
was made at. If someone else appended first, the state is reloaded and the decision made again —
unless the caller pinned a seq (a button from an older prompt), which is then out of date.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.game import Event, GameState, Recorded, apply, fold
from bot.game.events import GameStarted
from bot.rules.errors import IllegalAction
from bot.store import games
from bot.store.database import Database

MAX_TRIES = 5
Decision = Callable[[GameState], Sequence[Event]]
Expectation = Callable[[GameState], bool]
STALE = "This prompt is out of date; use the newest one (or /game status)."


class NoGame(IllegalAction):
    """The channel has no active game."""


class Stale(IllegalAction):
    """A button from an older prompt: the game has moved on since."""


@dataclass(frozen=True, slots=True)
class Table:
    """A channel's game: its record, its log and the state folded from it."""

    record: games.GameRecord
    events: tuple[Recorded, ...]
    state: GameState


@dataclass(frozen=True, slots=True)
class Outcome:
    """What one action did: the state before and after, and the events appended."""

    table: Table
    before: GameState
    appended: tuple[Recorded, ...]

    @property
    def state(self) -> GameState:
        return self.table.state


NO_GAME = "There is no game in this channel; start one with /game start opponent:@someone."


class KeyedLocks:
    """One asyncio lock per key (a channel, a campaign), dropped when nobody holds it: in this
    process concurrent actions on one key queue instead of colliding (optimistic append still
    guards against other processes sharing the database)."""

    def __init__(self) -> None:
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def __call__(self, key: int) -> asyncio.Lock:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        return lock


class Tracker:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._tables: dict[int, Table] = {}  # by game id; only ever extended from the log
        self._lock = KeyedLocks()  # one writer per channel

    async def table(self, channel_id: int) -> Table | None:
        """The channel's active game, up to date with the log."""
        record = await games.active_game(self.db, channel_id)
        if record is None:
            return None
        return await self._refresh(record)

    async def require(self, channel_id: int) -> Table:
        table = await self.table(channel_id)
        if table is None:
            raise NoGame(NO_GAME)
        return table

    async def _refresh(self, record: games.GameRecord) -> Table:
        cached = self._tables.get(record.id)
        after = cached.state.seq if cached else 0
        new = await games.load_events(self.db, record.id, after=after)
        if cached and not new:
            return cached if cached.record == record else Table(record, cached.events, cached.state)
        state = cached.state if cached else GameState()
        for event in new:
            state = apply(state, event)
        events = (*(cached.events if cached else ()), *new)
        table = Table(record, events, state)
        self._tables[record.id] = table
        return table

    async def start(
        self, guild_id: int | None, channel_id: int, started: GameStarted, actor: int
    ) -> Table:
        record = await games.create_game(
            self.db, guild_id=guild_id, channel_id=channel_id, started=started, actor=actor
        )
        return await self._refresh(record)

    async def act(
        self, channel_id: int, actor: int, decide: Decision, *, expect: Expectation | None = None
    ) -> Outcome:
        """Decide against the current state and append, re-deciding if someone appended first.

        `expect` says what the state must still be (e.g. the phase a prompt showed); when it no
        longer holds, the request is `Stale` and nothing is appended.
        """
        async with self._lock(channel_id):
            return await self._act(channel_id, actor, decide, expect)

    async def _act(
        self, channel_id: int, actor: int, decide: Decision, expect: Expectation | None
    ) -> Outcome:
        for _ in range(MAX_TRIES):
            table = await self.require(channel_id)
            if expect is not None and not expect(table.state):
                raise Stale(STALE)
            events = list(decide(table.state))
            try:
                recorded = await games.append(
                    self.db, table.record.id, table.state.seq, events, actor=actor
                )
            except games.Conflict:
                continue
            record = await games.load_game(self.db, table.record.id) or table.record
            after = await self._refresh(record)
            return Outcome(after, table.state, tuple(recorded))
        raise IllegalAction("The game is busy with other changes; try again in a moment.")

    def forget(self, game_id: int) -> None:
        self._tables.pop(game_id, None)


def in_phase(phase_seq: int) -> Expectation:
    """The game is still in the phase that began at `phase_seq` (a prompt's phase)."""
    return lambda state: state.phase_seq == phase_seq


def replay(events: Sequence[Recorded]) -> GameState:
    """The state folded from scratch (used to check the incremental cache in tests)."""
    return fold(list(events))

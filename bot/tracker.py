"""A channel's game, kept current: load the log, decide, append optimistically, retry on conflict.

The pure model (`bot.game`) decides; the store (`bot.store.games`) appends with the seq the decision
was made at. If someone else appended first, the state is reloaded and the decision made again —
unless the caller pinned a seq (a button from an older prompt), which is then out of date.

An append that succeeded is applied to the cached state directly (nobody appended in between, or
the append would have conflicted); only newer events are ever read. A game not in memory starts
from its stored snapshot (`bot.store.snapshots`), so a restart folds only the events after it; a
snapshot is saved every `snapshots.EVERY` events, after the reply.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from bot.errors import Busy, NotFound, Stale
from bot.game import Event, GameState, Recorded, apply, fold
from bot.game.events import GameEnded, GameStarted
from bot.rules.errors import IllegalAction
from bot.store import games, snapshots
from bot.store.database import Database

log = logging.getLogger("vox.tracker")

MAX_TRIES = 5
Decision = Callable[[GameState], Sequence[Event]]
Expectation = Callable[[GameState], bool]
STALE = "This prompt is out of date; use the newest one (or /game status)."


class NoGame(NotFound):
    """The channel has no active game."""


@dataclass(frozen=True, slots=True)
class Table:
    """A channel's game: its record, its log after seq `since` and the state folded from the log.

    `since` is 0 (the whole log) unless the game was loaded from a snapshot at that seq; then
    `Tracker.history` reads the whole log when a caller needs it (a round summary, a battle report).
    """

    record: games.GameRecord
    events: tuple[Recorded, ...]
    state: GameState
    since: int = 0


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
        self.snapshots = snapshots.Keeper(db, "game", GameState)
        self._channels: dict[int, int] = {}  # channel id → its game's id, as last read or written

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

    async def history(self, table: Table) -> tuple[Recorded, ...]:
        """The table's whole log (read once when the table was loaded from a snapshot)."""
        return await snapshots.whole_log(
            self._tables, table, lambda key, until: games.load_events(self.db, key, until=until)
        )

    async def _refresh(self, record: games.GameRecord) -> Table:
        cached = self._tables.get(record.id)
        if cached is None:
            return await self._load(record)
        new = await games.load_events(self.db, record.id, after=cached.state.seq)
        if not new:
            return cached if cached.record == record else replace(cached, record=record)
        return self._extend(cached, new, record)

    async def _load(self, record: games.GameRecord) -> Table:
        """From the stored snapshot (if any) and the events after it."""
        state = await self.snapshots.load(record.id)
        since = state.seq if state is not None else 0
        new = await games.load_events(self.db, record.id, after=since)
        return self._extend(Table(record, (), state or GameState(), since), new, record)

    def _extend(self, table: Table, new: Sequence[Recorded], record: games.GameRecord) -> Table:
        """`table` with `new` (the events right after its state) applied, cached."""
        state = table.state
        for event in new:
            state = apply(state, event)
        after = Table(record, (*table.events, *new), state, table.since)
        cached = self._tables.get(record.id)
        if cached is None or cached.state.seq <= state.seq:
            self._tables[record.id] = after
            self._channels[record.channel_id] = record.id
        self.snapshots.kept(record.id, state)
        return after

    async def flush(self) -> None:
        """Wait for the snapshots being saved (before the database closes)."""
        await self.snapshots.flush()

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
        # The first try decides against this process's cached table without reading anything:
        # the append is optimistic, so if another process appended meanwhile it conflicts and the
        # next try reads the log. A refusal (a stale expectation, an illegal action, a game ended
        # elsewhere) is only given against the state read fresh from the log.
        table = self._current(channel_id)
        for _ in range(MAX_TRIES):
            fresh = table is None
            if table is None:
                table = await self.require(channel_id)
            if expect is not None and not expect(table.state):
                if fresh:
                    raise Stale(STALE)
                table = None
                continue
            try:
                events = list(decide(table.state))
            except IllegalAction:
                if fresh:
                    raise
                table = None  # refused against the cache: say so only if the log agrees
                continue
            try:
                recorded = await games.append(
                    self.db, table.record.id, table.state.seq, events, actor=actor
                )
            except games.Conflict:
                table = None
                continue
            except (games.GameOver, LookupError):
                if fresh:
                    raise
                table = None  # ended (or gone) elsewhere: the channel may have a new game
                continue
            # Appended right after table.state.seq: nothing to read back (`append` ended the game
            # in the same transaction if a GameEnded was among the events).
            record = table.record
            if any(isinstance(r.event, GameEnded) for r in recorded):
                record = replace(record, status="ended")
            after = self._extend(table, recorded, record)
            return Outcome(after, table.state, tuple(recorded))
        raise Busy("The game is busy with other changes; try again in a moment.")

    def _current(self, channel_id: int) -> Table | None:
        """This process's cached active game in the channel (not checked against the log)."""
        game_id = self._channels.get(channel_id)
        table = None if game_id is None else self._tables.get(game_id)
        if (
            table is None
            or table.record.status != "active"
            or table.record.channel_id != channel_id
        ):
            return None
        return table

    def forget(self, game_id: int) -> None:
        table = self._tables.pop(game_id, None)
        if table is not None and self._channels.get(table.record.channel_id) == game_id:
            del self._channels[table.record.channel_id]
        self.snapshots.forget(game_id)


def in_phase(phase_seq: int) -> Expectation:
    """The game is still in the phase that began at `phase_seq` (a prompt's phase)."""
    return lambda state: state.phase_seq == phase_seq


def replay(events: Sequence[Recorded]) -> GameState:
    """The state folded from scratch (used to check the incremental cache in tests)."""
    return fold(list(events))

"""An event stream kept current in memory: load the log, decide, append optimistically, retry.

The pure model decides; the store (`bot.store.streams`) appends with the seq the decision was
made at. The first try decides against this process's cached state without reading anything: if
another process appended meanwhile, the append conflicts and the next try reads the log. A refusal
(a stale expectation, a decision the rules refuse, a stream closed elsewhere) is only given against
the state read fresh from the log; a caller that pinned an expectation (a button from an older
prompt) is then out of date.

An append that succeeded is applied to the cached state directly (nobody appended in between, or
the append would have conflicted); only newer events are ever read. A stream not in memory starts
from its stored snapshot (`bot.store.snapshots`), so a restart folds only the events after it; a
snapshot is saved every `snapshots.EVERY` events, after the reply.

Undo has one strategy: the model's `apply` takes every event, undo included, unless the model
says an event `rewinds` (it may revert events the cached state no longer separates out); then the
whole log is folded again.
"""

from __future__ import annotations

import asyncio
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Generic, Protocol, TypeVar

from bot.errors import Busy, Stale, VoxError
from bot.eventlog import BaseEvent, Entry
from bot.store import snapshots, streams
from bot.store.database import Database
from bot.store.errors import Closed, Conflict, Missing

MAX_TRIES = 5


class Identified(Protocol):
    @property
    def id(self) -> int: ...


class Folded(Protocol):
    @property
    def seq(self) -> int: ...


Rec = TypeVar("Rec", bound=Identified)
S = TypeVar("S", bound=Folded)
E = TypeVar("E", bound=BaseEvent)


@dataclass(frozen=True, slots=True)
class Loaded(Generic[Rec, S, E]):
    """A stream: its record, its log after seq `since` and the state folded from the log.

    `since` is 0 (the whole log) unless the stream was loaded from a snapshot at that seq; then
    `Ledger.history` reads the whole log when a caller needs it (a round summary, a recap).
    """

    record: Rec
    events: tuple[Entry[E], ...]
    state: S
    since: int = 0


@dataclass(frozen=True, slots=True)
class Acted(Loaded[Rec, S, E]):
    """What one action did: the stream after it, the state before it and the events appended
    (none when the decision had nothing to do)."""

    before: S = field(kw_only=True)
    appended: tuple[Entry[E], ...] = field(kw_only=True, default=())

    @property
    def table(self) -> Loaded[Rec, S, E]:
        """The stream after the action, as the ledger keeps it."""
        return Loaded(self.record, self.events, self.state, self.since)


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


@dataclass(frozen=True, slots=True)
class Model(Generic[S, E]):
    """How a stream's events make its state, and the sentences of the ledger's refusals."""

    state: type[S]
    fold: Callable[[Sequence[Entry[E]]], S]
    apply: Callable[[S, Entry[E]], S]
    rewinds: Callable[[Entry[E]], bool]
    stale: str
    busy: str


class Ledger(Generic[Rec, S, E]):
    """The streams of one kind this process keeps, by stream id. A specialisation says how a key
    (a channel, a campaign id) finds its stream: `_cached` (no reading) and `_fresh` (from the
    log), and what a member is told when the stream is gone (`_refusal`)."""

    def __init__(
        self, db: Database, stream: streams.Stream[Rec, E], kind: snapshots.Kind, model: Model[S, E]
    ) -> None:
        self.db, self.stream, self.model = db, stream, model
        self._items: dict[int, Loaded[Rec, S, E]] = {}  # by stream id; only ever extended
        self._lock = KeyedLocks()  # one writer per key
        self.snapshots = snapshots.Keeper(db, kind, model.state)

    # Reading

    async def load(self, record: Rec) -> Loaded[Rec, S, E]:
        """The stream up to date with its log: only events newer than the cached state are read."""
        cached = self._items.get(record.id)
        if cached is None:
            return await self._load(record)
        new = await streams.load_events(self.stream, self.db, record.id, after=cached.state.seq)
        return await self._caught_up(cached, new, record)

    async def _catch_up(
        self, where: str, params: Sequence[object], known: int | None
    ) -> Loaded[Rec, S, E] | None:
        """The stream `where` picks (see `streams.catch_up`), up to date, in one statement when it
        is the cached stream `known`."""
        cached = None if known is None else self._items.get(known)
        after = 0 if cached is None else cached.state.seq
        found = await streams.catch_up(
            self.stream, self.db, where, params, 0 if cached is None else known or 0, after
        )
        if found is None:
            return None
        record, new = found
        if cached is None or cached.record.id != record.id:
            return await self._load(record)
        return await self._caught_up(cached, new, record)

    async def _caught_up(
        self, cached: Loaded[Rec, S, E], new: Sequence[Entry[E]], record: Rec
    ) -> Loaded[Rec, S, E]:
        if not new:
            return cached if cached.record == record else replace(cached, record=record)
        return await self._extend(cached, new, record)

    async def _load(self, record: Rec) -> Loaded[Rec, S, E]:
        """From the stored snapshot (if any) and the events after it."""
        state = await self.snapshots.load(record.id)
        since = state.seq if state is not None else 0
        new = await streams.load_events(self.stream, self.db, record.id, after=since)
        if state is None:
            return self._keep(Loaded(record, tuple(new), self.model.fold(new)))
        return await self._extend(Loaded(record, (), state, since), new, record)

    def _created(
        self, record: Rec, events: Sequence[E], actor: int | None, at: str
    ) -> Loaded[Rec, S, E]:
        """A stream just created with `events`: folded without reading them back."""
        logged = tuple(Entry(seq, actor, at, e) for seq, e in enumerate(events, 1))
        return self._keep(Loaded(record, logged, self.model.fold(logged)))

    async def _extend(
        self, item: Loaded[Rec, S, E], new: Sequence[Entry[E]], record: Rec
    ) -> Loaded[Rec, S, E]:
        """`item` with `new` (the events right after its state) applied, cached."""
        if any(self.model.rewinds(r) for r in new):
            events = (*await self.history(item), *new)
            return self._keep(Loaded(record, events, self.model.fold(events)))
        state = item.state
        for entry in new:
            state = self.model.apply(state, entry)
        return self._keep(Loaded(record, (*item.events, *new), state, item.since))

    def _keep(self, item: Loaded[Rec, S, E]) -> Loaded[Rec, S, E]:
        key = item.record.id
        cached = self._items.get(key)
        if cached is None or cached.state.seq <= item.state.seq:
            self._items[key] = item
            self._kept(item)
        self.snapshots.kept(key, item.state)
        return item

    def _kept(self, item: Loaded[Rec, S, E]) -> None:
        """A specialisation's note of the newest cached stream (e.g. a channel's game)."""

    async def history(self, item: Loaded[Rec, S, E]) -> tuple[Entry[E], ...]:
        """The stream's whole log (read once when it was loaded from a snapshot)."""
        return await snapshots.whole_log(
            self._items,
            item,
            lambda key, until: streams.load_events(self.stream, self.db, key, until=until),
        )

    def forget(self, key: int) -> None:
        item = self._items.pop(key, None)
        if item is not None:
            self._forgot(item)
        self.snapshots.forget(key)

    def _forgot(self, item: Loaded[Rec, S, E]) -> None:
        """A specialisation's clean-up when a stream leaves the cache."""

    async def flush(self) -> None:
        """Wait for the snapshots being saved (before the database closes)."""
        await self.snapshots.flush()

    # Acting

    def _cached(self, key: int) -> Loaded[Rec, S, E] | None:
        """This process's cached stream for `key` (not checked against the log)."""
        raise NotImplementedError

    async def _fresh(self, key: int) -> Loaded[Rec, S, E]:
        """The stream for `key` read from the log; a `VoxError` when there is none."""
        raise NotImplementedError

    def _refusal(self, error: Closed | Missing) -> VoxError:
        """What a member is told when the stream, read fresh, takes no more events."""
        raise NotImplementedError

    def _appended(self, record: Rec, appended: Sequence[Entry[E]]) -> Rec:
        """The record after `appended` (an append may close the stream)."""
        return record

    async def _act(
        self,
        key: int,
        actor: int | None,
        decide: Callable[[S], Sequence[E]],
        expect: Callable[[S], bool] | None,
    ) -> Acted[Rec, S, E]:
        """Decide against the current state and append, re-deciding if someone appended first;
        the caller holds `self._lock(key)`."""
        item = self._cached(key)
        for _ in range(MAX_TRIES):
            fresh = item is None
            if item is None:
                item = await self._fresh(key)
            try:
                if expect is not None and not expect(item.state):
                    raise Stale(self.model.stale)
                events = list(decide(item.state))
                if not events:
                    return Acted(
                        item.record, item.events, item.state, item.since, before=item.state
                    )
                recorded = await streams.append(
                    self.stream, self.db, item.record.id, item.state.seq, events, actor=actor
                )
            except VoxError:
                if fresh:
                    raise
                item = None  # refused against the cache: say so only if the log agrees
                continue
            except Conflict:
                item = None
                continue
            except (Closed, Missing) as error:
                if fresh:
                    raise self._refusal(error) from error
                item = None  # closed (or gone) elsewhere: the key may have a new stream
                continue
            after = await self._extend(item, recorded, self._appended(item.record, recorded))
            return Acted(
                after.record, after.events, after.state, after.since,
                before=item.state, appended=tuple(recorded),
            )  # fmt: skip
        raise Busy(self.model.busy)

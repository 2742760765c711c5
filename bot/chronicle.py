"""Campaigns as the bot uses them: find one by name in a server, read its state, act on it.

Like the game `Tracker`: decide against the current state, append optimistically, and decide again
when someone appended first. An append that succeeded is applied to the cached state directly; a
campaign not in memory starts from its stored snapshot (`bot.store.snapshots`) and the events after
it, unless an undo among them reaches back, which folds the whole log.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bot.campaign import (
    CampaignState,
    Event,
    Recorded,
    advance,
    apply,
    create_campaign,
    fold,
    join,
    pending,
)
from bot.campaign.events import EventUndone
from bot.rules.dice import Dice
from bot.rules.errors import IllegalAction
from bot.rules.quote import quoted
from bot.store import campaigns as store
from bot.store import snapshots
from bot.store.database import Database
from bot.tracker import KeyedLocks

log = logging.getLogger("vox.chronicle")

MAX_TRIES = 5
Decision = Callable[[CampaignState], Sequence[Event]]


@dataclass(frozen=True, slots=True)
class Book:
    """A campaign: its record, its log after seq `since` and the state folded from the log.

    `since` is 0 (the whole log) unless the campaign was loaded from a snapshot at that seq; then
    `Chronicle.history` reads the whole log when a caller needs it.
    """

    record: store.CampaignRecord
    events: tuple[Recorded, ...]
    state: CampaignState
    since: int = 0


class Chronicle:
    def __init__(self, db: Database, dice: Dice) -> None:
        self.db = db
        self.dice = dice
        self._lock = KeyedLocks()  # one writer per campaign
        self._books: dict[int, Book] = {}  # by campaign id; only ever extended from the log
        self.snapshots = snapshots.Keeper(db, "campaign", CampaignState)

    async def create(
        self, guild_id: int, name: str, edition: str, creator: int, follow: Sequence[Event] = ()
    ) -> Book:
        """A new campaign in the server; the creator joins it (or `follow`, e.g. an import)."""
        created = create_campaign(name, edition, guild=guild_id, creator=creator)
        if not follow:
            follow = join(fold([Recorded(1, creator, "", created)]), creator)
        record = await store.create_campaign(
            self.db, guild_id, created, actor=creator, follow=follow
        )
        return await self.load(record)

    async def load(self, record: store.CampaignRecord) -> Book:
        """The campaign up to date with its log: only events newer than the cached book are read
        and applied (an undo among them refolds the whole log)."""
        cached = self._books.get(record.id)
        if cached is None:
            return await self._load(record)
        new = await store.load_events(self.db, record.id, after=cached.state.seq)
        if not new:
            return cached
        return await self._extend(cached, new)

    async def _load(self, record: store.CampaignRecord) -> Book:
        """From the stored snapshot (if any) and the events after it."""
        state = await self.snapshots.load(record.id)
        since = state.seq if state is not None else 0
        new = await store.load_events(self.db, record.id, after=since)
        if state is None:
            return self._keep(Book(record, tuple(new), fold(new)))
        return await self._extend(Book(record, (), state, since), new)

    async def _extend(self, book: Book, new: Sequence[Recorded]) -> Book:
        """`book` with `new` (the events right after its state) applied, cached."""
        if any(isinstance(r.event, EventUndone) for r in new):  # may skip earlier events
            events = (*await self.history(book), *new)
            return self._keep(Book(book.record, events, fold(events)))
        state = book.state
        for entry in new:
            state = apply(state, entry)
        return self._keep(Book(book.record, (*book.events, *new), state, book.since))

    def _keep(self, book: Book) -> Book:
        campaign_id, seq = book.record.id, book.state.seq
        cached = self._books.get(campaign_id)
        if cached is None or cached.state.seq <= seq:
            self._books[campaign_id] = book
        self.snapshots.kept(campaign_id, book.state)
        return book

    async def flush(self) -> None:
        """Wait for the snapshots being saved (before the database closes)."""
        await self.snapshots.flush()

    async def history(self, book: Book) -> tuple[Recorded, ...]:
        """The book's whole log (read once when the book was loaded from a snapshot)."""
        return await snapshots.whole_log(
            self._books, book, lambda key, until: store.load_events(self.db, key, until=until)
        )

    async def find(self, guild_id: int | None, name: str) -> Book:
        """The server's campaign called `name` (any case); one sentence if there is none."""
        if guild_id is None:
            raise IllegalAction("Campaigns live in a server; use this command in one.")
        record = await store.find_campaign(self.db, guild_id, name)
        if record is None:
            raise IllegalAction(
                f"There is no campaign called {quoted(name)} in this server; see /campaign create."
            )
        return await self.load(record)

    async def by_id(self, campaign_id: int) -> Book | None:
        record = await store.load_campaign(self.db, campaign_id)
        return None if record is None else await self.load(record)

    async def names(self, guild_id: int | None, prefix: str = "") -> list[str]:
        if guild_id is None:
            return []
        return [r.name for r in await store.list_campaigns(self.db, guild_id, prefix)]

    async def act(
        self,
        campaign_id: int,
        actor: int | None,
        decide: Decision,
        *,
        expect: Callable[[CampaignState], bool] | None = None,
    ) -> Book:
        """Decide and append (again on a conflict), then run every automatic post-battle step."""
        async with self._lock(campaign_id):
            book = await self._append(campaign_id, actor, decide, expect)
            if (step := pending(book.state)) is not None and step.automatic:
                book = await self._append(campaign_id, None, self._advance, None)
            return book

    def _advance(self, state: CampaignState) -> Sequence[Event]:
        return advance(state, self.dice)

    async def _append(
        self,
        campaign_id: int,
        actor: int | None,
        decide: Decision,
        expect: Callable[[CampaignState], bool] | None,
    ) -> Book:
        for _ in range(MAX_TRIES):
            book = await self.by_id(campaign_id)
            if book is None:
                raise IllegalAction("That campaign no longer exists.")
            if expect is not None and not expect(book.state):
                raise IllegalAction("This message is out of date; use the newest one.")
            events = list(decide(book.state))
            if not events:
                return book
            try:
                recorded = await store.append(
                    self.db, campaign_id, book.state.seq, events, actor=actor
                )
            except store.CampaignConflict:
                continue
            return await self._extend(book, recorded)  # appended right after book.state.seq
        raise IllegalAction("The campaign is busy with other changes; try again in a moment.")

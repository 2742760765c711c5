"""Campaigns as the bot uses them (a `bot.ledger.Ledger` of campaigns): find one by name in a
server, read its state, act on it, then run every automatic post-battle step.

Like the game `Tracker`, an action is decided first against the cached campaign and refused only
against the log read fresh. An undo reaches back to any live action (a campaign keeps no states
before them), so an `EventUndone` read or appended folds the whole log again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

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
from bot.campaign.aftermath import out_of_action_results
from bot.campaign.events import EventUndone, OutOfActionRolled
from bot.errors import NotAllowed, NotFound, VoxError
from bot.ledger import Acted, Ledger, Loaded, Model
from bot.rules.dice import Dice
from bot.rules.errors import IllegalAction
from bot.rules.quote import quoted
from bot.store import campaigns as store
from bot.store.database import Database
from bot.store.errors import Closed, Duplicate, Missing
from bot.tally import describe

__all__ = ["Book", "Chronicle"]

Decision = Callable[[CampaignState], Sequence[Event]]
Book = Loaded[store.CampaignRecord, CampaignState, Event]
GONE = "That campaign no longer exists."
LINKED = "That game is already part of a campaign, or no longer exists; start a new game."
IN_A_SERVER = "Campaigns live in a server; use this command in one."

CAMPAIGN = Model(
    CampaignState,
    fold,
    apply,
    rewinds=lambda entry: isinstance(entry.event, EventUndone),
    stale="This message is out of date; use the newest one.",
    busy="The campaign is busy with other changes; try again in a moment.",
)


def _describe_rolls(acted: Acted[store.CampaignRecord, CampaignState, Event]) -> None:
    """The Out of Action tests Vox rolled in the post-battle steps, in words for the roll log."""
    rolls = [e.event for e in acted.appended if isinstance(e.event, OutOfActionRolled)]
    if rolls:
        results = out_of_action_results(acted.state, rolls)
        describe(f"Out of Action tests — {acted.state.name}", " · ".join(results))


class Chronicle(Ledger[store.CampaignRecord, CampaignState, Event]):
    def __init__(self, db: Database, dice: Dice) -> None:
        super().__init__(db, store.CAMPAIGNS, "campaign", CAMPAIGN)
        self.dice = dice

    async def create(
        self, guild_id: int, name: str, edition: str, creator: int, follow: Sequence[Event] = ()
    ) -> Book:
        """A new campaign in the server; the creator joins it (or `follow`, e.g. an import)."""
        created = create_campaign(name, edition, guild=guild_id, creator=creator)
        if not follow:
            follow = join(fold([Recorded(1, creator, "", created)]), creator)
        try:
            record = await store.create_campaign(
                self.db, guild_id, created, actor=creator, follow=follow
            )
        except Duplicate as exc:
            raise IllegalAction(
                f"A campaign called {created.name} already exists in this server; "
                "pick another name."
            ) from exc
        return self._created(record, [created, *follow], creator, record.created_at)

    async def find(self, guild_id: int | None, name: str) -> Book:
        """The server's campaign called `name` (any case); one sentence if there is none."""
        if guild_id is None:
            raise NotAllowed(IN_A_SERVER)
        record = await store.find_campaign(self.db, guild_id, name)
        if record is None:
            raise NotFound(
                f"There is no campaign called {quoted(name)} in this server; see /campaign create."
            )
        return await self.load(record)

    async def by_id(self, campaign_id: int) -> Book | None:
        """The campaign, up to date (one statement when it is cached)."""
        return await self._catch_up("s.id = ?", (campaign_id,), campaign_id)

    async def names(self, guild_id: int | None, prefix: str = "") -> list[str]:
        if guild_id is None:
            return []
        return [r.name for r in await store.list_campaigns(self.db, guild_id, prefix)]

    async def link(self, game_id: int, book: Book) -> None:
        """Play tracked game `game_id` as a battle of the campaign (once)."""
        try:
            await store.link_game(self.db, game_id, book.record.id)
        except Duplicate as exc:
            raise IllegalAction(LINKED) from exc

    async def act(
        self,
        campaign_id: int,
        actor: int | None,
        decide: Decision,
        *,
        expect: Callable[[CampaignState], bool] | None = None,
    ) -> Acted[store.CampaignRecord, CampaignState, Event]:
        """Decide and append (again on a conflict), then run every automatic post-battle step;
        the result holds the state before the action and every event appended."""
        async with self._lock(campaign_id):
            acted = await self._act(campaign_id, actor, decide, expect)
            if (step := pending(acted.state)) is not None and step.automatic:
                auto = await self._act(campaign_id, None, self._advance, None)
                _describe_rolls(auto)
                appended = (*acted.appended, *auto.appended)
                acted = replace(auto, before=acted.before, appended=appended)
            return acted

    def _advance(self, state: CampaignState) -> Sequence[Event]:
        return advance(state, self.dice)

    def _cached(self, key: int) -> Book | None:
        return self._items.get(key)

    async def _fresh(self, key: int) -> Book:
        book = await self.by_id(key)
        if book is None:
            raise NotFound(GONE)
        return book

    def _refusal(self, error: Closed | Missing) -> VoxError:
        return NotFound(GONE)

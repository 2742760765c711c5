"""A channel's game, kept current (a `bot.ledger.Ledger` of games): the channel's active game,
read in one statement when it is cached; actions decided optimistically against the cache.

An action's expectation (`in_phase`: the phase a prompt showed) that no longer holds against the
log is `Stale`; the unpinned action is decided again when someone appended first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from bot.errors import NotFound, VoxError
from bot.game import Event, GameState, RoundSummary, apply, fold, round_summary
from bot.game.events import GameEnded, GameStarted, Recorded
from bot.ledger import Acted, Ledger, Loaded, Model
from bot.rules.errors import IllegalAction
from bot.store import games
from bot.store.database import Database
from bot.store.errors import Closed, Duplicate, Missing

__all__ = ["NO_GAME", "STALE", "NoGame", "Outcome", "Table", "Tracker", "in_phase"]

Decision = Callable[[GameState], Sequence[Event]]
Expectation = Callable[[GameState], bool]
Table = Loaded[games.GameRecord, GameState, Event]
Outcome = Acted[games.GameRecord, GameState, Event]

STALE = "This prompt is out of date; use the newest one (or /game status)."
NO_GAME = "There is no game in this channel; start one with /game start opponent:@someone."
RUNNING = "A game is already running in this channel; end it with /game end first."
ENDED = "This game has ended; start a new one with /game start."
BUSY = "The game is busy with other changes; try again in a moment."
SUMMARIES_KEPT = 64  # round summaries remembered (a finished game's never change)


class NoGame(NotFound):
    """The channel has no active game."""


GAME = Model(GameState, fold, apply, rewinds=lambda _: False, stale=STALE, busy=BUSY)


class Tracker(Ledger[games.GameRecord, GameState, Event]):
    def __init__(self, db: Database) -> None:
        super().__init__(db, games.GAMES, "game", GAME)
        # channel id → its latest game's id (active or ended), as last read or written
        self._channels: dict[int, int] = {}
        # (game id, seq, round) → that round's summary: the log up to seq decides it
        self._summaries: dict[tuple[int, int, int], RoundSummary] = {}

    async def table(self, channel_id: int) -> Table | None:
        """The channel's active game, up to date with the log."""
        where, known = games.ACTIVE_IN, self._channels.get(channel_id)
        return await self._catch_up(where, (channel_id,), known)

    async def latest(self, channel_id: int) -> Table | None:
        """The channel's active game, or else its most recently ended one (until a new game starts
        there), up to date: one statement when it is cached, so a finished game is not folded
        again on every read."""
        known = self._channels.get(channel_id)
        return await self._catch_up(games.LATEST_IN, (channel_id,), known)

    async def round_summary(self, table: Table, round_: int) -> RoundSummary:
        """The summary of round `round_` of `table`'s game, folded from its whole log once for
        each state it is asked of (asking again, e.g. of a finished game, reads nothing)."""
        key = (table.record.id, table.state.seq, round_)
        found = self._summaries.get(key)
        if found is None:
            found = round_summary(await self.history(table), round_)
            if len(self._summaries) >= SUMMARIES_KEPT:
                del self._summaries[next(iter(self._summaries))]
            self._summaries[key] = found
        return found

    async def require(self, channel_id: int) -> Table:
        table = await self.table(channel_id)
        if table is None:
            raise NoGame(NO_GAME)
        return table

    async def start(
        self, guild_id: int | None, channel_id: int, started: GameStarted, actor: int
    ) -> Table:
        try:
            record = await games.create_game(
                self.db, guild_id=guild_id, channel_id=channel_id, started=started, actor=actor
            )
        except Duplicate as exc:
            raise IllegalAction(RUNNING) from exc
        return self._created(record, [started], actor, record.created_at)

    async def act(
        self, channel_id: int, actor: int, decide: Decision, *, expect: Expectation | None = None
    ) -> Outcome:
        """Decide against the current state and append, re-deciding if someone appended first.

        `expect` says what the state must still be (e.g. the phase a prompt showed); when it no
        longer holds, the request is `Stale` and nothing is appended.
        """
        async with self._lock(channel_id):
            return await self._act(channel_id, actor, decide, expect)

    def _kept(self, item: Table) -> None:
        self._channels[item.record.channel_id] = item.record.id

    def _forgot(self, item: Table) -> None:
        if self._channels.get(item.record.channel_id) == item.record.id:
            del self._channels[item.record.channel_id]

    def _cached(self, key: int) -> Table | None:
        game_id = self._channels.get(key)
        table = None if game_id is None else self._items.get(game_id)
        if table is None or table.record.status != "active" or table.record.channel_id != key:
            return None
        return table

    async def _fresh(self, key: int) -> Table:
        return await self.require(key)

    def _refusal(self, error: Closed | Missing) -> VoxError:
        return IllegalAction(ENDED) if isinstance(error, Closed) else NoGame(NO_GAME)

    def _appended(self, record: games.GameRecord, appended: Sequence[Recorded]) -> games.GameRecord:
        # `append` ended the game in the same transaction if a GameEnded was among the events
        if any(isinstance(r.event, GameEnded) for r in appended):
            return replace(record, status="ended")
        return record


def in_phase(phase_seq: int) -> Expectation:
    """The game is still in the phase that began at `phase_seq` (a prompt's phase)."""
    return lambda state: state.phase_seq == phase_seq

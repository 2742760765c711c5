"""Reading the channel's game: its status, log and round summaries. A game that ended stays
readable until a new game starts in the channel; every read is of the channel's latest game (the
active one, or else the one that ended last), kept current by the tracker, so reading a finished
game again folds nothing. Its log shows the rolls made in its channel while it ran (a /roll, a
standalone test) among its events, each after the event it followed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from bot.errors import VoxError
from bot.game import GameState, Recorded, RoundSummary
from bot.game.events import GameEnded
from bot.play.services import Services
from bot.store.roll_log import game_rolls
from bot.tracker import NO_GAME, NoGame, Table

MAX_ROUND = 10  # /game start allows 1 to 10 rounds
ROUND_BOUND = f"Pick a round from 1 to {MAX_ROUND}."


@dataclass(frozen=True, slots=True)
class Review:
    """The channel's latest game as it stands; `ended` says how it ended, once it has."""

    game_id: int
    state: GameState
    ended: GameEnded | None = None


@dataclass(frozen=True, slots=True)
class Summary:
    """A finished round's summary, with the game it belongs to."""

    summary: RoundSummary
    state: GameState


def round_word(state: GameState) -> str:
    """What the edition calls a round, in lower case: "battle round"; 7th "game turn" (seed 001:
    "In a complete game turn, each player gets a player turn")."""
    return (state.edition.round_name if state.edition else "Battle round").lower()


def rounds_ended(state: GameState) -> int:
    """How many rounds have ended: those before the current one, and the current one too when the
    game ended in it (its end closes the round, as the announcement of the end shows)."""
    return state.round if state.status == "ended" else max(state.round - 1, 0)


async def latest(services: Services, channel_id: int) -> Table:
    """The channel's active game, or else its most recently ended one."""
    table = await services.tracker.latest(channel_id)
    if table is None:
        raise NoGame(NO_GAME)
    return table


def _last_end(entries: Iterable[Recorded]) -> GameEnded | None:
    ends = [r.event for r in entries if isinstance(r.event, GameEnded)]
    return ends[-1] if ends else None


async def status(services: Services, channel_id: int) -> Review:
    """The channel's latest game, and how it ended if it has (winner, draw or concession)."""
    table = await latest(services, channel_id)
    if table.state.status != "ended":
        return Review(table.record.id, table.state)
    ended = _last_end(table.events)
    if ended is None:  # loaded from a snapshot taken at its end: the log is read once
        ended = _last_end(await services.tracker.history(table))
    return Review(table.record.id, table.state, ended)


@dataclass(frozen=True, slots=True)
class FreeRoll:
    """A roll made in the game's channel while it ran that is no event of the game (those are in
    its events already): who rolled, what, what came of it, and the event it followed."""

    after: int  # the seq of the game's last event when it was rolled
    roller: str
    what: str
    result: str


Line = Recorded | FreeRoll


@dataclass(frozen=True, slots=True)
class Log:
    """The whole log of the channel's latest game, and the newest rolls made beside it;
    `finished`: the game has ended."""

    events: Sequence[Recorded]
    finished: bool
    rolls: Sequence[FreeRoll] = ()

    @property
    def lines(self) -> list[Line]:
        """The events and the rolls in the order they happened: a roll after the event it
        followed (rolls after the same event in the order they were made)."""
        keyed: list[tuple[tuple[int, int], Line]] = [((r.seq, 0), r) for r in self.events]
        keyed += [((f.after, 1), f) for f in self.rolls]
        return [line for _, line in sorted(keyed, key=lambda k: k[0])]


async def log(services: Services, channel_id: int) -> Log:
    """The whole log of the channel's latest game, with its newest free rolls."""
    table = await latest(services, channel_id)
    events = await services.tracker.history(table)
    rolls = [
        FreeRoll(r.entry.game_seq or 0, r.entry.user_name, r.entry.what, r.entry.result)
        for r in await game_rolls(services.db, table.record.id)
    ]
    return Log(events, table.state.status == "ended", rolls)


async def summary(services: Services, channel_id: int, round_: int | None = None) -> Summary:
    """A round's summary (default: the last that has ended) of the channel's latest game."""
    if round_ is not None and not 1 <= round_ <= MAX_ROUND:
        raise VoxError(ROUND_BOUND)
    table = await latest(services, channel_id)
    state, word = table.state, round_word(table.state)
    last = rounds_ended(state)
    if last == 0:
        raise VoxError(f"No {word} has ended yet; /game summary shows one once it has.")
    if round_ is not None and round_ > last:
        raise VoxError(
            f"{word.capitalize()} {round_} has not ended yet; the last that has is {word} {last}."
        )
    found = await services.tracker.round_summary(table, round_ or last)
    return Summary(found, state)

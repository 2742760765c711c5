"""The channel's game: next phase, who goes first, the end, undo, command and victory points.

Each change is decided in the tracker's lock (`Tracker.act`) by a player of the game or a member
with Manage Channels, and answers with what the ui shows, taken from what `act` returned.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from bot.errors import NotAllowed, Stale, VoxError
from bot.eventlog import check_undo
from bot.game import (
    Event,
    GameState,
    PhasePrompt,
    RoundSummary,
    UndoPoint,
    end_game,
    gain_cp,
    next_phase,
    phase_prompt,
    round_summary,
    score_vp,
    spend_cp,
    undo,
)
from bot.game.events import GameEnded, PromptShown
from bot.game.flow import choose_first_player
from bot.play.actor import Actor, by_a_player, may_change
from bot.play.services import Services
from bot.tracker import Outcome, Table, in_phase

Decision = Callable[[GameState], Sequence[Event]]
PointsChange = Literal["gain", "spend", "score"]

GAME_OVER = "That game is over; this button no longer does anything."
NOTHING_TO_UNDO = "There is nothing to undo yet."
NO_POINTS = "Only the two players have command and victory points."
AMOUNT = "Use an amount from 1 to 100."
CHANGES = {"gain": gain_cp, "spend": spend_cp, "score": score_vp}


@dataclass(frozen=True, slots=True)
class Announcement:
    """What a change of phase shows: the round summary when a round ended, then the new phase's
    prompt, or the result (`prompt` None) when the game ended; `outcome` is what `act` did."""

    outcome: Outcome
    summary: RoundSummary | None
    prompt: PhasePrompt | None
    reason: str = ""  # why the game ended, when it did

    @property
    def state(self) -> GameState:
        return self.outcome.state

    @property
    def game_id(self) -> int:
        return self.outcome.table.record.id

    @property
    def turn_began(self) -> bool:
        """A player turn began (the first one, the other player's, a new round's): the channel
        gets a new live prompt; within a turn the live prompt is edited."""
        before, state = self.outcome.before, self.state
        if self.prompt is None:
            return False
        return before.phase is None or (before.round, before.active) != (state.round, state.active)


@dataclass(frozen=True, slots=True)
class Undone:
    """What /game undo took back (`point`), and the game after it: its phase's prompt to show
    again (`prompt` None while no phase is being played)."""

    point: UndoPoint
    outcome: Outcome

    @property
    def state(self) -> GameState:
        return self.outcome.state

    @property
    def game_id(self) -> int:
        return self.outcome.table.record.id

    @property
    def prompt(self) -> PhasePrompt | None:
        return phase_prompt(self.state) if self.state.phase is not None else None


async def status(services: Services, channel_id: int) -> GameState:
    """The channel's game as it stands."""
    return (await services.tracker.require(channel_id)).state


async def table(services: Services, channel_id: int) -> Table | None:
    """The channel's game as it stands, if it has one (for showing it, not changing it)."""
    return await services.tracker.table(channel_id)


async def shown(services: Services, actor: Actor, game_id: int, message_id: int) -> None:
    """Record the message now showing game `game_id`'s live prompt (`PromptShown`, bookkeeping
    that undo skips); the actor has just changed the game, so nothing more is checked. Nothing is
    recorded once the game has ended or the channel holds another game."""
    try:
        await current(services, actor, game_id)
    except Stale:
        return

    def decide(state: GameState) -> Sequence[Event]:
        if state.status != "active" or state.prompt_message == message_id:
            return []
        return [PromptShown(message_id=message_id)]

    try:
        await services.tracker.act(actor.channel_id, actor.user_id, decide)
    except VoxError:  # ended in between: there is no live prompt to keep
        return


def round_ended(outcome: Outcome) -> bool:
    before, state = outcome.before, outcome.state
    return bool(before.round) and (state.round != before.round or state.status == "ended")


async def announcement(services: Services, outcome: Outcome) -> Announcement:
    """The announcement of `outcome`; the whole log is read only when a round ended (its summary),
    and then only if the ledger does not hold it already."""
    summary = None
    if round_ended(outcome):
        log = await services.tracker.history(outcome.table)
        summary = round_summary(log, outcome.before.round)
    if outcome.state.status == "ended":
        ended = [r.event for r in outcome.appended if isinstance(r.event, GameEnded)]
        return Announcement(outcome, summary, None, ended[-1].reason if ended else "")
    return Announcement(outcome, summary, phase_prompt(outcome.state))


async def change(services: Services, actor: Actor, decide: Decision) -> Outcome:
    """A change to the channel's game by one of its players (or Manage Channels)."""
    return await services.tracker.act(actor.channel_id, actor.user_id, by_a_player(actor, decide))


async def current(services: Services, actor: Actor, game_id: int) -> Table:
    """The channel's game, if it is still game `game_id` (a button's game): else `Stale`."""
    table = await services.tracker.table(actor.channel_id)
    if table is None or table.record.id != game_id:
        raise Stale(GAME_OVER)
    return table


async def advance(
    services: Services, actor: Actor, game_id: int | None = None, seq: int | None = None
) -> Announcement:
    """Next phase: /game next (the phase as read now) or a prompt's button (game and phase)."""
    tracker = services.tracker
    if game_id is None:
        table = await tracker.require(actor.channel_id)
    else:
        table = await current(services, actor, game_id)
    may_change(actor, table.state)
    expect = in_phase(table.state.phase_seq if seq is None else seq)
    outcome = await tracker.act(actor.channel_id, actor.user_id, next_phase, expect=expect)
    return await announcement(services, outcome)


async def chosen(
    services: Services, actor: Actor, game_id: int, chooser: int, what: str, decide: Decision
) -> Outcome:
    """A roll-off winner's choice on a button of game `game_id`: only `chooser` makes it (they
    `what`: "pick the Attacker", "choose who goes first")."""
    await current(services, actor, game_id)
    if actor.user_id != chooser:
        raise NotAllowed(f"<@{chooser}> won the roll-off, so they {what}.")
    return await services.tracker.act(actor.channel_id, actor.user_id, decide)


async def choose_first(
    services: Services, actor: Actor, game_id: int, chooser: int, player: int
) -> Announcement:
    """The roll-off's winner (`chooser`) says who takes the first turn."""
    decide: Decision = lambda s: choose_first_player(s, player)  # noqa: E731
    outcome = await chosen(services, actor, game_id, chooser, "choose who goes first", decide)
    return await announcement(services, outcome)


async def end(
    services: Services, actor: Actor, winner: int | None, concede: bool = False
) -> Announcement:
    """End the game now: cut short (`winner` None: on victory points), or the actor concedes."""
    if not concede:
        decide: Decision = lambda s: end_game(s, "ended early", winner=winner)  # noqa: E731
    else:

        def decide(s: GameState) -> Sequence[Event]:
            if actor.user_id not in s.players:
                raise NotAllowed("Only a player of this game can concede it.")
            return end_game(s, winner=winner, conceded=actor.user_id)

    outcome = await change(services, actor, decide)
    return await announcement(services, outcome)


async def take_back(services: Services, actor: Actor, naming: int | None) -> Undone:
    """Undo the actor's latest change (a moderator: someone else's, by `naming` its number)."""
    table = await services.tracker.require(actor.channel_id)
    may_change(actor, table.state)
    point = table.state.undo
    if point is None:
        undo(table.state)  # says why: nothing yet, or older than undo reaches (UNDO_LIMIT)
        raise VoxError(NOTHING_TO_UNDO)
    latest = (point.seqs[0], point.actor, point.what)
    check_undo(latest, actor.user_id, moderator=actor.manages_channel, naming=naming)
    outcome = await services.tracker.act(
        actor.channel_id, actor.user_id, undo, expect=lambda s: s.undo == point
    )
    return Undone(point, outcome)


@dataclass(frozen=True, slots=True)
class Points:
    """A player's command and victory points after a change."""

    player: int
    cp: int
    vp: int
    outcome: Outcome  # the change, for showing the game as it left it


async def change_points(
    services: Services, actor: Actor, kind: PointsChange, amount: int, reason: str
) -> Points:
    """/cp add|spend, /vp add: the actor's own points."""
    if not 1 <= amount <= 100:
        raise VoxError(AMOUNT)
    me, decide = actor.user_id, CHANGES[kind]

    def points(state: GameState) -> Sequence[Event]:
        if me not in state.players:
            raise NotAllowed(NO_POINTS)
        return decide(state, me, amount, reason)

    outcome = await change(services, actor, points)
    state = outcome.state
    return Points(me, state.cp.get(me, 0), state.vp.get(me, 0), outcome)

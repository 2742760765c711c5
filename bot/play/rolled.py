"""A tracked action that rolls dice: permission, the rules and the dice, all in the ledger's lock.

The decision is made against the game's state inside `Tracker.act`: first who may change the game
(`may_change`), then what the rules allow, and only then the dice, so a refused action rolls
nothing. The state is read once: what the action returns is the state after it. The dice are
then in the game's events, so the roll log leaves them out of /game log (`recorded_in_game`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from bot.game import Event, GameState
from bot.play.actor import Actor, by_a_player
from bot.play.services import Services
from bot.tally import recorded_in_game
from bot.tracker import Expectation, Outcome

R = TypeVar("R")
Rolling = Callable[[GameState], tuple[R, Sequence[Event]]]


async def roll_and_record(
    services: Services, actor: Actor, decide: Rolling[R], expect: Expectation | None = None
) -> tuple[R, Outcome]:
    """What `decide` rolled against the game's state, and the action that recorded its events.

    `decide` checks the rules before it rolls. If someone else appended first, the ledger decides
    again against the newer state, rolling again: what is returned is what was recorded.
    """
    rolled: list[R] = []

    def events(state: GameState) -> Sequence[Event]:
        result, decided = decide(state)
        rolled.append(result)
        return decided

    checked = by_a_player(actor, events)
    outcome = await services.tracker.act(actor.channel_id, actor.user_id, checked, expect=expect)
    recorded_in_game()
    return rolled[-1], outcome

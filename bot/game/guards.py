"""Checks every decision starts with; each failure is one sentence saying what to do instead."""

from __future__ import annotations

import difflib

from bot.game.state import GameState
from bot.game.units import Unit
from bot.rules.editions import Edition
from bot.rules.errors import IllegalAction


def game_open(state: GameState) -> Edition:
    """A started game that has not ended (set-up counts); returns its edition."""
    if state.edition is None or state.status == "new":
        raise IllegalAction("No game is running in this channel; start one with /game start.")
    if state.status == "ended":
        raise IllegalAction("This game has ended; start a new one with /game start.")
    return state.edition


def game_playing(state: GameState) -> Edition:
    """A game past set-up: someone has taken the first turn."""
    found = game_open(state)
    if state.status != "active":
        raise IllegalAction("Choose who takes the first turn before playing (/game start).")
    return found


def player(state: GameState, who: int) -> int:
    if who not in state.players:
        raise IllegalAction("Only the two players of this game can do that; pick one of them.")
    return who


def unit(state: GameState, name: str) -> Unit:
    """The unit called `name` (any case); an unknown name suggests the closest one."""
    found = state.unit(name)
    if found is not None:
        return found
    names = [u.name for u in state.units.values()]
    if not names:
        raise IllegalAction(f'There is no unit "{name}"; add one with /unit add first.')
    folded = {n.casefold(): n for n in names}
    close = difflib.get_close_matches(name.casefold(), list(folded), n=1, cutoff=0.0)
    raise IllegalAction(f'There is no unit "{name}"; did you mean "{folded[close[0]]}"?')


def alive(state: GameState, name: str) -> Unit:
    found = unit(state, name)
    if found.destroyed:
        raise IllegalAction(f"{found.name} is destroyed; heal it first if that was a mistake.")
    return found


def positive(amount: int, what: str) -> int:
    if amount < 1:
        raise IllegalAction(f"The number of {what} must be 1 or more.")
    return amount

"""Deciding Command points and Victory points (`/cp`, `/vp`); neither total goes below 0."""

from __future__ import annotations

from bot.game import guards
from bot.game.events import CommandPointsGained, CommandPointsSpent, Event, VictoryPointsScored
from bot.game.state import GameState
from bot.rules.editions import Edition
from bot.rules.errors import IllegalAction

MAX_POINTS = 100


def _has_cp(ed: Edition) -> None:
    if ed.command_points is None:
        raise IllegalAction(f"{ed.name} has no Command points; track VP with /vp instead.")


def gain_cp(state: GameState, player: int, amount: int, reason: str = "") -> list[Event]:
    _has_cp(guards.game_open(state))
    guards.player(state, player)
    if not 1 <= amount <= MAX_POINTS:
        raise IllegalAction(f"Gain 1 to {MAX_POINTS} CP at a time.")
    return [CommandPointsGained(player=player, amount=amount, reason=reason)]


def spend_cp(state: GameState, player: int, amount: int, reason: str = "") -> list[Event]:
    """Spend CP (a Stratagem); more than the player has is refused, so CP never drops below 0."""
    _has_cp(guards.game_open(state))
    guards.player(state, player)
    guards.positive(amount, "CP to spend")
    have = state.cp.get(player, 0)
    if amount > have:
        raise IllegalAction(f"You have {have} CP, so you can spend at most {have}.")
    return [CommandPointsSpent(player=player, amount=amount, reason=reason)]


def score_vp(state: GameState, player: int, amount: int, reason: str = "") -> list[Event]:
    """Score VP; a negative amount corrects a mistake but cannot take the total below 0."""
    guards.game_open(state)
    guards.player(state, player)
    have = state.vp.get(player, 0)
    if amount == 0 or abs(amount) > MAX_POINTS:
        raise IllegalAction(f"Score between 1 and {MAX_POINTS} VP (negative to correct).")
    if have + amount < 0:
        raise IllegalAction(f"That player has {have} VP; take away at most {have}.")
    return [VictoryPointsScored(player=player, amount=amount, reason=reason)]

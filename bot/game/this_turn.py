"""What the game recorded this turn, in a few short lines for the live prompt: moves, charges and
casualties (the turn flags of `Unit`, reset when the turn ends). VP scored this turn are
`GameState.turn_vp`, which the prompt shows beside the players."""

from __future__ import annotations

from collections.abc import Iterable

from bot.game.state import GameState
from bot.game.units import Unit
from bot.rules.editions import MoveKind

MOVED: dict[MoveKind, str] = {
    "normal": "Normal Move",
    "advance": "Advanced",
    "fall_back": "Fell Back",
    "stationary": "Remained Stationary",
}


def _moved(unit: Unit) -> str:
    if unit.move == "advance" and unit.advance_roll is not None:
        return f'{unit.name} +{unit.advance_roll}"'
    return unit.name


Line = tuple[str, tuple[str, ...]]  # ("Advanced", ('Bikers +4"', ...))


def _moves(units: list[Unit]) -> Iterable[Line]:
    for kind, label in MOVED.items():
        names = tuple(_moved(u) for u in units if u.move == kind)
        if names:
            yield label, names


def _charge(state: GameState, unit: Unit) -> str:
    if not unit.charged:
        return f"{unit.name} ✗" + (" (re-rolled)" if unit.charge_rerolled else "")
    foes = [u.name for k, u in state.units.items() if k in unit.engaged]
    return f"{unit.name} ✓" + (f" vs {', '.join(foes)}" if foes else "")


def _loss(unit: Unit) -> str:
    return f"{unit.name} destroyed" if unit.destroyed else f"{unit.name} −{unit.lost_this_turn}"


def this_turn(state: GameState) -> tuple[Line, ...]:
    """Labelled lists, e.g. `("Advanced", ('Bikers +4"',))`, `("Charges", ("Assault Squad ✓ vs
    Boyz", "Bikers ✗"))`, `("Casualties", ("Boyz −3", "Cultists destroyed"))`."""
    units = list(state.units.values())
    lines = list(_moves(units))
    charges = tuple(_charge(state, u) for u in units if u.charge_declared or u.charged)
    if charges:
        lines.append(("Charges", charges))
    losses = tuple(_loss(u) for u in units if u.lost_this_turn > 0)
    if losses:
        lines.append(("Casualties", losses))
    return tuple(lines)

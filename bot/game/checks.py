"""Which units an edition's unit checks pick out, and why (used by prompts and by moves)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from bot.game.state import GameState
from bot.game.units import Unit
from bot.rules.editions import Condition, Phase, UnitCheck


@dataclass(frozen=True, slots=True)
class UnitNote:
    """A unit the current phase concerns and the reason, e.g. "lost 2 this turn: Morale test"."""

    unit: str
    owner: int
    reason: str
    blocks: str | None = None


def _holds(condition: Condition, unit: Unit) -> bool:
    match condition:
        case "advanced":
            return unit.advanced
        case "fell_back":
            return unit.fell_back
        case "charged":
            return unit.charged
        case "lost_models":
            return unit.lost_this_turn > 0
        case "below_half":
            return unit.below_half
        case "in_combat":
            return unit.in_combat
        case "always":
            return True


def matches(check: UnitCheck, unit: Unit, active: int | None) -> bool:
    if unit.destroyed or (check.who == "active" and unit.owner != active):
        return False
    if check.keyword and not any(unit.profile.has(k) for k in check.keyword):
        return False
    if any(unit.profile.has(k) for k in check.unless):
        return False
    return any(_holds(c, unit) for c in check.when)


def checks_for(state: GameState, phase: Phase) -> tuple[UnitCheck, ...]:
    """The phase's own checks plus the edition's morale checks when they belong to this phase."""
    assert state.edition is not None
    morale = state.edition.morale
    return phase.units + (morale.units if morale.phase == phase.key else ())


def reason(check: UnitCheck, unit: Unit) -> str:
    """The check's reason with the unit's numbers filled in."""
    return check.reason.format(
        lost=unit.lost_this_turn, alive=unit.alive, models=unit.profile.models
    )


def notes(state: GameState, checks: tuple[UnitCheck, ...]) -> Iterator[UnitNote]:
    """Every (unit, reason) the `checks` pick out, units in the order they were added."""
    for unit in state.units.values():
        for check in checks:
            if matches(check, unit, state.active):
                yield UnitNote(unit.name, unit.owner, reason(check, unit), check.blocks)

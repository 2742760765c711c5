"""What an /attack records about its tracked attacker: its One Shot weapons spent and its
Hazardous tests applied (`bot.game.hazardous`), in the attack's own action."""

from __future__ import annotations

from bot.game import Event, GameState, Unit
from bot.game.arsenal import ONE_SHOT
from bot.game.hazardous import HazardOutcome, applied, hazard_events, shown_only, spent_events
from bot.play.attack_plan import Plan, Typed, used_weapons
from bot.rules.hazardous import Hazard, count_tests


def records(state: GameState, first: Plan, typed: Typed, chosen: tuple[int, ...] | None) -> bool:
    """The attack changes the game: it damages a tracked target (or Leader), or (in a game
    being played) its tracked attacker uses Hazardous or One Shot weapons."""
    if first.target is not None or first.leader is not None:
        return True
    if state.status != "active" or first.attacker is None:
        return False
    unit = state.unit(first.attacker)
    if unit is None:
        return False
    return count_tests(first.spec.weapons) > 0 or any(
        a.has(ONE_SHOT) for a in used_weapons(unit, typed.weapon, chosen)
    )


def after_attack(
    state: GameState,
    aimed: Plan,
    typed: Typed,
    chosen: tuple[int, ...] | None,
    hazard: Hazard | None,
) -> tuple[Unit | None, list[Event]]:
    """The tracked attacker as the attack found it, and the events of its One Shot weapons spent
    and its failed Hazardous tests (None and no events when the attacker is not tracked)."""
    unit = state.unit(aimed.attacker) if aimed.attacker else None
    if unit is None or state.status != "active":
        return None, []
    events = spent_events(unit, used_weapons(unit, typed.weapon, chosen))
    if hazard is not None:
        events += hazard_events(state, unit.name, hazard)
    return unit, events


def outcome(
    hazard: Hazard | None, before: Unit | None = None, after: GameState | None = None
) -> HazardOutcome | None:
    """The Hazardous tests as the card shows them: applied to the tracked attacker, or shown."""
    if hazard is None or before is None or after is None:
        return shown_only(hazard)
    return applied(hazard, before, after.unit(before.name))

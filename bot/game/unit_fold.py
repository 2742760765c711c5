"""How the unit events change a game's state: units added, edited, moved, charging, engaged,
in Reserve, damaged and healed. `bot.game.state` folds them with the rest of the game's events.

Engagement is kept on both sides: when a unit becomes engaged with an enemy, the enemy becomes
engaged with it; Falling Back, being destroyed or removed, or a rename keeps both sides in step.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from bot.game import unit_events as ev
from bot.game.model import GameState
from bot.game.units import Unit
from bot.rules.names import name_key


def _units(state: GameState, name: str, unit: Unit | None) -> Mapping[str, Unit]:
    units = dict(state.units)
    key = name_key(name)
    if unit is None:
        units.pop(key, None)
    else:
        units[key] = unit
    return units


def _unit(state: GameState, name: str) -> Unit:
    found = state.unit(name)
    if found is None:
        raise ValueError(f"the log names unit {name!r}, which does not exist at that point")
    return found


def replace_unit(state: GameState, name: str, unit: Unit | None) -> GameState:
    """`state` with the unit called `name` replaced (None: removed)."""
    return replace(state, units=_units(state, name, unit))


def _engage(state: GameState, name: str, enemies: Iterable[str], on: bool) -> GameState:
    """Put `name` into (or out of) combat with each of `enemies`, on both sides."""
    key = name_key(name)
    others = {name_key(e) for e in enemies} & set(state.units) - {key}
    units = dict(state.units)
    for k in others:
        u = units[k]
        units[k] = replace(u, engaged=u.engaged | {key} if on else u.engaged - {key})
    me = units[key]
    units[key] = replace(me, engaged=me.engaged | others if on else me.engaged - others)
    return replace(state, units=units)


def _disengage(state: GameState, name: str) -> GameState:
    """Out of every combat (it Fell Back, was destroyed or removed)."""
    unit = state.unit(name)
    return state if unit is None else _engage(state, name, unit.engaged, False)


def _added(state: GameState, e: ev.UnitAdded) -> GameState:
    return replace_unit(state, e.profile.name, Unit.fresh(e.owner, e.profile))


def _edited(state: GameState, e: ev.UnitEdited) -> GameState:
    """A rename keeps the unit's place in the list and its engagements."""
    old, new = name_key(e.unit), name_key(e.after.name)
    unit = _unit(state, e.unit).with_profile(e.after)

    def renamed(u: Unit) -> Unit:
        return replace(u, engaged=(u.engaged - {old}) | {new}) if old in u.engaged else u

    units = {
        (new if k == old else k): (unit if k == old else renamed(u)) for k, u in state.units.items()
    }
    return replace(state, units=units)


def _removed(state: GameState, e: ev.UnitRemoved) -> GameState:
    return replace_unit(_disengage(state, e.unit), e.unit, None)


def _weapon(state: GameState, e: ev.WeaponAdded) -> GameState:
    """A replacement keeps the weapon's place in the list."""
    unit = _unit(state, e.unit)
    key, weapons = name_key(e.weapon.name), unit.profile.weapons
    if e.replaced is not None and any(name_key(w.name) == key for w in weapons):
        weapons = tuple(e.weapon if name_key(w.name) == key else w for w in weapons)
    else:
        weapons = (*weapons, e.weapon)
    profile = unit.profile.model_copy(update={"weapons": weapons})
    return replace_unit(state, e.unit, replace(unit, profile=profile))


def _weapon_removed(state: GameState, e: ev.WeaponRemoved) -> GameState:
    unit = _unit(state, e.unit)
    key = name_key(e.weapon.name)
    weapons = tuple(w for w in unit.profile.weapons if name_key(w.name) != key)
    profile = unit.profile.model_copy(update={"weapons": weapons})
    return replace_unit(state, e.unit, replace(unit, profile=profile))


def _spent(state: GameState, e: ev.WeaponSpent) -> GameState:
    """A One Shot weapon fired: spent until the battle ends (a new turn keeps it)."""
    unit = _unit(state, e.unit)
    return replace_unit(state, e.unit, replace(unit, spent=unit.spent | {name_key(e.weapon)}))


def _moved(state: GameState, e: ev.UnitMoved) -> GameState:
    """A recorded move; Falling Back leaves every combat (seed 000/003)."""
    unit = _unit(state, e.unit)
    if e.how == "charge":
        return replace_unit(state, e.unit, replace(unit, charged=True, charge_declared=True))
    if e.how == "fall_back":
        state = _disengage(state, e.unit)
        unit = _unit(state, e.unit)
    unit = replace(unit, move=e.how, advance_roll=e.roll if e.how == "advance" else None)
    return replace_unit(state, e.unit, unit)


def _charged(state: GameState, e: ev.ChargeDeclared) -> GameState:
    """A declared charge; one that succeeds puts the charger into combat with its targets."""
    unit = replace(
        _unit(state, e.unit),
        charge_declared=True,
        charged=e.succeeded,
        charge_rerolled=_unit(state, e.unit).charge_rerolled or e.reroll,
    )
    state = replace_unit(state, e.unit, unit)
    return _engage(state, e.unit, e.targets, True) if e.succeeded else state


def _damaged(state: GameState, e: ev.DamageApplied) -> GameState:
    unit = _unit(state, e.unit)
    lost = unit.lost_this_turn + max(0, e.models_destroyed)
    unit = replace(unit, alive=e.models_after, wounds_left=e.wounds_after, lost_this_turn=lost)
    state = replace_unit(state, e.unit, unit)
    return _disengage(state, e.unit) if unit.destroyed else state


def _healed(state: GameState, e: ev.Healed) -> GameState:
    unit = replace(_unit(state, e.unit), alive=e.models_after, wounds_left=e.wounds_after)
    return replace_unit(state, e.unit, unit)


def _engagement(state: GameState, e: ev.EngagementChanged) -> GameState:
    if not e.engaged and not e.enemies:
        return _disengage(state, e.unit)
    return _engage(state, e.unit, e.enemies, e.engaged)


def _reserved(state: GameState, e: ev.UnitReserved) -> GameState:
    return replace_unit(state, e.unit, replace(_unit(state, e.unit), in_reserve=True))


def _reserve_rolled(state: GameState, e: ev.ReserveRolled) -> GameState:
    """A unit rolls once a turn: its roll is marked as taken this phase (the Movement phase)."""
    state = replace(state, tested=state.tested | {(e.unit.casefold(), "reserve")})
    if not e.arrived:
        return state
    return replace_unit(state, e.unit, replace(_unit(state, e.unit), in_reserve=False))


UNIT_HANDLERS: dict[str, Callable[[GameState, Any], GameState]] = {
    "unit_added": _added,
    "unit_edited": _edited,
    "unit_removed": _removed,
    "weapon_added": _weapon,
    "weapon_removed": _weapon_removed,
    "weapon_spent": _spent,
    "unit_moved": _moved,
    "charge_declared": _charged,
    "engagement_changed": _engagement,
    "unit_reserved": _reserved,
    "reserve_rolled": _reserve_rolled,
    "damage_applied": _damaged,
    "healed": _healed,
}

"""Which units can act in the current phase, and why the others cannot (the prompt's lists).

The edition's own unit checks (`data/editions/*.json`) say what Advancing, Falling Back or being in
Engagement Range does in each phase; this module applies them with what every edition shares: a
destroyed unit or one in Reserve does nothing, only ranged weapons shoot, and (seed 000, Fight
phase) "an eligible unit is one that is within Engagement Range of an enemy unit and/or made a
charge move in the same turn".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from bot.game.arsenal import phrases
from bot.game.checks import UnitNote, matches, reason
from bot.game.psychic import SMITE
from bot.game.state import GameState
from bot.game.units import Unit, Weapon
from bot.rules.editions import Phase, UnitCheck

Action = Literal["move", "manifest", "shoot", "charge", "fight"]
ACTIONS: dict[str, Action] = {
    "movement": "move",
    "psychic": "manifest",
    "shooting": "shoot",
    "charge": "charge",
    "fight": "fight",
}
PSYKER = "PSYKER"  # seed 000: "each PSYKER unit can attempt to manifest"
IN_RESERVE = "in Reserve"
# Seed 000 (Movement): "it cannot make a Normal Move or Advance; it can either Remain Stationary
# or it can Fall Back"; seed 003: "can only Fall Back or Remain Stationary".
ENGAGED_MOVE = "only Fall Back or Remain Stationary"
# Seed 003: "If a Battle-shocked unit is selected to Fall Back, take a Desperate Escape test for
# every model in that unit."
SHOCKED = "Battle-shocked: Falling Back takes Desperate Escape tests"


@dataclass(frozen=True, slots=True)
class Eligibility:
    """The active player's units that can act now (`eligible`, with any restriction as the
    reason), those that cannot and why, the units in combat (the Fight phase's order, or the
    engaged units of the Movement phase), and `idle` when nothing can act."""

    action: Action | None = None
    eligible: tuple[UnitNote, ...] = ()
    not_eligible: tuple[UnitNote, ...] = ()
    combat: tuple[UnitNote, ...] = ()
    idle: str | None = None


def action_of(phase: Phase) -> Action | None:
    return ACTIONS.get(phase.key)


def has_ability(weapon: Weapon, phrase: str) -> bool:
    """`assault` in `heavy, assault`: the weapon's abilities hold that phrase."""
    return phrase.strip().lower() in phrases(weapon.abilities)


def ranged(unit: Unit) -> tuple[Weapon, ...]:
    return tuple(w for w in unit.profile.weapons if w.range != "Melee")


def _note(unit: Unit, why: str = "") -> UnitNote:
    return UnitNote(unit.name, unit.owner, why)


def _names(state: GameState, keys: frozenset[str]) -> str:
    """In the order the units were added, so the prompt reads the same on every edit."""
    return ", ".join(u.name for k, u in state.units.items() if k in keys)


def _versus(state: GameState, unit: Unit) -> str:
    return f"vs {_names(state, unit.engaged)}" if unit.engaged else ""


def _joined(*parts: str) -> str:
    return " · ".join(p for p in parts if p)


def _blocked(checks: tuple[UnitCheck, ...], unit: Unit, state: GameState, what: str) -> str | None:
    for check in checks:
        if check.blocks == what and matches(check, unit, state.active):
            return reason(check, unit)
    return None


def _shooter(state: GameState, unit: Unit, checks: tuple[UnitCheck, ...]) -> tuple[bool, str]:
    """(eligible, why): seed 000 "Models cannot make attacks with ranged weapons while their unit
    is within Engagement Range of any enemy models" (Pistols and Big Guns Never Tire excepted by
    the edition's checks); seed 003 "A unit is eligible to shoot unless ... Advanced ... Fell Back"
    (10th Core: Assault weapons may still shoot after an Advance)."""
    if unit.profile.weapons and not ranged(unit):
        return False, "no ranged weapons"
    blocked = _blocked(checks, unit, state, "shoot")
    if blocked is not None:
        return False, blocked
    weapons, reasons, restricted = ranged(unit), [], False
    for check in checks:
        if check.blocks is None and matches(check, unit, state.active):
            reasons.append(reason(check, unit))
            if check.only is not None:
                restricted = True
                weapons = tuple(w for w in weapons if has_ability(w, check.only))
                if unit.profile.weapons and not weapons:
                    return False, f"{reason(check, unit)}; it has no {check.only.title()} weapon"
    if restricted and weapons:
        reasons.append("can fire " + ", ".join(w.name for w in weapons))
    return True, _joined(*reasons)


def _manifester(state: GameState, unit: Unit, checks: tuple[UnitCheck, ...]) -> tuple[bool, str]:
    blocked = _blocked(checks, unit, state, "manifest")
    if blocked is not None:
        return False, blocked
    smitten = any(
        t.unit == unit.name.casefold() and t.power == SMITE.casefold() for t in state.attempts
    )
    return True, f"{SMITE} already attempted this battle round" if smitten else ""


def _charger(state: GameState, unit: Unit, checks: tuple[UnitCheck, ...]) -> tuple[bool, str]:
    """Seed 000: "Units that have Advanced or Fallen Back this battle round, and units that start
    the Charge phase within Engagement Range of any enemy units, are not eligible units" (the
    edition's checks say which) — as `bot.game.charges` refuses them; 10th adds AIRCRAFT."""
    blocked = _blocked(checks, unit, state, "charge")
    if blocked is not None:
        return False, blocked
    if unit.in_combat:
        return False, "in Engagement Range: cannot declare a charge"
    assert state.edition is not None
    barred = [k for k in state.edition.cannot_charge if unit.profile.has(k)]
    return (False, f"{barred[0]}: cannot charge") if barred else (True, "")


def _sort(
    state: GameState, units: list[Unit], checks: tuple[UnitCheck, ...], action: Action
) -> Eligibility:
    judge = {"shoot": _shooter, "manifest": _manifester, "charge": _charger}[action]
    yes: list[UnitNote] = []
    no: list[UnitNote] = []
    for unit in units:
        if unit.in_reserve:
            no.append(_note(unit, IN_RESERVE))
            continue
        ok, why = judge(state, unit, checks)
        (yes if ok else no).append(_note(unit, why))
    return Eligibility(action, tuple(yes), tuple(no))


def _movers(state: GameState, units: list[Unit]) -> Eligibility:
    """Units still to move; engaged ones may only Fall Back or Remain Stationary."""
    waiting = [u for u in units if u.move is None]
    return Eligibility(
        "move",
        eligible=tuple(_note(u) for u in waiting if not u.in_reserve and not u.in_combat),
        not_eligible=tuple(_note(u, IN_RESERVE) for u in waiting if u.in_reserve),
        combat=tuple(
            _note(u, _joined(ENGAGED_MOVE, _versus(state, u), SHOCKED if u.battle_shocked else ""))
            for u in waiting
            if u.in_combat and not u.in_reserve
        ),
    )


def _fighters(state: GameState) -> Eligibility:
    """Seed 000: "Units that made a charge move this turn fight first"; then, as in 9th and 10th,
    the players alternate "starting with the player whose turn is not taking place"."""
    fighting = [
        u
        for u in state.units.values()
        if not u.destroyed and not u.in_reserve and (u.in_combat or u.charged)
    ]
    first = [u for u in fighting if u.charged]
    rest = sorted((u for u in fighting if not u.charged), key=lambda u: u.owner == state.active)
    notes = [_note(u, _joined("charged: fights first", _versus(state, u))) for u in first]
    notes += [_note(u, _versus(state, u)) for u in rest]
    idle = None if notes or not state.units else "no unit is recorded in combat"
    return Eligibility("fight", combat=tuple(notes), idle=idle)


IDLE = {"shoot": "shoot", "manifest": "manifest powers", "charge": "charge"}


def eligibility(state: GameState, phase: Phase) -> Eligibility:
    """Who can do what this phase: the active player's units (both players' in the Fight)."""
    action = action_of(phase)
    if action is None:
        return Eligibility()
    if action == "fight":
        return _fighters(state)
    units = [u for u in state.units.values() if u.owner == state.active and not u.destroyed]
    if action == "move":
        return _movers(state, units)
    if action == "manifest":
        units = [u for u in units if u.profile.has(PSYKER)]
    declared = action == "charge" and any(u.charge_declared for u in units)
    if action == "charge":
        units = [u for u in units if not u.charge_declared]
    found = _sort(state, units, phase.units, action)
    if found.eligible or not _tracks(state):
        return found
    idle = f"no {'other ' if declared else ''}unit can {IDLE[action]}"
    if action == "manifest" and not units:
        idle = f"no {PSYKER} units"
    return Eligibility(action, found.eligible, found.not_eligible, idle=idle)


def _tracks(state: GameState) -> bool:
    """The active player tracks units: only then can Vox say that none of them can act."""
    return any(u.owner == state.active and not u.destroyed for u in state.units.values())

"""Deciding unit changes: add, edit, remove, weapons, moves, damage and healing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from bot.game import guards
from bot.game.checks import checks_for, matches
from bot.game.describe import MOVES
from bot.game.events import (
    DamageApplied,
    Event,
    Healed,
    UnitAdded,
    UnitEdited,
    UnitMoved,
    UnitRemoved,
    WeaponAdded,
)
from bot.game.state import GameState
from bot.game.units import UnitProfile, Weapon, after_damage, after_healing
from bot.rules.dice import D6, Dice, roll_die
from bot.rules.editions import MoveKind
from bot.rules.errors import IllegalAction, InvalidProfile

MAX_UNITS = 60


def profile(**fields: Any) -> UnitProfile:
    """A validated profile; a bad value becomes one sentence naming the field."""
    try:
        return UnitProfile.model_validate(fields)
    except ValidationError as exc:
        raise _sentence(exc) from exc


def weapon(**fields: Any) -> Weapon:
    try:
        return Weapon.model_validate(fields)
    except ValidationError as exc:
        raise _sentence(exc) from exc


def _sentence(exc: ValidationError) -> InvalidProfile:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "profile"
    return InvalidProfile(f"{where}: {first['msg'].rstrip('.')}; fix that value and try again.")


def _name_free(state: GameState, name: str, allow: str | None = None) -> None:
    taken = state.unit(name)
    if taken is not None and (allow is None or taken.name.casefold() != allow.casefold()):
        raise IllegalAction(f'A unit called "{taken.name}" already exists; pick another name.')


def add_unit(state: GameState, owner: int, new: UnitProfile, *, card: bool = False) -> list[Event]:
    guards.game_open(state)
    guards.player(state, owner)
    _name_free(state, new.name)
    if len(state.units) >= MAX_UNITS:
        raise IllegalAction(f"A game tracks at most {MAX_UNITS} units; remove one first.")
    return [UnitAdded(owner=owner, profile=new, card=card)]


def edit_unit(state: GameState, unit_name: str, /, **changes: Any) -> list[Event]:
    """Change profile fields (a new `name` renames it); damage already taken is kept."""
    guards.game_open(state)
    unit = guards.unit(state, unit_name)
    after = profile(**{**unit.profile.model_dump(), **changes})
    _name_free(state, after.name, allow=unit.name)
    if after == unit.profile:
        raise IllegalAction(f"That is already {unit.name}'s profile; change at least one value.")
    return [UnitEdited(unit=unit.name, before=unit.profile, after=after)]


def remove_unit(state: GameState, name: str) -> list[Event]:
    guards.game_open(state)
    return [UnitRemoved(unit=guards.unit(state, name).name)]


def add_weapon(state: GameState, name: str, new: Weapon) -> list[Event]:
    guards.game_open(state)
    unit = guards.unit(state, name)
    if any(w.name.casefold() == new.name.casefold() for w in unit.profile.weapons):
        raise IllegalAction(f"{unit.name} already has a {new.name}; give this one another name.")
    if len(unit.profile.weapons) >= 20:
        raise IllegalAction(f"{unit.name} already has 20 weapons; remove the unit or edit it.")
    return [WeaponAdded(unit=unit.name, weapon=new)]


def move_unit(
    state: GameState, name: str, how: MoveKind, dice: Dice | None = None, roll: int | None = None
) -> list[Event]:
    """A move by the active player's unit in a phase allowing it (Advance rolls D6, charge 2D6).

    Seed 000/003: a unit moves once per Movement phase; units that Advanced or Fell Back cannot
    charge. Pass `roll` to record a roll made at the table, or `dice` to have Vox roll it.
    """
    ed = guards.game_playing(state)
    unit = guards.alive(state, name)
    phase = ed.phase(state.phase_index)
    if how not in phase.moves:
        allowed = [p.name for p in ed.phases if how in p.moves]
        where = allowed[0] if allowed else "no phase of this edition"
        raise IllegalAction(f"Units {MOVES[how]} in {where}; use /game next to get there.")
    if unit.owner != state.active:
        raise IllegalAction(f"{unit.name} is not the active player's unit; wait for its turn.")
    if how == "charge" and unit.charged:
        raise IllegalAction(f"{unit.name} already charged this turn; pick another unit.")
    if how != "charge" and unit.move is not None:
        raise IllegalAction(f"{unit.name} already moved this phase; undo that move to change it.")
    for check in checks_for(state, phase):  # seed 000/003: no charge after Advance or Fall Back
        if how == "charge" == check.blocks and matches(check, unit, state.active):
            raise IllegalAction(f"{unit.name} cannot do that ({check.reason}); pick another unit.")
    faces = _roll(how, dice, roll)
    total = roll if roll is not None else (sum(faces) if faces else None)
    return [UnitMoved(unit=unit.name, how=how, roll=total, dice=faces)]


def _roll(how: MoveKind, dice: Dice | None, roll: int | None) -> tuple[int, ...]:
    count = {"advance": 1, "charge": 2}.get(how, 0)
    if count == 0 or roll is not None:
        if roll is not None and not count <= roll <= 6 * count:
            raise IllegalAction(f"That roll cannot come from {count}D6; type the dice total.")
        return ()
    if dice is None:
        raise IllegalAction("Give the roll you made, or let Vox roll it.")
    return tuple(roll_die(D6, dice).value for _ in range(count))


def damage(
    state: GameState,
    name: str,
    amounts: Sequence[int],
    *,
    mortal: bool = False,
    source: str = "",
    attacker: str | None = None,
) -> list[Event]:
    """Damage per failed save (`amounts`; excess is lost) or mortal wounds (which spill over)."""
    guards.game_playing(state)
    unit = guards.alive(state, name)
    if not amounts or any(a < 1 for a in amounts):
        raise IllegalAction("Each damage amount must be 1 or more.")
    models, wounds = after_damage(unit, tuple(amounts), mortal=mortal)
    return [
        DamageApplied(
            unit=unit.name,
            damage=sum(amounts),
            mortal=mortal,
            source=source,
            attacker=attacker,
            models_before=unit.alive,
            wounds_before=unit.wounds_left,
            models_after=models,
            wounds_after=wounds,
        )
    ]


def set_health(
    state: GameState,
    name: str,
    models: int,
    wounds_left: int,
    source: str = "",
    attacker: str | None = None,
) -> list[Event]:
    """Record an attack's result as the attack resolver computed it (models and wounds left)."""
    guards.game_playing(state)
    unit = guards.alive(state, name)
    full = unit.profile.wounds
    if not 0 <= models <= unit.alive or not (0 if models == 0 else 1) <= wounds_left <= full:
        raise IllegalAction(f"{unit.name} cannot end with {models} models and {wounds_left} W.")
    lost = (unit.alive - 1) * full + unit.wounds_left - max(0, (models - 1) * full + wounds_left)
    return [
        DamageApplied(
            unit=unit.name,
            damage=max(0, lost),
            source=source,
            attacker=attacker,
            models_before=unit.alive,
            wounds_before=unit.wounds_left,
            models_after=models,
            wounds_after=wounds_left if models else 0,
        )
    ]


def heal(state: GameState, name: str, *, wounds: int = 0, models: int = 0) -> list[Event]:
    """Wounds back on the wounded model and/or models returned to the unit."""
    guards.game_open(state)
    unit = guards.unit(state, name)
    if wounds < 0 or models < 0 or wounds + models == 0:
        raise IllegalAction("Heal at least 1 wound or return at least 1 model.")
    alive, left = after_healing(unit, wounds, models)
    if (alive, left) == (unit.alive, unit.wounds_left):
        raise IllegalAction(f"{unit.name} is already at full strength; nothing to heal.")
    return [
        Healed(
            unit=unit.name,
            models_before=unit.alive,
            wounds_before=unit.wounds_left,
            models_after=alive,
            wounds_after=left,
        )
    ]

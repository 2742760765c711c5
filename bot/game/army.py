"""Deciding unit changes: add, edit, remove, weapons, moves, damage and healing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from pydantic import ValidationError

from bot.game import guards
from bot.game.charges import mover
from bot.game.events import (
    DamageApplied,
    Event,
    Healed,
    UnitAdded,
    UnitEdited,
    UnitMoved,
    UnitRemoved,
    WeaponAdded,
    WeaponRemoved,
)
from bot.game.state import GameState
from bot.game.units import NAME_LENGTH, UnitProfile, Weapon, after_damage, after_healing
from bot.rules.dice import D6, Dice, roll_die
from bot.rules.editions import MoveKind
from bot.rules.errors import IllegalAction, InvalidProfile, RulesError
from bot.rules.names import clean_name, name_key
from bot.rules.profiles import AttackSpec, Target, parse_range, target_from_text, weapon_from_text
from bot.rules.rulesets import Ruleset, ruleset

MAX_UNITS = 60
MAX_WEAPONS = 20


def profile(**fields: Any) -> UnitProfile:
    """A validated profile; a bad value becomes one sentence naming the field."""
    if isinstance(fields.get("name"), str):
        fields["name"] = clean_name(fields["name"], "A unit name", NAME_LENGTH)
    try:
        return UnitProfile.model_validate(fields)
    except ValidationError as exc:
        raise _sentence(exc) from exc


def weapon(**fields: Any) -> Weapon:
    if isinstance(fields.get("name"), str):
        fields["name"] = clean_name(fields["name"], "A weapon name", NAME_LENGTH)
    try:
        return Weapon.model_validate(fields)
    except ValidationError as exc:
        raise _sentence(exc) from exc


def checked_weapon(rules: Ruleset, new: Weapon, attackers: int = 1) -> Weapon:
    """`new` as `/attack` will read it, checked before anything is stored: its name, Range, and
    every characteristic through the attack parsers of `rules` (the same ones `/attack` uses),
    with `attackers` models firing it against a lone target (at most 1000 attacks)."""
    name = clean_name(new.name, "A weapon name", NAME_LENGTH)
    reach = parse_range(new.range)
    parsed = weapon_from_text(
        rules,
        attacks=new.attacks,
        skill="auto" if new.skill is None else f"{new.skill}+",
        strength=new.strength,
        ap=new.ap,
        damage=new.damage,
        abilities=new.abilities,
        attackers=attackers,
    )
    AttackSpec(rules, (parsed,), Target(toughness=1, save=None))
    if (name, reach) == (new.name, new.range):
        return new
    return new.model_copy(update={"name": name, "range": reach})


def checked_profile(rules: Ruleset, new: UnitProfile) -> UnitProfile:
    """`new` with a clean name, as the attack parsers read a target (T, Sv, W, models, invuln,
    FNP, keywords), and every weapon checked by `checked_weapon` (a refusal names the weapon)."""
    name = clean_name(new.name, "A unit name", NAME_LENGTH)
    p = new
    target_from_text(
        toughness=p.toughness, save="-" if p.save >= 7 else f"{p.save}+", wounds=p.wounds,
        models=p.models, invuln=f"{p.invuln}+" if p.invuln else "",
        fnp=f"{p.fnp}+" if p.fnp else "", keywords=", ".join(p.keywords),
    )  # fmt: skip
    weapons = []
    keys: set[str] = set()
    for w in p.weapons:
        try:
            checked = checked_weapon(rules, w, p.models)
        except RulesError as exc:
            raise InvalidProfile(f"{w.name}: {exc}") from exc
        if name_key(checked.name) in keys:
            raise IllegalAction(f"{p.name} has two weapons called {checked.name}; rename one.")
        keys.add(name_key(checked.name))
        weapons.append(checked)
    if name == p.name and tuple(weapons) == p.weapons:
        return p
    return p.model_copy(update={"name": name, "weapons": tuple(weapons)})


def _rules(state: GameState) -> Ruleset:
    assert state.edition is not None, "a unit decision before the game started"
    return ruleset(state.edition.attack_ruleset)


def _sentence(exc: ValidationError) -> InvalidProfile:
    first = exc.errors()[0]
    where = ".".join(str(p) for p in first["loc"]) or "profile"
    return InvalidProfile(f"{where}: {first['msg'].rstrip('.')}; fix that value and try again.")


def _name_free(state: GameState, name: str, allow: str | None = None) -> None:
    taken = state.unit(name)
    if taken is not None and (allow is None or name_key(taken.name) != name_key(allow)):
        raise IllegalAction(f'A unit called "{taken.name}" already exists; pick another name.')


def add_unit(state: GameState, owner: int, new: UnitProfile, *, card: bool = False) -> list[Event]:
    guards.game_open(state)
    guards.player(state, owner)
    new = checked_profile(_rules(state), new)
    _name_free(state, new.name)
    if len(state.units) >= MAX_UNITS:
        raise IllegalAction(f"A game tracks at most {MAX_UNITS} units; remove one first.")
    return [UnitAdded(owner=owner, profile=new, card=card)]


def edit_unit(state: GameState, unit_name: str, /, **changes: Any) -> list[Event]:
    """Change profile fields (a new `name` renames it); damage already taken is kept."""
    guards.game_open(state)
    unit = guards.unit(state, unit_name)
    after = checked_profile(_rules(state), profile(**{**unit.profile.model_dump(), **changes}))
    _name_free(state, after.name, allow=unit.name)
    if after == unit.profile:
        raise IllegalAction(f"That is already {unit.name}'s profile; change at least one value.")
    return [UnitEdited(unit=unit.name, before=unit.profile, after=after)]


def remove_unit(state: GameState, name: str) -> list[Event]:
    guards.game_open(state)
    return [UnitRemoved(unit=guards.unit(state, name).name)]


def add_weapon(state: GameState, name: str, new: Weapon) -> list[Event]:
    """A new weapon, or (same name) a new profile for the weapon of that name, checked by the
    game's attack rules before anything is stored."""
    guards.game_open(state)
    unit = guards.unit(state, name)
    new = checked_weapon(_rules(state), new, unit.profile.models)
    old = _weapon(unit.profile, new.name)
    if old is not None:
        if old == new.model_copy(update={"name": old.name}):
            raise IllegalAction(
                f"{unit.name}'s {old.name} already has that profile; change a value."
            )
        return [WeaponAdded(unit=unit.name, weapon=new, replaced=old)]
    if len(unit.profile.weapons) >= MAX_WEAPONS:
        raise IllegalAction(
            f"{unit.name} already has {MAX_WEAPONS} weapons; remove one with /unit weapon-remove."
        )
    return [WeaponAdded(unit=unit.name, weapon=new)]


def remove_weapon(state: GameState, name: str, weapon_name: str) -> list[Event]:
    """Take a weapon off a unit (undo puts it back in its place)."""
    guards.game_open(state)
    unit = guards.unit(state, name)
    old = _weapon(unit.profile, weapon_name)
    if old is None:
        names = ", ".join(w.name for w in unit.profile.weapons) or "none"
        raise IllegalAction(f"{unit.name} has no weapon called {weapon_name}; it has: {names}.")
    return [WeaponRemoved(unit=unit.name, weapon=old)]


def _weapon(p: UnitProfile, name: str) -> Weapon | None:
    key = name_key(name)
    return next((w for w in p.weapons if name_key(w.name) == key), None)


def move_unit(
    state: GameState, name: str, how: MoveKind, dice: Dice | None = None, roll: int | None = None
) -> list[Event]:
    """A move by the active player's unit in a phase allowing it (Advance rolls D6; an old-style
    charge, 2D6). Who may move how is `charges.mover`; a declared charge is
    `charges.declare_charge`. Pass `roll` to record a roll made at the table, or `dice` to have
    Vox roll it.
    """
    unit = mover(state, name, how)
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

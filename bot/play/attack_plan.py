"""The attack's profile from the options and the channel's units: the rules' `AttackSpec`.

Typed options override what a unit provides; typed abilities (e.g. `half range`) are added to every
weapon. Without units, the profile options must all be typed. A unit's weapon attacks as many
times over as the unit has of it (its `count`, see `carriers`), unless `attackers:` is typed. A
unit's numbers become the rules' `Weapon` and `Target` as they are (no text in between); only
what was typed is parsed. Weapons chosen in a game's phase also get the situations the game
recorded this turn (`bot.game.situations`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.errors import NotFound, Stale, VoxError
from bot.game import GameState, Unit
from bot.game import guards as game_guards
from bot.game.arsenal import Armed, armed, phrases
from bot.game.situations import effects, situations
from bot.game.units import Weapon as GameWeapon
from bot.rules.abilities import parse_abilities
from bot.rules.errors import IllegalAction
from bot.rules.names import name_key
from bot.rules.notation import parse
from bot.rules.profiles import (
    MAX_WOUNDS,
    AttackSpec,
    Target,
    Weapon,
    keyword_set,
    parse_ap,
    parse_keywords,
    parse_number,
    parse_roll_needed,
    parse_save,
    parse_skill,
    parse_strength,
    target_from_text,
    weapon_from_text,
)
from bot.rules.quote import quoted
from bot.rules.rulesets import Ruleset, ruleset

WEAPON_KEYS = ("attacks", "skill", "strength", "ap", "damage")
TARGET_KEYS = ("toughness", "save")
NO_SAVE = 7  # a unit's save of 7+ is no save at all
NO_UNITS = "There is no game in this channel, so there are no units; type the profile instead."


@dataclass(frozen=True, slots=True)
class Typed:
    """Every option of /attack and /odds as typed (None: not given)."""

    attacks: str | None = None
    skill: str | None = None
    strength: str | None = None
    ap: str | None = None
    damage: str | None = None
    toughness: int | None = None
    save: str | None = None
    wounds: int | None = None
    models: int | None = None
    attackers: int | None = None
    invuln: str | None = None
    fnp: str | None = None
    abilities: str | None = None
    keywords: str | None = None
    edition: str | None = None
    attacker: str | None = None
    weapon: str | None = None
    target: str | None = None

    def given(self, *keys: str) -> dict[str, Any]:
        return {k: getattr(self, k) for k in keys if getattr(self, k) is not None}


@dataclass(frozen=True, slots=True)
class Plan:
    """An attack ready to roll: its spec, its edition, the tracked units it involves, and the
    situations of this turn applied (`Remained Stationary: Heavy +1 to hit`)."""

    spec: AttackSpec
    edition: str
    target: str | None = None  # the tracked target unit: /attack damages it
    attacker: str | None = None  # the tracked attacking unit, credited with a kill
    applied: tuple[str, ...] = ()
    shown: tuple[str, ...] = ()  # keywords of the weapons Vox shows but does not apply


def plan(
    typed: Typed, state: GameState | None, rules: Ruleset, chosen: tuple[int, ...] | None = None
) -> Plan:
    """The options and the units as they are in `state` → the rules' values; bad values raise
    one-sentence errors. `chosen`: the attacker's weapons picked in the game's phase (by index),
    which also get this turn's situations; None: the typed weapon, else all of them, as typed."""
    weapons, applied, shown = _weapons(typed, state, rules, chosen)
    target, unit = _target(typed, state)
    attacker = state.unit(typed.attacker) if state and typed.attacker else None
    return Plan(
        AttackSpec(rules, weapons, target),
        rules.name,
        target=unit.name if unit else None,
        attacker=attacker.name if attacker else None,
        applied=applied,
        shown=shown,
    )


def rules_for(typed: Typed, state: GameState | None, default: str) -> Ruleset:
    """The typed edition, else the channel's game's, else `default`; a game in an edition
    without attack rules (7th) needs a typed one rather than another edition's rules unsaid."""
    game = state.edition if state else None
    if typed.edition is None and game is not None and not game.resolves_attacks:
        raise IllegalAction(
            f"This game is {game.name}, and Vox resolves attacks only with 9th, 10th or Eternum "
            "rules; pick 9th or 10th with `edition:`."
        )
    game_edition = game.attack_ruleset if game else None
    return ruleset(typed.edition or game_edition or default)


def _weapons(
    typed: Typed, state: GameState | None, rules: Ruleset, chosen: tuple[int, ...] | None
) -> tuple[tuple[Weapon, ...], tuple[str, ...], tuple[str, ...]]:
    """The weapons as the rules read them, this turn's situations applied, and the keywords of
    the unit's weapons that Vox shows without applying (`Plague knife: Plague Weapon`)."""
    if typed.attacker is None:
        missing = [k for k in WEAPON_KEYS if getattr(typed, k) is None]
        if missing:
            raise VoxError(
                f"Give {', '.join(missing)} (or pick an attacker unit from this channel's game)."
            )
        given = typed.given(*WEAPON_KEYS, "attackers")
        return (weapon_from_text(rules, **given, abilities=typed.abilities or ""),), (), ()
    unit = game_guards.alive(_game(state), typed.attacker)
    picked = used_weapons(unit, typed.weapon, chosen)
    built = [_unit_weapon(typed, a, unit, rules, chosen is not None) for a in picked]
    applied = dict.fromkeys(label for _, labels in built for label in labels)
    shown = tuple(f"{a.name}: {', '.join(a.weapon.other)}" for a in picked if a.weapon.other)
    return tuple(w for w, _ in built), tuple(applied), shown


def _unit_weapon(
    typed: Typed, a: Armed, unit: Unit, rules: Ruleset, situational: bool
) -> tuple[Weapon, tuple[str, ...]]:
    """One of the attacker's weapons, with the typed options in place of its own, and (in a
    game's phase) this turn's situations added, with what they change."""
    w, text = a.weapon, _join(a.weapon.abilities, typed.abilities)
    extra = situations(unit, a, rules, phrases(text)) if situational else ()
    own = parse_abilities(text, rules)
    abilities = parse_abilities(_join(text, *(s.phrase for s in extra)), rules) if extra else own
    labels = tuple(
        f"{s.label}: {', '.join(found)}" for s in extra if (found := effects(rules, own.flags, s))
    )
    return Weapon(
        attacks=parse(w.attacks if typed.attacks is None else typed.attacks),
        skill=w.skill if typed.skill is None else parse_skill(typed.skill),
        strength=parse_strength(typed.strength or w.strength, rules, abilities.bearer_strength),
        ap=w.ap if typed.ap is None else parse_ap(typed.ap),
        damage=parse(w.damage if typed.damage is None else typed.damage),
        abilities=abilities,
        attackers=typed.attackers or carriers(w, unit),
        name=f"{unit.name} · {w.name}"[:100],
    ), labels


def carriers(weapon: GameWeapon, unit: Unit) -> int:
    """How many of `weapon` attack: one per model alive when each model has one; else the
    unit's `count` of them (from an imported list), at most one per model alive when fewer
    models than that carry it, and in proportion to the models alive when a model carries
    several (a Tesseract Vault's four Tesla spheres)."""
    count, alive, models = weapon.count, unit.alive, unit.profile.models
    if count is None:
        return alive
    if count <= models:
        return max(1, min(count, alive))
    return max(1, -(-count * alive // models))


def _target(typed: Typed, state: GameState | None) -> tuple[Target, Unit | None]:
    """The target, and the tracked target unit (to apply damage to) if any."""
    given = typed.given(*TARGET_KEYS, "wounds", "models", "invuln", "fnp", "keywords")
    if typed.target is None:
        missing = [k for k in TARGET_KEYS if k not in given]
        if missing:
            raise VoxError(
                f"Give {', '.join(missing)} (or pick a target unit from this channel's game)."
            )
        return target_from_text(**given), None
    unit = game_guards.alive(_game(state), typed.target)
    p, t = unit.profile, typed
    wounds = parse_number(t.wounds or p.wounds, "Wounds per model", 1, MAX_WOUNDS)
    damaged = unit.wounds_left < p.wounds
    return Target(
        toughness=t.toughness or p.toughness,
        save=(None if p.save >= NO_SAVE else p.save) if t.save is None else parse_save(t.save),
        wounds=wounds,
        models=t.models or unit.alive,
        invuln=p.invuln if t.invuln is None else parse_roll_needed(t.invuln, "Invulnerable save"),
        fnp=p.fnp if t.fnp is None else parse_roll_needed(t.fnp, "Feel no pain"),
        keywords=keyword_set(p.keywords) if t.keywords is None else parse_keywords(t.keywords),
        wounds_left=parse_number(unit.wounds_left, "Wounds left", 1, wounds) if damaged else None,
    ), unit


def _join(*parts: str | None) -> str:
    return ", ".join(p.strip() for p in parts if p and p.strip())


def picked_weapons(unit: Unit, name: str | None) -> tuple[Armed, ...]:
    """The unit's weapon called `name` (any case), or all of them when None."""
    weapons = armed(unit)
    if not weapons:
        raise VoxError(f"{unit.name} has no weapons yet; add one with /unit weapon.")
    if name is None:
        return weapons
    chosen = tuple(a for a in weapons if name_key(a.name) == name_key(name))
    if not chosen:
        names = ", ".join(a.name for a in weapons)
        raise NotFound(f"{unit.name} has no weapon called {quoted(name)}; it has: {names}.")
    return chosen


def used_weapons(unit: Unit, name: str | None, chosen: tuple[int, ...] | None) -> tuple[Armed, ...]:
    """The weapons an attack by `unit` uses: the ones chosen in the phase (by index), else the
    typed one, else all of them."""
    return picked_weapons(unit, name) if chosen is None else _by_index(unit, chosen)


def _by_index(unit: Unit, chosen: tuple[int, ...]) -> tuple[Armed, ...]:
    weapons = armed(unit)
    if not chosen or any(not 0 <= i < len(weapons) for i in chosen):
        raise Stale(f"The weapons of {unit.name} have changed since; type /attack again.")
    return tuple(weapons[i] for i in chosen)


def _game(state: GameState | None) -> GameState:
    if state is None:
        raise NotFound(NO_UNITS)
    return state

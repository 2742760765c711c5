from __future__ import annotations

from dataclasses import dataclass

from bot.errors import VoxError
from bot.game import GameState, Unit
from bot.game import guards as game_guards
from bot.game.arsenal import Armed, phrases
from bot.game.situations import effects, situations
from bot.game.units import Weapon as GameWeapon
from bot.play.attack_options import Typed
from bot.play.attack_target import NO_UNITS, aimed, game
from bot.play.attack_units import Found
from bot.play.attack_weapons import picked_weapons, used_weapons
from bot.play.typed_profiles import parse_weapons
from bot.rules.abilities import parse_abilities
from bot.rules.errors import IllegalAction
from bot.rules.notation import parse
from bot.rules.profiles import (
    AttackSpec,
    Weapon,
    parse_ap,
    parse_skill,
    parse_strength,
    weapon_from_text,
)
from bot.rules.rulesets import Ruleset, ruleset

__all__ = [
    "NO_UNITS", "Found", "Plan", "Typed", "carriers", "picked_weapons", "plan", "rules_for",
    "used_weapons",
]  # fmt: skip

NONE_LISTED = Found()
WEAPON_KEYS = ("attacks", "skill", "strength", "ap", "damage")
BOTH = (
    "Type the profiles either in weapons: or in attacks, skill, strength, ap, damage and "
    "attackers (or pick an attacker), not both."
)


@dataclass(frozen=True, slots=True)
class Plan:
    """An attack ready to roll: its spec, its edition, the tracked units it involves, the names
    the answer shows, and the situations of this turn applied (`Remained Stationary: Heavy +1 to
    hit`)."""

    spec: AttackSpec
    edition: str
    target: str | None = None  # the tracked target unit: /attack damages it
    attacker: str | None = None  # the tracked attacking unit, credited with a kill
    applied: tuple[str, ...] = ()
    shown: tuple[str, ...] = ()  # keywords of the weapons Vox shows but does not apply
    leader: str | None = None  # the tracked Leader unit: /attack damages it too
    target_name: str | None = None  # the target unit's name, tracked or not
    leader_name: str | None = None  # the Leader's ("" for a typed profile without a name)


def plan(
    typed: Typed,
    state: GameState | None,
    rules: Ruleset,
    chosen: tuple[int, ...] | None = None,
    found: Found = NONE_LISTED,
) -> Plan:
    """The options and the units as they are in `state` (and the army units `found`) → the
    rules' values; bad values raise one-sentence errors. `chosen`: the attacker's weapons picked
    in the game's phase (by index), which also get this turn's situations; None: as `weapon:`
    says (`bot.play.attack_weapons`)."""
    found.check(rules)
    weapons, applied, shown = _weapons(typed, state, rules, chosen, found)
    at = aimed(typed, state, found)
    tracked = state is not None and typed.attacker is not None and found.attacker is None
    attacker = state.unit(typed.attacker) if state and typed.attacker and tracked else None
    return Plan(
        AttackSpec(rules, weapons, at.target),
        rules.name,
        target=at.tracked,
        attacker=attacker.name if attacker else None,
        applied=applied,
        shown=shown,
        leader=at.tracked_leader,
        target_name=at.shown,
        leader_name=at.leader_shown,
    )


def rules_for(
    typed: Typed, state: GameState | None, default: str, found: Found = NONE_LISTED
) -> Ruleset:
    """The typed edition, else the channel's game's, else the army units' own, else `default`;
    a game in an edition without attack rules (7th) needs a typed one rather than another
    edition's rules unsaid."""
    game_ = state.edition if state else None
    if typed.edition is None and game_ is not None and not game_.resolves_attacks:
        raise IllegalAction(
            f"This game is {game_.name}, and Vox resolves attacks only with 9th, 10th or Eternum "
            "rules; pick 9th or 10th with `edition:`."
        )
    game_edition = game_.attack_ruleset if game_ else None
    return ruleset(typed.edition or game_edition or found.edition or default)


def _weapons(
    typed: Typed,
    state: GameState | None,
    rules: Ruleset,
    chosen: tuple[int, ...] | None,
    found: Found,
) -> tuple[tuple[Weapon, ...], tuple[str, ...], tuple[str, ...]]:
    """The weapons as the rules read them, this turn's situations applied, and the keywords of
    the unit's weapons that Vox shows without applying (`Plague knife: Plague Weapon`)."""
    if typed.weapons is not None:
        if typed.attacker is not None or typed.given(*WEAPON_KEYS, "attackers"):
            raise VoxError(BOTH)
        return parse_weapons(typed.weapons, rules, typed.abilities), (), ()
    if typed.attacker is None:
        missing = [k for k in WEAPON_KEYS if getattr(typed, k) is None]
        if missing:
            raise VoxError(
                f"Give {', '.join(missing)} (or weapons:, or pick an attacker unit from this "
                "channel's game or your armies)."
            )
        given = typed.given(*WEAPON_KEYS, "attackers")
        return (weapon_from_text(rules, **given, abilities=typed.abilities or ""),), (), ()
    listed = found.attacker is not None
    unit = found.attacker.unit if found.attacker else game_guards.alive(game(state), typed.attacker)
    picked = used_weapons(unit, typed.weapon, chosen, listed)
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


def _join(*parts: str | None) -> str:
    return ", ".join(p.strip() for p in parts if p and p.strip())

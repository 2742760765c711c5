"""/attack and /odds: the attack's profile from the options and the channel's units, the dice, and
on a tracked target the damage recorded.

Typed options override what a unit provides; typed abilities (e.g. `half range`) are added to every
weapon. Without units, the profile options must all be typed. A unit's numbers become the rules'
`Weapon` and `Target` as they are (no text in between); only what was typed is parsed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.errors import NotFound, VoxError
from bot.game import Event, GameState, Unit, set_health
from bot.game import guards as game_guards
from bot.game.units import Weapon as GameWeapon
from bot.play.actor import Actor
from bot.play.rolled import roll_and_record
from bot.play.services import Services
from bot.rules.abilities import parse_abilities
from bot.rules.attack import AttackResult, resolve
from bot.rules.errors import IllegalAction
from bot.rules.names import name_key
from bot.rules.notation import parse
from bot.rules.odds import Odds, compute
from bot.rules.odds.cost import check as check_size
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
    """An attack ready to roll: its spec, its edition, and the tracked units it involves."""

    spec: AttackSpec
    edition: str
    target: str | None = None  # the tracked target unit: /attack damages it
    attacker: str | None = None  # the tracked attacking unit, credited with a kill


@dataclass(frozen=True, slots=True)
class Attacked:
    """An attack rolled: what was rolled, and the tracked target after its damage (if any)."""

    plan: Plan
    result: AttackResult
    target: Unit | None = None


async def attack(services: Services, actor: Actor, typed: Typed) -> Attacked:
    """Roll the attack; on a tracked target, record its outcome (the damaged model first).

    The channel's game is read once. Permission comes before any dice. The roll is made inside the
    channel's decision, against the target as it is when the attack lands: forty attacks sent at
    once on one unit each resolve against what the ones before them left.
    """
    table = await services.tracker.table(actor.channel_id)
    state = table.state if table else None
    rules = _rules(services, typed, state)
    first = plan(typed, state, rules)
    if first.target is None or state is None:
        return Attacked(first, resolve(first.spec, services.dice))

    def decide(now: GameState) -> tuple[tuple[Plan, AttackResult], list[Event]]:
        aimed = plan(typed, now, rules)
        result = resolve(aimed.spec, services.dice)
        assert aimed.target is not None
        source = " + ".join(w.name or "attack" for w in aimed.spec.weapons)
        damage = set_health(
            now, aimed.target, result.models_left, result.wounds_left, source, aimed.attacker
        )
        return (aimed, result), damage

    (aimed, result), outcome = await roll_and_record(services, actor, decide)
    assert aimed.target is not None
    return Attacked(aimed, result, outcome.state.unit(aimed.target))


async def planned(services: Services, channel_id: int, typed: Typed) -> Plan:
    """The attack /odds works out: the options and the channel's units, read once."""
    table = await services.tracker.table(channel_id)
    state = table.state if table else None
    return plan(typed, state, _rules(services, typed, state))


async def exact_odds(services: Services, spec: AttackSpec, owner: int | None = None) -> Odds:
    """The exact odds, in the compute pool (`owner`'s turn); over the budget, refused first."""
    check_size(spec)
    return await services.compute.run(compute, spec, owner=owner)


def plan(typed: Typed, state: GameState | None, rules: Ruleset) -> Plan:
    """The options and the units as they are in `state` → the rules' values; bad values raise
    one-sentence errors."""
    weapons = _weapons(typed, state, rules)
    target, unit = _target(typed, state)
    attacker = state.unit(typed.attacker) if state and typed.attacker else None
    return Plan(
        AttackSpec(rules, weapons, target),
        rules.name,
        target=unit.name if unit else None,
        attacker=attacker.name if attacker else None,
    )


def _rules(services: Services, typed: Typed, state: GameState | None) -> Ruleset:
    """The typed edition, else the channel's game's, else DEFAULT_EDITION; a game in an edition
    without attack rules (7th) needs a typed one rather than another edition's rules unsaid."""
    game = state.edition if state else None
    if typed.edition is None and game is not None and not game.resolves_attacks:
        raise IllegalAction(
            f"This game is {game.name}, and Vox resolves attacks only with 9th, 10th or Eternum "
            "rules; pick 9th or 10th with `edition:`."
        )
    game_edition = game.attack_ruleset if game else None
    return ruleset(typed.edition or game_edition or services.settings.default_edition)


def _weapons(typed: Typed, state: GameState | None, rules: Ruleset) -> tuple[Weapon, ...]:
    if typed.attacker is None:
        missing = [k for k in WEAPON_KEYS if getattr(typed, k) is None]
        if missing:
            raise VoxError(
                f"Give {', '.join(missing)} (or pick an attacker unit from this channel's game)."
            )
        given = typed.given(*WEAPON_KEYS, "attackers")
        return (weapon_from_text(rules, **given, abilities=typed.abilities or ""),)
    unit = game_guards.alive(_game(state), typed.attacker)
    return tuple(_unit_weapon(typed, w, unit, rules) for w in _chosen(unit, typed.weapon))


def _unit_weapon(typed: Typed, w: GameWeapon, unit: Unit, rules: Ruleset) -> Weapon:
    """One of the attacker's weapons, with the typed options in place of its own."""
    abilities = parse_abilities(_join(w.abilities, typed.abilities), rules)
    return Weapon(
        attacks=parse(w.attacks if typed.attacks is None else typed.attacks),
        skill=w.skill if typed.skill is None else parse_skill(typed.skill),
        strength=parse_strength(typed.strength or w.strength, rules, abilities.bearer_strength),
        ap=w.ap if typed.ap is None else parse_ap(typed.ap),
        damage=parse(w.damage if typed.damage is None else typed.damage),
        abilities=abilities,
        attackers=typed.attackers or unit.alive,
        name=f"{unit.name} · {w.name}"[:100],
    )


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


def _chosen(unit: Unit, name: str | None) -> tuple[GameWeapon, ...]:
    weapons = unit.profile.weapons
    if not weapons:
        raise VoxError(f"{unit.name} has no weapons yet; add one with /unit weapon.")
    if name is None:
        return weapons
    chosen = tuple(w for w in weapons if name_key(w.name) == name_key(name))
    if not chosen:
        names = ", ".join(w.name for w in weapons)
        raise NotFound(f"{unit.name} has no weapon called {quoted(name)}; it has: {names}.")
    return chosen


def _game(state: GameState | None) -> GameState:
    if state is None:
        raise NotFound(NO_UNITS)
    return state

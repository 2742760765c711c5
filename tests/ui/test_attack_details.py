"""The Details of an attack: every die, which part of the target took each wound, re-rolls, and the
damage that waited for the rest under its own heading."""

from __future__ import annotations

from dataclasses import replace

from bot.rules.attack import AttackResult, DamageEvent, DamageKind, SaveRoll, WeaponResult, resolve
from bot.rules.attack_count import ModelAttacks
from bot.rules.dice import D6, DieRoll, ScriptedDice
from bot.rules.notation import parse
from bot.rules.profiles import AttackSpec, Weapon, weapon_from_text
from bot.rules.rulesets import TENTH
from bot.rules.sequence import SaveKind, build_steps
from bot.rules.targets import Part, Target
from bot.ui.attack.embeds import (
    FIELD_LIMIT,
    attacks_text,
    damage_field,
    damage_line,
    hits_field,
    outcome_text,
    saves_field,
)


def _weapon(abilities: str = "", **kw: object) -> Weapon:
    options: dict[str, object] = {"attacks": "1", "skill": "3+", "strength": 4, "damage": "1"}
    options.update(kw)
    return weapon_from_text(TENTH, abilities=abilities, **options)  # type: ignore[arg-type]


def _resolve(faces: list[int], target: Target, *weapons: Weapon) -> AttackResult:
    return resolve(AttackSpec(TENTH, weapons, target), ScriptedDice(faces))


def _weapon_result(**kw: object) -> WeaponResult:
    options: dict[str, object] = {
        "weapon": _weapon(),
        "attack_rolls": (),
        "attacks": 1,
        "hit_rolls": (),
        "wound_rolls": (),
        "saves": (),
        "unsaved": 0,
        "damage": (),
    }
    options.update(kw)
    return WeaponResult(**options)  # type: ignore[arg-type]


def test_saves_say_which_part_took_the_wound_and_each_parts_save() -> None:
    target = Target(4, 3, leader=Part(save=5, wounds=3, invuln=4))
    r = _resolve([4, 4, 4, 4, 1, 3], target, _weapon(attacks="2", damage="2"))
    name, value = saves_field(r.weapons[0])
    assert name == "Saves (armour 3+ · Leader: invulnerable 4+)"
    assert value == "Bodyguard: 1 · Leader: 3\n→ 0 saved, **2 unsaved**"


def test_a_re_rolled_save_shows_both_dice() -> None:
    """Seed 004: a re-roll happens before modifiers, never twice; both faces are shown."""
    die = DieRoll(D6, 5, 5, first=1)
    save = SaveRoll(0, SaveKind.ARMOUR, die, 3, False, True)
    _, value = saves_field(_weapon_result(saves=(save,)))
    assert value == "~~1~~→**5**\n→ 1 saved, **0 unsaved**"


def test_damage_lines_name_the_leader_and_the_spill_of_mortal_wounds() -> None:
    target = Target(4, 3, wounds=1, models=2, fnp=6, leader=Part(save=4, wounds=3, fnp=5))
    weapon = _weapon("devastating wounds (mortal)", damage="D6")
    r = _resolve([4, 6, 5, 6, 2, 3, 5, 1], target, weapon)
    _, value = damage_field(r.events, target.fnp) or ("", "")
    assert value.splitlines() == [
        "model 1: D6=5 (mortal wounds), FNP **6** 2 3 → 2 lost, **2 destroyed**",
        "Leader model 1: 2 still to allocate (mortal wounds), FNP **5** 1 → 1 lost",
    ]


def test_a_re_rolled_damage_roll_shows_the_first_total() -> None:
    first, again = parse("D6").roll(ScriptedDice([1])), parse("D6").roll(ScriptedDice([4]))
    event = DamageEvent(0, 0, DamageKind.NORMAL, first, 4, (), 2, 1, 1, 0, again=again)
    assert damage_line(event, None) == "model 1: D6=4 (re-rolled from 1) → 2 lost, **1 destroyed**"


def test_a_re_rolled_attacks_roll_is_struck_through() -> None:
    d6 = parse("D6")
    rolls = (
        ModelAttacks(d6.roll(ScriptedDice([2])), d6.roll(ScriptedDice([5])), 5),
        ModelAttacks(d6.roll(ScriptedDice([4])), None, 5, parse("1").roll(ScriptedDice([]))),
    )
    assert attacks_text(_weapon_result(attack_rolls=rolls, attacks=10)) == "~~2~~→5 4+1 → **10**"


def test_queued_mortal_wounds_and_devastating_wounds_have_their_own_headings() -> None:
    first = _weapon("devastating wounds (mortal)")
    a = first.abilities
    first = replace(first, abilities=replace(a, flags=a.flags | {"mortal wounds last"}))
    target = Target(4, 4, wounds=2, models=3)
    r = _resolve([4, 6, 4, 6, 4, 4, 1], target, first, _weapon("devastating wounds"), _weapon())
    _, value = damage_field(r.events, None) or ("", "")
    assert value.splitlines() == [
        "model 1: 1 → 1 lost",
        "__Mortal wounds, after all other damage:__",
        "model 1: 1 (mortal wounds) → 1 lost, **1 destroyed**",
        "__Devastating wounds, after every other attack:__",
        "model 2: 1 (devastating wound) → 1 lost",
    ]


def test_critical_hits_dealing_mortal_wounds_are_named() -> None:
    weapon = _weapon(damage="2")
    a = weapon.abilities
    flags = a.flags | {"critical hits: damage as mortal wounds"}
    weapon = replace(weapon, abilities=replace(a, flags=flags, critical_hit_mortal=1))
    r = _resolve([6], Target(4, 4, wounds=2, models=3), weapon)
    _, hits = hits_field(r.weapons[0], build_steps(TENTH, weapon, Target(4, 4)))
    assert hits.endswith("1 critical, 1 dealing mortal wounds, no wound roll")
    _, value = damage_field(r.events, None) or ("", "")
    assert value.splitlines() == [
        "model 1: 2 (critical hit as mortal wounds) → 2 lost, **1 destroyed**",
        "model 2: 1 (mortal wounds from a critical hit) → 1 lost",
    ]


def test_many_events_stay_within_the_field_limit() -> None:
    event = DamageEvent(0, 0, DamageKind.MORTAL, None, 1, (), 1, 1, 0, 5, part=1, queued=True)
    _, value = damage_field((event,) * 200, None) or ("", "")
    assert len(value) <= FIELD_LIMIT and value.endswith("more")


def test_a_destroyed_leader_is_counted_once_among_the_models_destroyed() -> None:
    """The card counts every model the attack destroyed, the Leader's once (it added the Leader's
    again to `models_destroyed`, which already includes it, and said 3 of these 2)."""
    target = Target(4, 3, wounds=1, models=1, leader=Part(save=3, wounds=1))
    r = _resolve([4, 4, 4, 4, 1, 1], target, _weapon(attacks="2"))
    assert (r.models_destroyed, r.leader_destroyed) == (2, 1)
    assert outcome_text(r).startswith("**2 models destroyed** — the unit is wiped out\n")

"""Units: names, profiles, moves with their per-turn flags, damage and healing."""

from __future__ import annotations

from typing import Any

import pytest

from bot.game import (
    add_unit,
    add_weapon,
    damage,
    edit_unit,
    heal,
    move_unit,
    profile,
    remove_unit,
    remove_weapon,
    set_health,
    undo,
    weapon,
)
from bot.game.events import DamageApplied, UnitMoved, WeaponAdded, WeaponRemoved
from bot.game.units import Weapon
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction, InvalidName, InvalidProfile, RulesError
from tests.game.conftest import ALICE, BOB, Table


@pytest.fixture
def armies(table: Table) -> Table:
    table.start()
    table.unit(ALICE, "Intercessors", models=5, wounds=2, leadership=7, keywords=["infantry"])
    table.unit(ALICE, "Librarian", wounds=5, keywords=["character", "psyker"])
    table.unit(BOB, "Boyz", models=10, wounds=1, leadership=7)
    table.unit(BOB, "Stompa", wounds=40, keywords=["vehicle", "titanic"])
    return table


def test_a_unit_name_that_exists_already_is_refused(armies: Table) -> None:
    with pytest.raises(IllegalAction, match='"Boyz" already exists'):
        add_unit(armies.state, ALICE, profile(name="boyz"))


def test_an_unknown_unit_names_the_closest_existing_one(armies: Table) -> None:
    with pytest.raises(IllegalAction, match='did you mean "Intercessors"'):
        remove_unit(armies.state, "Intercesors")


def test_unit_names_match_in_any_case(armies: Table) -> None:
    armies.do(remove_unit, "BOYZ")
    assert armies.state.unit("Boyz") is None


def test_a_bad_profile_value_is_one_sentence_naming_the_field() -> None:
    with pytest.raises(InvalidProfile, match=r"^models: .*; fix that value"):
        profile(name="Horde", models=0)


def test_keywords_are_upper_case_and_unique() -> None:
    assert profile(name="X", keywords=["Psyker", "PSYKER ", "infantry"]).keywords == (
        "PSYKER",
        "INFANTRY",
    )


def test_editing_keeps_damage_and_can_rename(armies: Table) -> None:
    armies.goto("shooting")
    armies.do(damage, "Intercessors", [1])
    armies.do(edit_unit, "Intercessors", name="Veterans", leadership=8)
    unit = armies.state.unit("veterans")
    assert unit is not None
    assert (unit.alive, unit.wounds_left, unit.profile.leadership) == (5, 1, 8)
    assert next(iter(armies.state.units)) == "veterans"


def test_editing_to_a_taken_name_is_refused(armies: Table) -> None:
    with pytest.raises(IllegalAction, match="already exists"):
        edit_unit(armies.state, "Boyz", name="Stompa")


def _weapons(table: Table, unit: str) -> tuple[Weapon, ...]:
    found = table.state.unit(unit)
    assert found is not None
    return found.profile.weapons


def test_a_weapon_of_the_same_name_replaces_the_old_one_in_its_place(armies: Table) -> None:
    rifle = weapon(name="Bolt rifle", range='24"', attacks="2", strength="4", ap=-1)
    pistol = weapon(name="Bolt pistol", range='12"', attacks="1", strength="4")
    armies.do(add_weapon, "Intercessors", rifle)
    armies.do(add_weapon, "Intercessors", pistol)
    assert _weapons(armies, "Intercessors") == (rifle, pistol)
    with pytest.raises(IllegalAction, match="already has that profile"):
        add_weapon(armies.state, "Intercessors", rifle)
    better = weapon(name="BOLT RIFLE", range="30", attacks="2", strength="5", ap=-1)
    [event] = armies.do(add_weapon, "Intercessors", better)
    assert isinstance(event, WeaponAdded) and event.replaced == rifle
    [first, second] = _weapons(armies, "Intercessors")
    assert (first.name, first.range, first.strength, second) == ("BOLT RIFLE", '30"', "5", pistol)


def test_a_removed_weapon_comes_back_in_its_place_on_undo(armies: Table) -> None:
    rifle = weapon(name="Bolt rifle", range='24"', attacks="2", strength="4", ap=-1)
    pistol = weapon(name="Bolt pistol", range='12"', attacks="1", strength="4")
    armies.do(add_weapon, "Intercessors", rifle)
    armies.do(add_weapon, "Intercessors", pistol)
    [event] = armies.do(remove_weapon, "Intercessors", "bolt rifle")
    assert event == WeaponRemoved(unit="Intercessors", weapon=rifle)
    assert _weapons(armies, "Intercessors") == (pistol,)
    with pytest.raises(IllegalAction, match="no weapon called Bolt rifle; it has: Bolt pistol"):
        remove_weapon(armies.state, "Intercessors", "Bolt rifle")
    armies.do(undo)
    assert _weapons(armies, "Intercessors") == (rifle, pistol)


BOLT_RIFLE = {"name": "Bolt rifle", "range": '24"', "attacks": "2", "strength": "4", "ap": -1}


@pytest.mark.parametrize(
    ("edition", "field", "value", "says"),
    [
        ("10th", "strength", "4abc", "Strength `4abc` cannot be used"),
        ("10th", "strength", "0", "Strength must be a whole number from 1 to 30"),
        ("10th", "strength", "99", "Strength must be a whole number from 1 to 30"),
        ("10th", "strength", "D6", "Strength `D6` cannot be used"),
        ("10th", "strength", "User", "Strength `User` cannot be used"),
        ("9th", "strength", "User", "needs the bearer's Strength"),
        ("10th", "attacks", "banana", "not a dice expression"),
        ("10th", "attacks", "1000D6", "attacks"),
        ("10th", "damage", "D6x20", "Damage"),
        ("10th", "damage", "0", "below 1"),
        ("10th", "range", "far", "Range `far` cannot be used"),
        ("10th", "range", "0", "Range `0` cannot be used"),
        ("10th", "abilities", "lethal hitz", "lethal"),
        ("10th", "abilities", "grenade", "not a 10th edition rule"),
        ("9th", "abilities", "lethal hits", "not a 9th edition rule"),
    ],
)
def test_a_weapon_the_attack_rules_cannot_read_is_refused_and_nothing_is_stored(
    table: Table, edition: str, field: str, value: str, says: str
) -> None:
    table.start(edition)
    table.unit(ALICE, "Intercessors", models=5, wounds=2)
    with pytest.raises(RulesError, match=says) as refused:
        add_weapon(table.state, "Intercessors", weapon(**{**BOLT_RIFLE, field: value}))
    sentence = str(refused.value)
    assert ". " not in sentence and "\n" not in sentence and sentence[-1] in ".?"
    assert _weapons(table, "Intercessors") == ()


@pytest.mark.parametrize(
    ("field", "value"),
    [("strength", "1"), ("strength", "30"), ("range", "Melee"), ("range", "999"),
     ("attacks", "D6+1"), ("damage", "2D6")],
)  # fmt: skip
def test_a_weapon_at_the_bounds_of_the_attack_rules_is_stored(
    armies: Table, field: str, value: str
) -> None:
    armies.do(add_weapon, "Intercessors", weapon(**{**BOLT_RIFLE, field: value}))
    assert len(_weapons(armies, "Intercessors")) == 1


def test_user_strength_is_stored_in_9th_with_the_bearers_strength(armies: Table) -> None:
    fist = {**BOLT_RIFLE, "strength": "x2", "abilities": "bearer strength 4"}
    armies.do(add_weapon, "Intercessors", weapon(**fist))
    assert _weapons(armies, "Intercessors")[0].strength == "x2"


@pytest.mark.parametrize(
    ("fields", "says"),
    [({"keywords": [f"k{i}" for i in range(21)]}, "at most 20 keywords"),
     ({"keywords": ["x" * 31]}, "up to 30 letters")],
)  # fmt: skip
def test_a_unit_the_attack_rules_cannot_target_is_refused(
    armies: Table, fields: dict[str, Any], says: str
) -> None:
    with pytest.raises(RulesError, match=says):
        add_unit(armies.state, ALICE, profile(name="Horde", **fields))
    with pytest.raises(RulesError, match=says):
        edit_unit(armies.state, "Boyz", **fields)


@pytest.mark.parametrize("name", ["Boy\nz", "Bo\x00yz", "Bo\u200byz", "\u3164", "   ", "x" * 61])
def test_a_unit_name_with_invisible_characters_is_refused(armies: Table, name: str) -> None:
    with pytest.raises(InvalidName):
        profile(name=name)
    with pytest.raises(InvalidName):
        edit_unit(armies.state, "Boyz", name=name)
    with pytest.raises(InvalidName):
        weapon(**{**BOLT_RIFLE, "name": name})


@pytest.mark.parametrize("name", ["Ｂｏｙｚ", "BOYZ", "Bоyz", "  boyz "])  # Cyrillic о in the third
def test_a_unit_name_that_only_looks_different_is_taken(armies: Table, name: str) -> None:
    with pytest.raises(IllegalAction, match='"Boyz" already exists'):
        add_unit(armies.state, ALICE, profile(name=name))
    assert armies.state.unit(name) is armies.state.unit("Boyz")


def test_a_full_width_unit_name_is_stored_in_plain_letters(armies: Table) -> None:
    armies.do(add_unit, ALICE, profile(name="Ｔａｃｔｉｃａｌ  Ｓｑｕａｄ"))
    assert armies.state.unit("tactical squad").name == "Tactical Squad"  # type: ignore[union-attr]


def test_advance_rolls_a_d6_and_records_it(armies: Table) -> None:
    armies.goto("movement")
    events = armies.do(move_unit, "Intercessors", "advance", ScriptedDice([5]))
    assert events == [UnitMoved(unit="Intercessors", how="advance", roll=5, dice=(5,))]
    unit = armies.state.unit("Intercessors")
    assert unit is not None
    assert (unit.advanced, unit.advance_roll) == (True, 5)


def test_moves_happen_in_the_movement_phase_only(armies: Table) -> None:
    with pytest.raises(IllegalAction, match="in Movement phase; use /game next"):
        move_unit(armies.state, "Intercessors", "normal")


def test_only_the_active_players_units_move(armies: Table) -> None:
    armies.goto("movement")
    with pytest.raises(IllegalAction, match="not the active player's unit"):
        move_unit(armies.state, "Boyz", "normal")


def test_a_unit_moves_once_per_movement_phase(armies: Table) -> None:
    armies.goto("movement")
    armies.do(move_unit, "Intercessors", "fall_back")
    with pytest.raises(IllegalAction, match="already moved"):
        move_unit(armies.state, "Intercessors", "normal")


def test_units_that_advanced_or_fell_back_cannot_charge(armies: Table) -> None:
    # seed 000, Charge phase: units that Advanced or Fell Back are not eligible
    armies.goto("movement")
    armies.do(move_unit, "Intercessors", "advance", roll=3)
    armies.goto("charge")
    with pytest.raises(IllegalAction, match=r"cannot do that .*Advanced or Fell Back"):
        move_unit(armies.state, "Intercessors", "charge", ScriptedDice([6, 6]))
    armies.do(move_unit, "Librarian", "charge", ScriptedDice([4, 3]))
    librarian = armies.state.unit("Librarian")
    assert librarian is not None
    assert librarian.charged


def test_a_roll_that_dice_cannot_make_is_refused(armies: Table) -> None:
    armies.goto("movement")
    with pytest.raises(IllegalAction, match="cannot come from 1D6"):
        move_unit(armies.state, "Intercessors", "advance", roll=7)


def test_per_turn_flags_reset_when_turn_ends(armies: Table) -> None:
    armies.goto("movement")
    armies.do(move_unit, "Intercessors", "advance", roll=2)
    armies.goto("charge")
    armies.do(move_unit, "Librarian", "charge", roll=9)
    armies.goto("shooting")
    armies.do(damage, "Boyz", [1, 1])
    armies.goto("morale")
    boyz = armies.state.unit("Boyz")
    assert boyz is not None
    assert boyz.lost_this_turn == 2
    armies.next()  # Alice's turn ends
    for unit in armies.state.units.values():
        assert (unit.move, unit.advance_roll, unit.charged, unit.lost_this_turn) == (
            None, None, False, 0,
        )  # fmt: skip
    assert armies.state.unit("Boyz").alive == 8  # type: ignore[union-attr]


def test_damage_carries_models_and_wounds_before_and_after(armies: Table) -> None:
    armies.goto("shooting")
    events = armies.do(damage, "Intercessors", [3, 1], source="Shootas")
    assert events == [
        DamageApplied(unit="Intercessors", damage=4, source="Shootas", models_before=5,
                      wounds_before=2, models_after=4, wounds_after=1)
    ]  # fmt: skip


def test_excess_damage_is_lost_but_mortal_wounds_spill_over(armies: Table) -> None:
    # seed 000, Inflict Damage: excess damage from one attack is lost
    armies.goto("shooting")
    armies.do(damage, "Intercessors", [5])
    assert armies.state.unit("Intercessors").alive == 4  # type: ignore[union-attr]
    armies.do(damage, "Intercessors", [5], mortal=True)
    unit = armies.state.unit("Intercessors")
    assert unit is not None
    assert (unit.alive, unit.wounds_left) == (2, 1)


def test_set_health_records_a_resolved_attack(armies: Table) -> None:
    armies.goto("shooting")
    (event,) = armies.do(set_health, "Boyz", 3, 1, source="Assault cannon")
    assert isinstance(event, DamageApplied)
    assert (event.models_destroyed, event.damage) == (7, 7)
    with pytest.raises(IllegalAction, match="cannot end with 5 models"):
        set_health(armies.state, "Boyz", 5, 1)


def test_a_destroyed_unit_takes_no_more_damage_but_can_be_healed(armies: Table) -> None:
    armies.goto("shooting")
    armies.do(damage, "Librarian", [5])
    assert armies.state.unit("Librarian").destroyed  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="is destroyed"):
        damage(armies.state, "Librarian", [1])
    armies.do(heal, "Librarian", models=1)
    librarian = armies.state.unit("Librarian")
    assert librarian is not None
    assert (librarian.alive, librarian.wounds_left) == (1, 5)


def test_healing_never_goes_above_the_profile(armies: Table) -> None:
    armies.goto("shooting")
    armies.do(damage, "Stompa", [10])
    armies.do(heal, "Stompa", wounds=50)
    assert armies.state.unit("Stompa").wounds_left == 40  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="already at full strength"):
        heal(armies.state, "Stompa", wounds=1)

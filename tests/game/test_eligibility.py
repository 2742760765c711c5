"""Which units may act in each phase, and why the others may not, against the seeds' wording."""

from __future__ import annotations

from typing import Any

import pytest

from bot.game import add_weapon, damage, move_unit, phase_prompt, weapon
from bot.game import events as ev
from bot.game.eligibility import eligibility, has_ability
from bot.game.events import (
    ChargeDeclared,
    EngagementChanged,
    PowerAttempted,
    UnitReserved,
)
from bot.game.units import Weapon
from tests.game.conftest import ALICE, BOB, Table

RIFLE = {"name": "Bolt rifle", "range": '24"', "abilities": "heavy"}
CARBINE = {"name": "Assault bolter", "range": '18"', "abilities": "heavy, assault"}
PISTOL = {"name": "Bolt pistol", "range": '12"', "abilities": "pistol"}
BLADE = {"name": "Chainsword"}


def armed(table: Table, name: str, *weapons: dict[str, Any], **fields: Any) -> None:
    table.unit(ALICE, name, **fields)
    for w in weapons:
        table.do(add_weapon, name, weapon(**w))


def engage(table: Table, unit: str, *enemies: str) -> None:
    table.append([EngagementChanged(unit=unit, enemies=enemies)])


def lists(table: Table) -> tuple[dict[str, str], dict[str, str]]:
    found = eligibility(table.state, table.state.phase)  # type: ignore[arg-type]
    return (
        {n.unit: n.reason for n in found.eligible},
        {n.unit: n.reason for n in found.not_eligible},
    )


def fight_order(table: Table) -> list[tuple[str, str]]:
    return [(n.unit, n.reason) for n in phase_prompt(table.state).combat]


@pytest.fixture(params=["9th", "10th"])
def game(table: Table, request: pytest.FixtureRequest) -> Table:
    table.start(request.param)
    table.unit(BOB, "Boyz", models=20)
    return table


def test_has_ability_reads_the_comma_separated_phrases() -> None:
    assert has_ability(Weapon(name="X", range='18"', abilities="Heavy, assault"), "assault")
    assert not has_ability(Weapon(name="X", range='18"', abilities="assaulting"), "assault")


def test_eligible_to_shoot_needs_a_ranged_weapon_and_the_battlefield(game: Table) -> None:
    # seed 000: "Models cannot make attacks with ranged weapons while ..."; a unit in Reserve is
    # not on the battlefield (seed 004: "place them into Reserves"); melee weapons never shoot.
    armed(game, "Devastators", RIFLE)
    armed(game, "Berserkers", BLADE)
    armed(game, "Scouts", RIFLE)
    armed(game, "Fallen", RIFLE)
    game.append([UnitReserved(unit="Scouts")])
    game.goto("shooting")
    game.do(damage, "Fallen", [1])
    yes, no = lists(game)
    assert yes == {"Devastators": ""}
    assert no == {"Berserkers": "no ranged weapons", "Scouts": "in Reserve"}


def test_units_whose_weapons_are_not_recorded_are_not_refused(game: Table) -> None:
    game.unit(ALICE, "Tacticals", models=10)
    game.goto("shooting")
    assert lists(game) == ({"Tacticals": ""}, {})


def test_10th_units_that_fall_back_cannot_shoot(table: Table) -> None:
    # seed 003: "Units that Fall Back cannot shoot or declare a charge in the same turn."
    table.start("10th")
    armed(table, "Knight", RIFLE, keywords=["titanic"])
    table.goto("movement")
    table.do(move_unit, "Knight", "fall_back")
    table.goto("shooting")
    assert lists(table) == ({}, {"Knight": "Fell Back: not eligible to shoot"})


def test_9th_units_that_fell_back_cannot_shoot_unless_titanic(table: Table) -> None:
    # seed 000: "A unit cannot shoot ... in the same turn that it Fell Back unless it is TITANIC."
    table.start("9th")
    armed(table, "Knight", RIFLE, keywords=["titanic"])
    armed(table, "Tacticals", RIFLE)
    table.goto("movement")
    table.do(move_unit, "Knight", "fall_back")
    table.do(move_unit, "Tacticals", "fall_back")
    table.goto("shooting")
    assert lists(table) == (
        {"Knight": ""},
        {"Tacticals": "Fell Back: cannot shoot unless TITANIC"},
    )


def test_advanced_units_shoot_only_their_assault_weapons(game: Table) -> None:
    # seed 000 Assault: "that unit is still eligible to shoot ... even if it has Advanced this
    # turn, but you can only resolve attacks using those Assault weapons"; 10th Core the same.
    armed(game, "Hellblasters", CARBINE, RIFLE)
    armed(game, "Devastators", RIFLE)
    game.goto("movement")
    game.do(move_unit, "Hellblasters", "advance", roll=3)
    game.do(move_unit, "Devastators", "advance", roll=2)
    game.goto("shooting")
    yes, no = lists(game)
    assert yes["Hellblasters"].startswith("Advanced: Assault weapons only")
    assert yes["Hellblasters"].endswith("can fire Assault bolter")
    assert no["Devastators"].endswith("it has no Assault weapon")


def test_in_engagement_range_only_pistols_shoot(game: Table) -> None:
    # seed 000: "Models cannot make attacks with ranged weapons while their unit is within
    # Engagement Range of any enemy models"; Pistol: "can make attacks with a Pistol even when
    # its unit is within Engagement Range of enemy units".
    armed(game, "Assault Squad", PISTOL, BLADE)
    armed(game, "Devastators", RIFLE)
    engage(game, "Assault Squad", "Boyz")
    engage(game, "Devastators", "Boyz")
    game.goto("shooting")
    yes, no = lists(game)
    assert yes["Assault Squad"].startswith("in Engagement Range: Pistols only")
    assert yes["Assault Squad"].endswith("can fire Bolt pistol")
    assert no["Devastators"].endswith("it has no Pistol weapon")


def test_monsters_and_vehicles_shoot_in_engagement_range(game: Table) -> None:
    # seed 003 Big Guns Never Tire: "Monsters and Vehicles can shoot, and be shot at, even while
    # they are within Engagement Range of enemy units" (seed 002 the same for 9th).
    armed(game, "Predator", RIFLE, keywords=["vehicle"])
    engage(game, "Predator", "Boyz")
    game.goto("shooting")
    yes, no = lists(game)
    assert yes["Predator"].startswith("Big Guns Never Tire")
    assert no == {}


def test_psychic_phase_lists_psykers_and_the_ones_that_fell_back(table: Table) -> None:
    # seed 000: "PSYKER units that Fell Back this turn (other than TITANIC units) are not
    # eligible."
    table.start("9th")
    table.unit(ALICE, "Librarian", keywords=["psyker"])
    table.unit(ALICE, "Epistolary", keywords=["psyker"])
    table.unit(ALICE, "Tacticals", models=10)
    table.goto("movement")
    table.do(move_unit, "Epistolary", "fall_back")
    table.goto("psychic")
    table.append([PowerAttempted(unit="Librarian", player=ALICE, power="Smite", total=7,
                                 passed=True)])  # fmt: skip
    yes, no = lists(table)
    assert yes == {"Librarian": "Smite already attempted this battle round"}
    assert no == {"Epistolary": "Fell Back: cannot manifest powers this turn"}


def test_a_psychic_phase_without_psykers_has_nothing_to_do(table: Table) -> None:
    # seed 000: "If you have no eligible PSYKER units ... the Psychic phase ends."
    table.start("9th")
    table.unit(ALICE, "Tacticals", models=10)
    table.goto("psychic")
    assert phase_prompt(table.state).idle == "no PSYKER units"


def test_nothing_to_do_is_said_only_when_the_player_tracks_units(table: Table) -> None:
    table.start("9th")
    table.goto("psychic")
    assert phase_prompt(table.state).idle is None


def test_charge_eligibility_9th(table: Table) -> None:
    # seed 000: "Units that have Advanced or Fallen Back this battle round, and units that start
    # the Charge phase within Engagement Range of any enemy units, are not eligible units."
    table.start("9th")
    table.unit(BOB, "Boyz", models=20)
    for name in ("Bikers", "Scouts", "Terminators", "Aircraft", "Reserve"):
        table.unit(ALICE, name, keywords=["aircraft"] if name == "Aircraft" else [])
    table.append([UnitReserved(unit="Reserve")])
    table.goto("movement")
    table.do(move_unit, "Bikers", "advance", roll=3)
    engage(table, "Terminators", "Boyz")
    table.goto("charge")
    yes, no = lists(table)
    assert yes == {"Scouts": "", "Aircraft": ""}  # 9th: AIRCRAFT's limits are on datasheets
    assert no == {
        "Bikers": "Advanced or Fell Back: cannot declare a charge",
        "Terminators": "in Engagement Range: cannot declare a charge",
        "Reserve": "in Reserve",
    }


def test_10th_aircraft_cannot_charge(table: Table) -> None:
    # seed 003: "A unit is eligible to charge ... unless ... That unit is an Aircraft unit."
    table.start("10th")
    table.unit(ALICE, "Stormtalon", keywords=["aircraft", "vehicle"])
    table.goto("charge")
    assert lists(table) == ({}, {"Stormtalon": "AIRCRAFT: cannot charge"})
    assert phase_prompt(table.state).idle == "no unit can charge"


def test_a_unit_that_declared_its_charge_leaves_the_list(game: Table) -> None:
    game.unit(ALICE, "Assault Squad", models=5)
    game.goto("charge")
    game.append([ChargeDeclared(unit="Assault Squad", targets=("Boyz",), distance=7, needed=6,
                                dice=(1, 2), total=3, succeeded=False)])  # fmt: skip
    prompt = phase_prompt(game.state)
    assert (prompt.eligible, prompt.not_eligible) == ((), ())
    assert prompt.idle == "no other unit can charge"
    assert ("Charges", ("Assault Squad ✗",)) in prompt.this_turn


def test_fight_order_charged_units_first_then_every_combat_opponent_first(game: Table) -> None:
    # seed 000: "Units that made a charge move this turn fight first"; "Starting with the player
    # whose turn is not taking place, the players must alternate selecting an eligible unit".
    game.unit(ALICE, "Terminators")
    game.unit(ALICE, "Assault Squad")
    game.unit(ALICE, "Devastators")
    game.unit(BOB, "Nobz")
    engage(game, "Terminators", "Nobz")
    game.goto("charge")
    game.append([ChargeDeclared(unit="Assault Squad", targets=("Boyz",), distance=7, needed=6,
                                dice=(4, 4), total=8, succeeded=True)])  # fmt: skip
    game.goto("fight")
    assert fight_order(game) == [
        ("Assault Squad", "charged: fights first · vs Boyz"),
        ("Boyz", "vs Assault Squad"),
        ("Nobz", "vs Terminators"),
        ("Terminators", "vs Nobz"),
    ]


def test_a_fight_phase_without_combat_has_nothing_to_do(game: Table) -> None:
    game.goto("fight")
    assert phase_prompt(game.state).idle == "no unit is recorded in combat"


def test_movement_lists_units_to_move_engaged_ones_and_reserves(game: Table) -> None:
    # seed 003: "Units that are within Engagement Range of any enemy models can only Fall Back
    # or Remain Stationary."
    for name in ("Tacticals", "Scouts", "Terminators", "Bikers"):
        game.unit(ALICE, name)
    game.append([UnitReserved(unit="Scouts")])
    engage(game, "Terminators", "Boyz")
    game.goto("movement")
    game.do(move_unit, "Bikers", "normal")
    prompt = phase_prompt(game.state)
    assert [n.unit for n in prompt.eligible] == ["Tacticals"]
    assert [(n.unit, n.reason) for n in prompt.not_eligible] == [("Scouts", "in Reserve")]
    assert [(n.unit, n.reason) for n in prompt.combat] == [
        ("Terminators", "only Fall Back or Remain Stationary · vs Boyz")
    ]
    assert prompt.this_turn == (("Normal Move", ("Bikers",)),)


def test_7th_shows_no_charge_or_fight_lists_of_its_own(table: Table) -> None:
    # 7th's Assault phase is its own (seed 001); its lists are the 7th edition's to define.
    table.start("7th")
    table.unit(ALICE, "Marines", models=10)
    table.goto("assault")
    prompt = phase_prompt(table.state)
    assert (prompt.action, prompt.eligible, prompt.combat) == (None, (), ())


def test_a_battle_shocked_unit_in_combat_is_warned_about_desperate_escape(table: Table) -> None:
    # seed 003: "If a Battle-shocked unit is selected to Fall Back, take a Desperate Escape test
    # for every model in that unit."
    table.start("10th")
    table.unit(ALICE, "Guardsmen", models=10)
    table.unit(BOB, "Boyz", models=20)
    engage(table, "Guardsmen", "Boyz")
    failed = ev.TestTaken(unit="Guardsmen", test="battle_shock", dice=(1, 2), total=3, passed=False)
    table.append([failed])
    table.goto("movement")
    [note] = phase_prompt(table.state).combat
    assert note.reason == (
        "only Fall Back or Remain Stationary · vs Boyz · "
        "Battle-shocked: Falling Back takes Desperate Escape tests"
    )

"""Which weapons a unit uses in each phase (bot/game/arsenal.py), what the rules forbid about them
(bot/game/attack_checks.py) and what this turn changes on the rolls (bot/game/situations.py), in
9th and 10th edition, each rule quoted from its seed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from bot.game import Unit, weapon
from bot.game.arsenal import Armed, armed, arsenal
from bot.game.attack_checks import problems
from bot.game.situations import effects, situations
from bot.rules.abilities import parse_abilities
from bot.rules.errors import IllegalAction
from bot.rules.rulesets import NINTH, TENTH, Ruleset, ruleset
from tests.game.conftest import ALICE, BOB, Table

RIFLE = weapon(name="Bolt rifle", range='24"', attacks="2", abilities="assault, heavy")
PISTOL = weapon(name="Bolt pistol", range='12"', abilities="pistol")
GRENADE = weapon(name="Frag grenade", range='6"', attacks="D6", abilities="grenade")
KNIFE = weapon(name="Close combat weapon", range="Melee")
FIST = weapon(name="Redemptor fist", range="Melee", strength="12", ap=-2, damage="3")
CANNON = weapon(name="Heavy onslaught gatling cannon", range='24"', attacks="12")
LANCE = weapon(name="Power lance", range="Melee", abilities="lance")


def game(edition: str = "10th", phase: str = "shooting", **intercessors: Any) -> Table:
    table = Table().start(edition)
    fields: dict[str, Any] = {"weapons": (RIFLE, PISTOL, KNIFE), "models": 5}
    table.unit(ALICE, "Intercessors", keywords=("INFANTRY",), **{**fields, **intercessors})
    table.unit(ALICE, "Redemptor", keywords=("VEHICLE",), weapons=(FIST, CANNON, PISTOL))
    table.unit(BOB, "Boyz", models=10, weapons=(KNIFE,))
    return table.goto(phase, ALICE)


def unit(table: Table, name: str, **changes: Any) -> Unit:
    found = table.state.unit(name)
    assert found is not None
    return replace(found, **changes)


def names(unit: Unit, indexes: tuple[int, ...]) -> list[str]:
    return [unit.profile.weapons[i].name for i in indexes]


def chosen(unit: Unit, *wanted: str) -> list[Armed]:
    return [a for a in armed(unit) if a.name in wanted]


def warn(table: Table, u: Unit, *weapons: str, rules: Ruleset = TENTH) -> tuple[str, ...]:
    return problems(table.state, u, chosen(u, *weapons), rules)


ENGAGED: dict[str, Any] = {"engaged": frozenset({"boyz"})}


# -- which weapons each phase offers --


def test_shooting_offers_the_ranged_weapons_and_picks_neither_pistols_nor_grenades() -> None:
    """Seed 000, Pistol: "it can either shoot with its Pistol(s) or with its other ranged
    weapons"; Grenade: "one model ... can resolve attacks with it instead"."""
    u = unit(game("9th", weapons=(RIFLE, PISTOL, GRENADE, KNIFE)), "Intercessors")
    offer = arsenal(u, "shooting")
    assert [a.name for a in offer.offered] == ["Bolt rifle", "Bolt pistol", "Frag grenade"]
    assert names(u, offer.default) == ["Bolt rifle"] and offer.choice
    assert [a.kind for a in offer.offered] == ["ranged", "pistol", "grenade"]


def test_pistols_are_picked_while_the_unit_is_in_combat() -> None:
    """Seed 000, Pistol: "A model can make attacks with a Pistol even when its unit is within
    Engagement Range of enemy units..."."""
    u = unit(game(), "Intercessors", **ENGAGED)
    assert names(u, arsenal(u, "shooting").default) == ["Bolt pistol"]


def test_a_unit_with_only_pistols_picks_them() -> None:
    u = unit(game(weapons=(PISTOL, KNIFE)), "Intercessors")
    offer = arsenal(u, "shooting")
    assert names(u, offer.default) == ["Bolt pistol"] and not offer.choice


def test_a_redemptor_shoots_its_guns_not_its_fist_and_has_no_choice_without_pistols() -> None:
    u = unit(game(), "Redemptor")
    u = replace(u, profile=u.profile.model_copy(update={"weapons": (FIST, CANNON)}))
    offer = arsenal(u, "shooting")
    assert names(u, offer.default) == [CANNON.name] and not offer.choice


def test_the_fight_phase_offers_every_melee_weapon_picked() -> None:
    u = unit(game(weapons=(RIFLE, KNIFE, LANCE)), "Intercessors")
    offer = arsenal(u, "fight")
    assert names(u, offer.default) == ["Close combat weapon", "Power lance"] and offer.choice
    assert not arsenal(unit(game(), "Intercessors"), "fight").choice  # one melee weapon


@pytest.mark.parametrize(
    ("weapons", "phase", "said"),
    [((KNIFE,), "shooting", "no ranged weapons"), ((RIFLE,), "fight", "no melee weapons")],
)
def test_a_phase_without_its_kind_of_weapon_says_so(
    weapons: tuple[Any, ...], phase: str, said: str
) -> None:
    with pytest.raises(IllegalAction, match=said):
        arsenal(unit(game(weapons=weapons), "Intercessors"), phase)


# -- what the rules forbid (warnings) --


def test_ranged_weapons_are_locked_in_combat() -> None:
    """Seed 000: "Models cannot make attacks with ranged weapons while their unit is within
    Engagement Range of any enemy models."; seed 003: "Units cannot shoot while within
    Engagement Range of enemy units.\""""
    table = game()
    u = unit(table, "Intercessors", **ENGAGED)
    [said] = warn(table, u, "Bolt rifle")
    assert said == (
        "Intercessors is in Engagement Range of Boyz, so it shoots only Pistols, and Bolt rifle "
        "is not Pistols."
    )
    assert warn(table, u, "Bolt pistol") == ()


def test_big_guns_never_tire_lets_a_vehicle_shoot_in_combat() -> None:
    """Seed 003: "Monsters and Vehicles can shoot, and be shot at, even while they are within
    Engagement Range of enemy units."; 10th Core, Pistol: "...unless it is a MONSTER or VEHICLE"."""
    table = game()
    u = unit(table, "Redemptor", **ENGAGED)
    assert warn(table, u, CANNON.name, "Bolt pistol") == ()
    [said] = warn(table, u, CANNON.name, "Bolt pistol", rules=NINTH)  # 9th: Pistols or others
    assert said.startswith("A model shoots either its Pistols or its other ranged weapons")


def test_pistols_with_other_ranged_weapons_get_one_warning() -> None:
    """Seed 000, Pistol: "Choose which it will fire (Pistols or non-Pistols) before selecting
    targets.\""""
    table = game()
    u = unit(table, "Intercessors")
    assert warn(table, u, "Bolt rifle", "Bolt pistol") == (
        "A model shoots either its Pistols or its other ranged weapons, not both; pick one.",
    )


def test_a_unit_that_advanced_shoots_only_assault_weapons() -> None:
    """Seed 000, Assault: "...you can only resolve attacks using those Assault weapons"."""
    table = game()
    u = unit(table, "Intercessors", move="advance")
    assert warn(table, u, "Bolt rifle") == ()  # assault, heavy
    [said] = warn(table, u, "Bolt pistol")
    assert said == (
        "Intercessors Advanced this turn, so it shoots only Assault weapons, and Bolt pistol is "
        "not Assault."
    )


def test_a_unit_that_fell_back_cannot_shoot() -> None:
    """Seed 003: "Units that Fall Back cannot shoot or declare a charge in the same turn." Seed
    000: "A unit cannot shoot ... in the same turn that it Fell Back unless it is TITANIC.\""""
    table = game()
    u = unit(table, "Intercessors", move="fall_back")
    assert warn(table, u, "Bolt rifle") == (
        "Intercessors Fell Back this turn, and a unit that Falls Back cannot shoot that turn.",
    )
    titan = replace(u, profile=u.profile.model_copy(update={"keywords": ("TITANIC",)}))
    assert warn(table, titan, "Bolt rifle", rules=NINTH) == ()
    assert len(warn(table, titan, "Bolt rifle", rules=TENTH)) == 1


@pytest.mark.parametrize(("phase", "name"), [("movement", "Movement"), ("command", "Command")])
def test_attacks_outside_shooting_and_fight_name_the_phase(phase: str, name: str) -> None:
    table = game(phase=phase)
    [said] = warn(table, unit(table, "Intercessors"), "Bolt rifle")
    assert said.startswith(f"It is the {name} phase, when units neither shoot nor fight;")
    assert "Overwatch" in said


def test_the_other_players_unit_shoots_in_its_own_shooting_phase() -> None:
    """Seed 000: "Start your Shooting phase by selecting one eligible unit from your army"."""
    table = game()
    boyz = unit(table, "Boyz", profile=unit(table, "Boyz").profile.model_copy(
        update={"weapons": (RIFLE,)}))  # fmt: skip
    assert warn(table, boyz, "Bolt rifle") == (
        "It is the other player's Shooting phase, and Boyz shoots only in its own.",
    )


def test_weapons_of_the_wrong_kind_for_the_phase_are_named() -> None:
    shooting, fight = game(), game(phase="fight")
    u = unit(shooting, "Intercessors")
    [said] = warn(shooting, u, "Close combat weapon")
    assert said == "Close combat weapon is melee, and melee attacks come in the Fight phase."
    [said] = warn(fight, replace(u, charged=True), "Bolt rifle")
    assert said == "Bolt rifle is ranged, and in the Fight phase units attack in melee."


def test_melee_by_a_unit_not_recorded_in_combat_warns_gently() -> None:
    """Seed 000: "An eligible unit is one that is within Engagement Range of an enemy unit
    and/or made a charge move in the same turn.\""""
    table = game(phase="fight")
    u = unit(table, "Intercessors")
    [said] = warn(table, u, "Close combat weapon")
    assert said.startswith("Vox has not recorded Intercessors charging or in combat this turn")
    assert warn(table, replace(u, charged=True), "Close combat weapon") == ()
    assert warn(table, replace(u, **ENGAGED), "Close combat weapon") == ()


def test_a_battle_shocked_unit_attacks_without_a_warning() -> None:
    table = game()
    assert warn(table, unit(table, "Intercessors", battle_shocked=True), "Bolt rifle") == ()


# -- what the turn changes on the rolls --


def applied(u: Unit, name: str, rules: Ruleset, typed: str = "") -> list[str]:
    [a] = chosen(u, name)
    text = ", ".join(p for p in (a.weapon.abilities, typed) if p)
    flags = parse_abilities(text, rules).flags
    found = situations(u, a, rules, frozenset(p.strip() for p in text.split(",") if p.strip()))
    return [f"{s.label}: {', '.join(effects(rules, flags, s))}" for s in found]


def test_remained_stationary_gives_heavy_plus_one_in_tenth() -> None:
    """10th Core, Heavy: "Add 1 to the Hit roll if the bearer's unit Remained Stationary"."""
    u = unit(game(), "Intercessors", move="stationary")
    assert applied(u, "Bolt rifle", TENTH) == ["Remained Stationary: Heavy +1 to hit"]
    assert applied(u, "Bolt rifle", NINTH) == ["Remained Stationary: "]  # no 9th effect


def test_ninth_heavy_is_minus_one_for_infantry_that_moved() -> None:
    """Seed 000, Heavy: "When an INFANTRY model shoots a Heavy weapon, subtract 1 from the hit
    rolls ... if the firing model's unit has moved for any reason this turn\""""
    u = unit(game("9th"), "Intercessors", move="normal")
    assert applied(u, "Bolt rifle", NINTH) == ["Moved: Heavy -1 to hit"]
    vehicle = unit(game("9th"), "Redemptor", move="normal")
    assert applied(vehicle, CANNON.name, NINTH) == []  # not INFANTRY


def test_ninth_assault_after_an_advance_is_minus_one() -> None:
    """Seed 000, Assault: "If a model shoots an Assault weapon in the same turn in which its unit
    has Advanced, subtract 1 from hit rolls\""""
    u = unit(game("9th"), "Intercessors", move="advance")
    assert applied(u, "Bolt rifle", NINTH) == [
        "Advanced: Assault -1 to hit",
        "Moved: Heavy -1 to hit",
    ]
    assert applied(u, "Bolt pistol", NINTH) == ["Moved: "]  # `advanced` only on Assault weapons


def test_lance_after_a_charge_is_plus_one_to_wound() -> None:
    """10th Core, Lance: "add 1 to the Wound roll" if the bearer made a Charge move this turn."""
    u = unit(game(weapons=(LANCE,)), "Intercessors", charged=True)
    assert applied(u, "Power lance", TENTH) == ["Charged: Lance +1 to wound"]


def test_a_vehicle_shooting_in_combat_gets_big_guns_never_tire_but_not_on_pistols() -> None:
    """Seed 003: "subtract 1 from that attack's Hit roll [unless shooting with a Pistol]"."""
    u = unit(game(), "Redemptor", **ENGAGED)
    assert applied(u, CANNON.name, TENTH) == ["Big Guns Never Tire: -1 to hit"]
    assert applied(u, "Bolt pistol", TENTH) == ["Big Guns Never Tire: "]


def test_a_typed_phrase_is_not_added_again_nor_a_second_movement() -> None:
    u = unit(game(), "Intercessors", move="stationary")
    assert applied(u, "Bolt rifle", TENTH, typed="stationary") == []
    assert applied(u, "Bolt rifle", TENTH, typed="moved") == []


def test_only_phrases_the_edition_knows_are_added() -> None:
    assert "big guns never tire" in ruleset("9th").phrases  # both editions know every situation
    u = unit(game(), "Intercessors", move="stationary")
    fake = replace(TENTH, phrases=TENTH.phrases - {"stationary"})
    assert applied(u, "Bolt rifle", fake) == []

"""9th weapons: `Range Type S AP D Abilities`, attacks and keywords from `Type`, skill from the
model carrying the weapon (pitfalls 5 and 7). Real profiles come from the copied 9th rosters;
the others are written here as the lists write them."""

from __future__ import annotations

import pytest

from bot.armies import ninth
from bot.armies.model import ModelProfile
from bot.armies.tree import Profile
from tests.armies.roster_files import roster
from tests.armies.tree_builders import profile, profiles, selections

DEATH_GUARD = "battlescribe/9e_death_guard_2000.rosz"
VOTANN = "battlescribe/9e_csm_votann_character_units.ros"
MARINE = ModelProfile(name="Plague Marine", ws="3+", bs="3+", attacks="2")


def _weapon_profile(relative: str, name: str) -> Profile:
    every = (p for s in selections(roster(relative)) for p in profiles(s))
    return next(p for p in every if p.type_name == "Weapon" and p.name == name)


def _nine(name: str, kind: str, strength: str = "4", rng: str = '24"') -> Profile:
    return profile("Weapon", name, Range=rng, Type=kind, S=strength, AP="0", D="1", Abilities="-")


def test_heavy_d6_attacks_are_d6_with_the_bearers_bs() -> None:
    """`Plagueburst Mortar`: Range `48"` Type `Heavy D6` S `8` AP `-2` D `2` Abilities `Blast.
    Plague Weapon. This weapon can target units that are not visible to the bearer.`"""
    crawler = ModelProfile(name="Plagueburst Crawler", ws="6+", bs="3+", attacks="4")
    made = ninth.weapon(_weapon_profile(DEATH_GUARD, "Plagueburst Mortar"), crawler, 1)
    assert made.model_dump() == {
        "name": "Plagueburst Mortar", "kind": "ranged", "count": 1, "range": '48"',
        "attacks": "D6", "skill": "3+", "strength": "8", "ap": "-2", "damage": "2",
        "keywords": ("Heavy", "Blast", "Plague Weapon"), "type": "Heavy D6",
    }  # fmt: skip


@pytest.mark.parametrize(
    ("kind", "attacks", "keyword"),
    [
        ("Rapid Fire 2", "2", "Rapid Fire"),
        ("Rapid Fire 1", "1", "Rapid Fire"),
        ("Heavy D3+6", "D3+6", "Heavy"),
        ("Assault 2D6", "2D6", "Assault"),
        ("Pistol 1", "1", "Pistol"),
        ("Grenade D6", "D6", "Grenade"),
        ("HunTR 3", "3", "HunTR"),
        ("Dakka 3/2", "3", "Dakka"),
        ("Macro 1", "1", "Macro"),
    ],
)
def test_the_type_gives_the_attacks_and_its_word_a_keyword(
    kind: str, attacks: str, keyword: str
) -> None:
    """Pitfall 7: 9th weapons have Type ("Rapid Fire 2", "Heavy D6", "HunTR 3", "Grenade D6",
    "Pistol 1"); Dakka, HunTR and Macro keep their word, the attacks are the first number."""
    made = ninth.weapon(_nine("Gun", kind), MARINE, 1)
    assert (made.kind, made.attacks, made.keywords, made.type) == (
        "ranged", attacks, (keyword,), kind,
    )  # fmt: skip


def test_a_real_huntr_weapon() -> None:
    """`Autoch-pattern bolter`: Range `24"` Type `HunTR 2` S `4` AP `-1` D `1`, carried by 2
    CORVs (`number="2"`, BS `4+`)."""
    corv = ModelProfile(name="CORV", ws="4+", bs="4+", attacks="1")
    made = ninth.weapon(_weapon_profile(VOTANN, "Autoch-pattern bolter"), corv, 2)
    assert (made.attacks, made.skill, made.keywords, made.count) == ("2", "4+", ("HunTR",), 2)


def test_a_grenade_with_user_strength() -> None:
    """The README of the formats: `Grenade D6` with S as `User`."""
    made = ninth.weapon(_nine("Stikkbomb", "Grenade D6", strength="User", rng='6"'), MARINE, 1)
    assert (made.strength, made.attacks, made.keywords) == ("User", "D6", ("Grenade",))


@pytest.mark.parametrize(
    ("name", "strength"),
    [
        ("Improvised weapon", "User"),
        ("Fleshmower", "+1"),
        ("Power fist", "x2"),
        ("Corrupted staff", "+3"),
    ],
)
def test_melee_strength_stays_as_written(name: str, strength: str) -> None:
    """`Power fist`: Range `Melee` Type `Melee` S `x2` AP `-3` D `D3`; `Fleshmower` S `+1`."""
    relative = (
        "battlescribe/9e_death_guard_plague_marines.rosz" if name == "Power fist" else DEATH_GUARD
    )
    made = ninth.weapon(_weapon_profile(relative, name), MARINE, 1)
    assert (made.kind, made.strength, made.range, made.type) == (
        "melee",
        strength,
        "Melee",
        "Melee",
    )


def test_melee_attacks_and_skill_are_the_bearers_a_and_ws() -> None:
    """`Malefic talons` on the `Death Guard Daemon Prince` (WS `2+`, A `6`)."""
    prince = ModelProfile(name="Death Guard Daemon Prince", ws="2+", bs="2+", attacks="6")
    made = ninth.weapon(_weapon_profile(DEATH_GUARD, "Malefic talons"), prince, 1)
    assert (made.attacks, made.skill, made.damage, made.ap) == ("6", "2+", "2", "-1")


def test_a_weapon_with_no_bearer_has_one_attack_and_no_skill() -> None:
    """9th Eliminators' `Las Fusil` sits at unit level with no bearer (pitfall 4)."""
    melee = ninth.weapon(_nine("Knife", "Melee", strength="User", rng="Melee"), None, 3)
    ranged = ninth.weapon(_nine("Las Fusil", "Heavy 1", rng='36"'), None, 1)
    assert (melee.attacks, melee.skill, melee.count) == ("1", "N/A", 3)
    assert (ranged.attacks, ranged.skill) == ("1", "N/A")


def test_a_melee_range_makes_a_melee_weapon_whatever_its_type() -> None:
    made = ninth.weapon(_nine("Claws", "", rng="Melee"), MARINE, 1)
    assert (made.kind, made.attacks, made.skill, made.type) == ("melee", "2", "3+", None)


def test_the_placeholder_row_of_a_weapon_with_profiles_is_not_a_weapon() -> None:
    """Pitfall 5: `Manreaper` Range `-` Type `-` S `-` AP `-` D `-` (Abilities: `Each time an
    attack is made with this weapon, select one of the profiles below...`), before `Manreaper -
    Cleave` and `Manreaper - Scythe`."""
    placeholder = _weapon_profile(DEATH_GUARD, "Manreaper")
    assert not ninth.is_weapon(placeholder)
    assert ninth.is_weapon(_weapon_profile(DEATH_GUARD, "Manreaper - Cleave"))
    with pytest.raises(ValueError, match="not a weapon profile"):
        ninth.weapon(placeholder, MARINE, 1)


def test_only_weapon_profiles_are_weapons() -> None:
    assert not ninth.is_weapon(profile("Psychic Power", "Smite", Range='18"'))
    assert not ninth.is_weapon(profile("Unit", "Boltgun", M='6"'))


def test_named_abilities_become_keywords_and_prose_does_not() -> None:
    """`Blight grenade` Abilities `Plague Weapon. Blast.`; `Las-beam cutter` `Beam`; `Fleshmower`
    `Plague Weapon. Each time an attack is made with this weapon, make 3 hit rolls instead of 1.`"""
    grenade = ninth.weapon(_weapon_profile(DEATH_GUARD, "Blight grenade"), MARINE, 1)
    cutter = ninth.weapon(_weapon_profile(VOTANN, "Las-beam cutter"), MARINE, 1)
    mower = ninth.weapon(_weapon_profile(DEATH_GUARD, "Fleshmower"), MARINE, 1)
    assert grenade.keywords == ("Grenade", "Plague Weapon", "Blast")
    assert cutter.keywords == ("Pistol", "Beam")
    assert mower.keywords == ("Plague Weapon",)


def test_a_weapon_mode_keeps_its_name_and_the_count_is_bounded() -> None:
    """Pitfall 5: 9th writes `Name, Frag missile` and `Name (Sweep)`; each mode is a weapon."""
    pistol = _weapon_profile(DEATH_GUARD, "Plasma pistol, Supercharge")
    assert ninth.weapon(pistol, MARINE, 1).name == "Plasma pistol, Supercharge"
    assert ninth.weapon(pistol, MARINE, 0).count == 1
    assert ninth.weapon(pistol, MARINE, 999).count == 200

"""9th edition lists' structure (units, model counts, weapon counts, points) with the 9th
characteristics readers replaced by simple fakes: `bot.armies.ninth` reads the values."""

from __future__ import annotations

import re

import pytest

from bot.armies import ninth
from bot.armies.model import ArmyWeapon, Bracket, ModelProfile
from bot.armies.tree import Profile, Selection
from tests.armies.roster_files import army, unit, weapon

LOWER_BRACKET = re.compile(r"\[[2-9]\]")


def fake_model(profile: Profile, models: int) -> ModelProfile:
    return ModelProfile(name=profile.name, models=models, wounds=profile.get("W") or None)


def fake_weapon(profile: Profile, bearer: ModelProfile | None, count: int) -> ArmyWeapon:
    melee = profile.get("Range").casefold() == "melee"
    skill = "bearer" if bearer is None else bearer.name
    return ArmyWeapon(
        name=profile.name,
        kind="melee" if melee else "ranged",
        count=count,
        skill=skill[:30],
        type=profile.get("Type") or None,
    )


def fake_brackets(unit_: Selection) -> tuple[Bracket, ...]:
    return ()


@pytest.fixture(autouse=True)
def fakes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ninth, "model_profile", fake_model)
    monkeypatch.setattr(ninth, "weapon", fake_weapon)
    monkeypatch.setattr(ninth, "bracket_row", lambda p: bool(LOWER_BRACKET.search(p.name)))
    monkeypatch.setattr(ninth, "brackets", fake_brackets)


def test_character_units_carry_the_leaders_profile_on_the_unit() -> None:
    """The README: "9th character units (Dark Apostle, Brôkhyr, Grimnyr, T'au Commander +
    drones) carry the leader's profile on the unit selection, so models = 1 + children"."""
    both = army("battlescribe/9e_csm_votann_character_units.ros")
    assert (both.edition, both.faction) == (
        "9th",
        "Chaos - Chaos Space Marines + Leagues of Votann",
    )
    counts = {u.name: (u.models, u.points) for u in both.units}
    assert counts == {
        "Dark Apostle": (3, 95), "Brôkhyr Iron-master": (5, 90), "Grimnyr": (3, 90),
    }  # fmt: skip
    apostle = unit(both, "Dark Apostle")
    assert weapon(apostle, "Accursed crozius").skill == "Dark Apostle"  # its bearer
    assert weapon(apostle, "Close combat weapon").skill == "Dark Disciple"
    tau = army("battlescribe/9e_tau_commander.rosz")
    [commander] = tau.units
    assert commander.models == 3
    assert weapon(commander, "Pulse carbine").count == 4  # 2 Gun Drones' group total


def test_plague_marines_profiles_from_the_unit_the_champion_and_an_upgrade() -> None:
    """The README: "9th Plague Marines combine a unit-level default, a champion profile and an
    upgrade (`2nd Plague knife`) that replaces the profile for 2 models"."""
    marines = unit(army("battlescribe/9e_death_guard_plague_marines.rosz"), "Plague Marines")
    assert {p.name: p.models for p in marines.profiles} == {
        "Plague Champion": 1, "Plague Marine (Vectors)": 2, "Plague Marine": 2,
    }  # fmt: skip
    assert marines.points == 120  # costs on the models and weapons, only PL on the unit
    knives = {w.skill: w.count for w in marines.weapons if w.name == "Plague knife"}
    assert knives == {"Plague Champion": 1, "Plague Marine (Vectors)": 2, "Plague Marine": 2}
    assert weapon(marines, "Blight launcher").type == "Assault 2"


def test_a_placeholder_weapon_row_is_not_a_weapon() -> None:
    """The README: "9th writes ... `Name - Cleave` ... and sometimes a placeholder row with every
    characteristic `-`"."""
    guard = army("battlescribe/9e_death_guard_2000.rosz")
    shroud = unit(guard, "Deathshroud Terminators")
    assert {w.name for w in shroud.weapons if "Manreaper" in w.name} == {
        "Manreaper - Cleave", "Manreaper - Scythe",
    }  # fmt: skip
    assert unit(guard, "Death Guard Daemon Prince").models == 1  # a top-level upgrade
    assert guard.points == 2000


def test_units_at_unit_level_weapons_and_counts_in_names() -> None:
    """The README: "Weapons can sit at unit level with no bearer (9th Eliminators' `Las Fusil`)"
    and "Counts can also hide in the name with number=1 ("2x Stranglethorn Cannon")"."""
    fists = army("battlescribe/9e_imperial_fists_eliminators.ros")
    first = fists.units[0]
    assert (first.name, first.models) == ("Eliminator Squad", 3)
    assert weapon(first, "Las Fusil").count == 2
    monsters = army("battlescribe/9e_tyranids_wound_track_monsters.ros")
    harpy = unit(monsters, "Harpy")
    assert weapon(harpy, "Stranglethorn Cannon").count == 2
    tyrant = unit(monsters, "Winged Hive Tyrant")
    assert [p.name for p in tyrant.profiles] == ["Winged Hive Tyrant [1] (7+ wounds)"]


def test_stale_roster_totals_are_ignored() -> None:
    """The README: "`roster > costs` can be stale (psychomancer: 480 in the file, 65 from the
    units)"."""
    assert army("battlescribe/9e_necrons_psychomancer.rosz").points == 65

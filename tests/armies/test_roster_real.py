"""Concrete numbers from real exported lists: models, weapons and points as the list has them."""

from __future__ import annotations

import json

import pytest

from bot.armies.model import Army
from tests.armies.roster_files import DATA, army, unit, weapon

TENTH = [
    "battlescribe/10e_ultramarines_810.rosz",
    "battlescribe/10e_necrons.rosz",
    "battlescribe/10e_votann_965.rosz",
    *(f"newrecruit_json/{p.name}" for p in sorted((DATA / "newrecruit_json").glob("*.json"))),
]


def test_ultramarines_810() -> None:
    marines = army("battlescribe/10e_ultramarines_810.rosz")
    assert (marines.name, marines.edition, marines.points) == ("Ultramarines 10E", "10th", 810)
    assert marines.faction == "Imperium - Adeptus Astartes - Ultramarines"
    assert len(marines.units) == 10
    outriders = unit(marines, "Outrider Squad")
    assert (outriders.models, outriders.points) == (3, 105)
    [profile] = outriders.profiles
    assert (profile.movement, profile.toughness, profile.save, profile.wounds) == (
        '12"', "5", "3+", "4",
    )  # fmt: skip
    assert (profile.leadership, profile.oc, profile.models) == ("6+", "2", 3)
    rifle = weapon(outriders, "Twin Bolt Rifle")
    assert (rifle.count, rifle.range, rifle.attacks, rifle.skill) == (3, '24"', "2", "3+")
    assert (rifle.strength, rifle.ap, rifle.damage, rifle.keywords) == (
        "4",
        "-1",
        "1",
        ("Twin-linked",),
    )
    assert "Faction: Adeptus Astartes" in outriders.keywords
    razorback = unit(marines, "Razorback")
    bolter = weapon(razorback, "Twin Heavy Bolter")
    assert bolter.keywords == ("Sustained Hits 1", "Twin-linked")
    assert weapon(razorback, "Hunter Killer Missile").keywords == ("One Shot",)
    impulsor = unit(marines, "Impulsor")
    modes = [w.name for w in impulsor.weapons if "Bellicatus" in w.name]
    assert modes == [
        "➤ Bellicatus Missile Array - Frag",
        "➤ Bellicatus Missile Array - Icarus",
        "➤ Bellicatus Missile Array - Krak",
    ]


def test_space_wolves_plasma_pistol_modes_and_hazardous() -> None:
    wolves = army("newrecruit_json/10e_space_wolves.json")
    claws = unit(wolves, "Blood Claws")
    assert (claws.models, claws.points) == (10, 135)
    supercharge = weapon(claws, "➤ Plasma Pistol - Supercharge")
    assert (supercharge.count, supercharge.keywords) == (1, ("Hazardous", "Pistol"))
    assert weapon(claws, "Bolt pistol").count == 9
    njal = unit(wolves, "Njal Stormcaller")
    focused = weapon(njal, "➤ Living Lightning - focused witchfire")
    assert focused.keywords == ("Hazardous", "Psychic", "Sustained Hits 2")


def test_the_silent_king_is_three_models_with_their_own_profiles() -> None:
    king = unit(army("battlescribe/10e_necrons.rosz"), "The Silent King")
    assert king.models == 3
    assert {p.name: (p.models, p.wounds) for p in king.profiles} == {
        "Szarekh": (1, "16"), "Triarchal Menhir": (2, "5"),
    }  # fmt: skip
    assert weapon(king, "Annihilator beam").count == 2


@pytest.mark.parametrize("path", TENTH)
def test_every_real_10th_list_reads_with_points_summed_from_its_units(path: str) -> None:
    read = army(path)
    assert read.edition == "10th"
    assert read.points == sum(u.points for u in read.units) > 0
    assert all(u.profiles and u.models == sum(p.models for p in u.profiles) for u in read.units)
    assert Army.model_validate_json(read.to_json()) == read


@pytest.mark.parametrize("path", [p for p in TENTH if p.endswith(".json")])
def test_new_recruit_units_match_their_roster_totals(path: str) -> None:
    """These exports' totals happen to be current: the sum of the units equals them."""
    total = json.loads((DATA / path).read_text("utf-8"))["roster"]["costs"][0]["value"]
    assert army(path).points == total

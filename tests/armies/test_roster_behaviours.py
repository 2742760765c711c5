"""What real files do (the roster README's pitfalls), each on a small own roster that isolates it
and on a real exported list."""

from __future__ import annotations

from bot.armies.model import ArmyUnit
from tests.armies.roster_files import army, unit, weapon


def models(unit_: ArmyUnit) -> dict[str, int]:
    return {p.name: p.models for p in unit_.profiles}


def test_pitfall_1_units_of_any_selection_type() -> None:
    """The README says: "Do not filter units on `type`. Units can be `unit`, a top-level `model`
    ... or `upgrade` ... Models can also be `upgrade` selections carrying a `Unit` profile."""
    own = army("own/10e_selection_types.ros")
    assert [(u.name, u.models, u.points) for u in own.units] == [
        ("Squad", 5, 90), ("Hero", 1, 80), ("Daemon Prince", 1, 150), ("Paladins", 3, 165),
    ]  # fmt: skip
    assert models(unit(own, "Paladins")) == {"Paladin": 3}
    real = army("newrecruit_json/10e_death_guard_mortarions_hammer.json")
    crawler = unit(real, "Plagueburst Crawler")  # a top-level `model`
    assert (crawler.models, crawler.points) == (1, 210)


def test_pitfall_2_profiles_on_the_unit_the_model_or_an_upgrade() -> None:
    """The README says: "Profiles can sit on the unit, the model, or an upgrade ... two unit-level
    profiles, matched to models only by name ... carry the leader's profile on the unit
    selection, so models = 1 + children."""
    own = army("own/10e_profile_places.ros")
    assert models(unit(own, "Outriders")) == {"Outrider": 3}
    assert models(unit(own, "Boyz")) == {"Boss Nob": 1, "Boy": 9}
    assert models(unit(own, "Marines")) == {"Marine (Vectors)": 2, "Marine": 3}
    headtakers = unit(own, "Headtakers")
    assert models(headtakers) == {"Hunting Wolf": 3, "Headtaker": 3}
    assert {p.name: p.movement for p in headtakers.profiles} == {
        "Hunting Wolf": '10"', "Headtaker": '7"',
    }  # fmt: skip
    apostle = unit(own, "Dark Apostle")
    assert (apostle.models, models(apostle)) == (3, {"Dark Apostle": 1, "Dark Disciple": 2})
    wolves = army("newrecruit_json/10e_space_wolves.json")
    real = unit(wolves, "Wolf Guard Headtakers")
    assert models(real) == {"Wolf Guard Headtakers": 3, "Hunting Wolves": 3}
    votann = army("battlescribe/10e_votann_965.rosz")
    pioneers = unit(votann, "Hernkyn Pioneers")
    assert models(pioneers) == {"Hernkyn Pioneer": 2, "Hernkyn Pioneer w/ ion beamer": 1}
    assert models(unit(votann, "Einhyr Hearthguard")) == {"Einhyr Hearthguard": 5}


def test_pitfall_3_selection_names_differ_from_profile_names() -> None:
    """The README says: "Selection name ≠ profile name ... Take stats from profiles; take counts
    from selections."""
    own = army("own/10e_names_differ.ros")
    phobos = unit(own, "Lieutenant in Phobos Armour")
    assert [p.name for p in phobos.profiles] == ["Lieutenant in Phobos Armor"]
    assert [w.name for w in unit(own, "Impulsor").weapons] == ["Armoured Tracks"]
    boyz = unit(own, "Boyz")
    assert (boyz.models, models(boyz), boyz.profiles[0].wounds) == (9, {"Boy": 9}, "1")
    real = army("battlescribe/10e_ultramarines_810.rosz")
    assert unit(real, "Lieutenant in Phobos Armour").profiles[0].name == (
        "Lieutenant in Phobos Armor"
    )
    assert weapon(unit(real, "Impulsor"), "Armoured Tracks").strength == "6"


def test_pitfall_4_group_totals_counts_in_names_and_where_weapons_sit() -> None:
    """The README says: "A child's `number` is the total for the group, not per model ... Counts
    can also hide in the name with number=1 ... Weapons can sit at unit level with no bearer
    ..., under wrapper selections without a profile ..., or under another weapon."""
    own = army("own/10e_group_totals.ros")
    assert weapon(unit(own, "Boyz"), "Slugga").count == 9
    assert weapon(unit(own, "Harpy"), "Stranglethorn Cannon").count == 2
    eliminators = unit(own, "Eliminators")
    assert (eliminators.models, weapon(eliminators, "Las Fusil").count) == (3, 1)
    assert weapon(unit(own, "Nobz"), "Big choppa").count == 2
    dreadnought = unit(own, "Dreadnought")
    assert [w.name for w in dreadnought.weapons] == ["Dreadnought Combat Weapon", "Storm Bolter"]
    assert models(unit(own, "Gretchin")) == {"Gretchin": 20, "Runtherd": 2}
    orks = army("newrecruit_json/10e_speed_freeks_no_warboss.json")
    gretchin = unit(orks, "Gretchin")  # under "2 Runtherds and 20 Gretchin"
    assert (gretchin.models, weapon(gretchin, "Grot blasta").count) == (22, 20)
    assert weapon(unit(orks, "Tankbustas"), "Rokkit pistol").count == 2
    marines = army("battlescribe/10e_ultramarines_810.rosz")
    impulsor = unit(marines, "Impulsor")  # "2 Fragstorm Grenade Launchers", number 1
    assert weapon(impulsor, "Fragstorm Grenade Launcher").count == 2
    wolves = army("newrecruit_json/10e_space_wolves.json")
    assert weapon(unit(wolves, "Venerable Dreadnought"), "Storm Bolter").count == 1


def test_pitfall_5_weapons_with_several_profiles_torrent_and_custom_types() -> None:
    """The README says: "10th writes `➤ Name - mode` ... Custom profile types can be real weapons
    (Necron `C'tan Powers` have Range/A/BS/S/AP/D). Torrent weapons have skill `N/A`."""
    own = unit(army("own/10e_weapon_profiles.ros"), "Hellblaster")
    supercharge = weapon(own, "➤ Plasma gun - supercharge")
    assert (supercharge.strength, supercharge.keywords) == ("8", ("Hazardous", "Rapid Fire 1"))
    assert weapon(own, "➤ Plasma gun - standard").damage == "1"
    flamer = weapon(own, "Flamer")
    assert (flamer.skill, flamer.attacks, flamer.keywords) == (
        "N/A",
        "D6",
        ("Ignores Cover", "Torrent"),
    )
    cosmic = weapon(own, "Cosmic Fire")
    assert (cosmic.kind, cosmic.attacks, cosmic.range) == ("ranged", "3D6", '18"')
    assert cosmic.keywords[-1] == "Wobbly Keyword 3+"  # unknown keywords are kept as written
    fists = weapon(own, "Fists")
    assert (fists.kind, fists.skill, fists.keywords) == ("melee", "4+", ())
    necrons = army("battlescribe/10e_necrons.rosz")
    vault = unit(necrons, "Tesseract Vault")
    real = weapon(vault, "Cosmic Fire")
    assert (real.skill, real.keywords) == (
        "N/A",
        ("Ignores Cover", "Devastating Wounds", "Torrent"),
    )
    assert weapon(vault, "Tesla sphere").count == 4


def test_pitfall_6_the_same_weapon_name_differs_between_units() -> None:
    """The README says: "The same weapon name has different stats in different units ... Keep
    profiles per unit."""
    own = army("own/10e_same_weapon.ros")
    gretchin, tankbustas = (
        weapon(unit(own, "Gretchin"), "Close combat weapon"),
        weapon(unit(own, "Tankbustas"), "Close combat weapon"),
    )
    assert (gretchin.strength, gretchin.count) == ("2", 10)
    assert (tankbustas.strength, tankbustas.count) == ("5", 5)  # two groups, one weapon
    orks = army("newrecruit_json/10e_speed_freeks_no_warboss.json")
    assert weapon(unit(orks, "Gretchin"), "Close combat weapon").strength == "2"
    assert weapon(unit(orks, "Tankbustas"), "Close combat weapon").strength == "5"


def test_pitfall_9_configuration_is_not_a_unit() -> None:
    """The README says: "Configuration selections (Battle Size, Detachment, Show/Hide Options, Game
    Type, Detachment Command Cost with negative CP) are not units."""
    own = army("own/10e_configuration.ros")
    assert [u.name for u in own.units] == ["Intercessors"]
    assert own.warnings == ("Skipped Relic Stash: it has points but no model profile.",)
    assert unit(own, "Intercessors").keywords == ("Infantry", "Faction: Adeptus Astartes")
    real = army("battlescribe/10e_necrons.rosz")
    assert "Battle Size" not in {u.name for u in real.units}
    assert "Detachment Choice" not in {u.name for u in real.units}


def test_pitfall_9_stale_totals_are_summed_from_the_units() -> None:
    """The README says: "Do not trust totals. `roster > costs` can be stale ... Unit points = the
    sum of every `pts` cost in the subtree."""
    own = army("own/10e_stale_totals.ros")
    assert (own.points, own.units[0].points) == (65, 65)
    wolves = army("newrecruit_json/10e_space_wolves.json")
    assert wolves.points == sum(u.points for u in wolves.units) == 1020


def test_pitfall_10_several_forces_in_one_roster() -> None:
    """The README says: "Several forces per roster (CSM + Votann; CSM + Daemons)."""
    own = army("own/10e_forces.ros")
    assert [u.name for u in own.units] == ["Legionaries", "Bloodletters", "Hearthkyn Warriors"]
    assert own.faction == (
        "Chaos - Chaos Space Marines + Chaos - Chaos Daemons + Leagues of Votann"
    )
    assert own.points == 300
    nr = army("own/10e_new_recruit.json")
    assert [u.name for u in nr.units] == ["Boyz", "Trukk"]
    assert nr.faction == "Xenos - Orks + Xenos - Orks - Freebooterz"


def test_new_recruit_json_behaves_like_the_xml() -> None:
    """The same tree: a wrapper's model groups, group totals merged, configuration left out."""
    own = army("own/10e_new_recruit.json")
    boyz = unit(own, "Boyz")
    assert (boyz.models, models(boyz), weapon(boyz, "Slugga").count) == (
        10, {"Boy": 8, "Nob": 2}, 10,
    )  # fmt: skip
    assert (own.points, own.source, own.edition) == (150, "newrecruit-json", "10th")

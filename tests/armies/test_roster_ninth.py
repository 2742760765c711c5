"""9th edition lists' structure (units, model counts, weapon counts, points), read with the
9th characteristics of `bot.armies.ninth` (whose own tests check the values)."""

from __future__ import annotations

from tests.armies.roster_files import army, unit, weapon


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
    crozius, fists = weapon(apostle, "Accursed crozius"), weapon(apostle, "Close combat weapon")
    assert (crozius.count, crozius.attacks, crozius.skill) == (1, "5", "2+")  # the Apostle's A, WS
    assert (fists.count, fists.attacks, fists.skill) == (2, "1", "4+")  # the 2 Disciples' A, WS
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
    knives = {(w.attacks, w.count) for w in marines.weapons if w.name == "Plague knife"}
    assert knives == {("2", 3), ("1", 2)}  # the Champion and Vectors (A2), the others (A1)
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
    assert [p.name for p in tyrant.profiles] == ["Winged Hive Tyrant"]  # the top bracket's model
    assert [b.remaining for b in tyrant.brackets] == [
        "[1] (7+ wounds)", "[2] (4-6 wounds)", "[3] (1-3 wounds)",
    ]  # fmt: skip


def test_stale_roster_totals_are_ignored() -> None:
    """The README: "`roster > costs` can be stale (psychomancer: 480 in the file, 65 from the
    units)"."""
    assert army("battlescribe/9e_necrons_psychomancer.rosz").points == 65

"""The five real text exports (official app v1.29, New Recruit's three styles), read whole."""

from __future__ import annotations

from tests.armies.text_fixtures import read, unit


def test_app_space_wolves_lists_every_unit_with_group_totals() -> None:
    """The app writes `• 4x Infiltrator` then `◦ 4x Bolt pistol`: counts are group totals."""
    army = read("text_gw_app/10e_space_wolves_1985.txt")
    assert (army.name, army.faction, army.source, army.edition) == (
        "Boop", "Space Marines - Space Wolves", "gw-app-text", "10th",
    )  # fmt: skip
    assert len(army.units) == 14
    assert army.points == 1985  # the units' own points, matching the header's 1985
    infiltrators = unit(army, "Infiltrator Squad")
    assert (infiltrators.models, infiltrators.points) == (5, 100)
    assert infiltrators.wargear == (
        "5x Bolt pistol", "5x Close combat weapon", "5x Marksman bolt carbine",
    )  # fmt: skip
    assert unit(army, "Gladiator Lancer").wargear[-1] == "2x Storm bolter"
    assert [u.models for u in army.units if u.name == "Thunderwolf Cavalry"] == [6, 6, 6]
    assert all(u.missing and not u.profiles and not u.weapons for u in army.units)


def test_app_tau_keeps_drones_and_merges_repeated_wargear() -> None:
    army = read("text_gw_app/10e_tau_2000.txt")
    assert (army.name, army.faction, len(army.units), army.points) == (
        "Midlife crisis 2", "T’au Empire", 20, 2000,
    )  # fmt: skip
    kroot = unit(army, "Kroot Carnivores")
    assert (kroot.models, kroot.points) == (10, 65)
    assert "8x Kroot rifle" in kroot.wargear and "10x Close combat weapon" in kroot.wargear
    coldstar = unit(army, "Commander in Coldstar Battlesuit")
    assert coldstar.wargear == ("1x Battlesuit fists", "4x Fusion blaster", "2x Shield Drone")
    assert unit(army, "Krootox Riders").models == 1
    assert "1x Command-link Drone (Aura)" in unit(army, "Commander Shadowsun").wargear


def test_newrecruit_default_counts_per_model() -> None:
    """Default style: `• 8x Kroot Carnivores: Close combat weapon, Kroot rifle` is per model."""
    army = read("text_newrecruit/10e_tau_1985_nr_default.txt")
    assert (army.name, army.faction, army.source) == (
        "Tauuuu", "Xenos - T'au Empire", "newrecruit-text",
    )  # fmt: skip
    assert (len(army.units), army.points) == (18, 1985)
    kroot = unit(army, "Kroot Carnivores", 1)
    assert kroot.models == 10
    assert "8x Kroot rifle" in kroot.wargear and "10x Close combat weapon" in kroot.wargear
    broadsides = unit(army, "Broadside Battlesuits")
    assert (broadsides.models, broadsides.points) == (3, 300)
    assert "6x Missile Drone (Missile pod)" in broadsides.wargear
    assert unit(army, "Ghostkeel Battlesuit").wargear == (
        "1x Ghostkeel fists", "1x Cyclic ion raker", "1x Twin fusion blaster",
    )  # fmt: skip
    assert not any("Battle Size" in u.name or "Warlord" in str(u.wargear) for u in army.units)


def test_newrecruit_gw_like_takes_models_from_the_unit_line() -> None:
    """GW-like style: `10x Kroot Carnivores (65 pts)`, then totals under each model group."""
    army = read("text_newrecruit/10e_tau_1985_nr_gw.txt")
    assert (army.faction, len(army.units), army.points) == ("Xenos - T'au Empire", 18, 1985)
    pathfinders = unit(army, "Pathfinder Team")
    assert pathfinders.models == 10
    assert "10x Pulse carbine" in pathfinders.wargear
    stealth = unit(army, "Stealth Battlesuits", 2)
    assert stealth.models == 3
    assert "1x Homing beacon" in stealth.wargear and "2x Burst cannon" in stealth.wargear
    assert "6x Missile pod" in unit(army, "Broadside Battlesuits").wargear


def test_newrecruit_wtc_counts_per_model_and_warns_of_glued_names() -> None:
    """WTC style: `2 with Battlesuit fists, 2x Fusion blaster` is per model (4 blasters)."""
    army = read("text_newrecruit/10e_tau_1985_nr_wtc.txt")
    assert (army.name, len(army.units), army.points) == ("Xenos - T'au Empire", 18, 1985)
    sunforge = unit(army, "Crisis Sunforge Battlesuits")
    assert sunforge.models == 3
    assert sunforge.wargear[:2] == ("6x Fusion blaster", "3x Battlesuit fists")
    assert "1x Recon droneDrone burst cannon" in unit(army, "Pathfinder Team").wargear
    glued = [w for w in army.warnings if "run together" in w]
    assert len(glued) == 3
    assert "Enhancement" not in str(unit(army, "Commander in Coldstar Battlesuit").wargear)


def test_every_real_export_names_its_unmatched_units_once() -> None:
    army = read("text_newrecruit/10e_tau_1985_nr_default.txt")
    missing = [w for w in army.warnings if "no profile found" in w]
    assert len(missing) == len({u.name for u in army.units}) == 13

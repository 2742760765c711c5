"""Own small lists, one behaviour each (the roster notes' pitfalls 13 and 14: "GW app counts are
totals, while the New Recruit default and WTC counts are per model", "Apostrophes can be
typographic", "Battle size appears as "2,000" or "2000"", "Identical units have no ids",
"Exporter bugs glue two names together", "Drop the signature line")."""

from __future__ import annotations

import time

import pytest

from bot.armies.limits import MAX_TEXT_LINES
from bot.armies.model import MAX_UNITS, MAX_WARNINGS
from bot.armies.text import MAX_LINE, NOT_A_LIST, read_text
from bot.errors import BadFile
from tests.armies.text_fixtures import read, unit


def test_app_group_counts_are_totals() -> None:
    team = unit(read("own/app_v1_small.txt"), "Strike Team")
    assert team.models == 10
    assert team.wargear == ("10x Close combat weapon", "9x Pulse rifle", "1x Pulse carbine")


def test_newrecruit_default_counts_are_per_model() -> None:
    army = read("own/nr_default_small.txt")
    assert unit(army, "Strike Team").wargear == ("10x Close combat weapon", "10x Pulse rifle")
    assert "2x Missile Drone (Missile pod)" in unit(army, "Broadside Battlesuits").wargear


def test_wtc_counts_per_model_including_the_bullets_under_a_with_line() -> None:
    suits = unit(read("own/nr_wtc_small.txt"), "Crisis Sunforge Battlesuits")
    assert suits.models == 3
    assert suits.wargear == (
        "6x Fusion blaster", "3x Battlesuit fists", "1x Marker Drone", "2x Shield Drone",
    )  # fmt: skip


def test_typographic_apostrophes_are_kept_as_written() -> None:
    army = read("own/app_v1_small.txt")
    assert (army.name, army.faction) == ("Shas’o’s picks", "T’au Empire")


def test_battle_size_with_a_thousands_comma_is_header_not_a_unit() -> None:
    army = read("own/app_v1_small.txt")
    assert [u.name for u in army.units] == [
        "Commander in Coldstar Battlesuit", "Strike Team", "Strike Team",
    ]  # fmt: skip
    assert army.points == 265


def test_the_signature_line_warlord_and_enhancements_are_dropped() -> None:
    army = read("own/app_v1_small.txt")
    listed = " ".join(w for u in army.units for w in (u.name, *u.wargear))
    assert "Exported" not in listed and "Warlord" not in listed and "Enhancement" not in listed
    assert unit(army, "Commander in Coldstar Battlesuit").wargear == (
        "1x Battlesuit fists", "4x Fusion blaster", "2x Shield Drone",
    )  # fmt: skip


def test_identical_units_are_both_kept() -> None:
    army = read("own/app_v1_small.txt")
    first, second = (u for u in army.units if u.name == "Strike Team")
    assert first == second


def test_glued_names_are_kept_as_written_with_a_warning() -> None:
    army = read("own/nr_wtc_small.txt")
    commander = unit(army, "Commander in Coldstar Battlesuit")
    assert "1x Plasma Accelerator Rifle upgradeBattlesuit fists" in commander.wargear
    assert any("Plasma Accelerator Rifle upgradeBattlesuit fists" in w for w in army.warnings)


def test_app_v2_unindented_bullets_and_attached_units() -> None:
    """App v2: "ATTACHED UNITS", "(3 Detachment Points)", bullets with no indent."""
    army = read("own/app_v2_attached.txt")
    assert (army.name, army.faction, army.points) == ("Night Raid", "World Eaters", 530)
    assert [(u.name, u.models) for u in army.units] == [
        ("Lord on Juggernaut", 1), ("Bloodcrushers", 6), ("Slaughterbound", 1),
        ("Exalted Eightbound", 3),
    ]  # fmt: skip
    assert unit(army, "Bloodcrushers").wargear == (
        "6x Hellblade", "6x Juggernaut’s bladed horn", "1x Daemonic Icon",
    )  # fmt: skip
    assert unit(army, "Lord on Juggernaut").wargear[1:] == (
        "1x Exalted chainblade", "1x Plasma pistol",
    )  # fmt: skip


def test_a_bare_unit_without_header_is_read() -> None:
    army = read_text("Intercessor Squad (80 Points)\n  • 5x Bolt rifle\n", name="Bare")
    assert [(u.name, u.models, u.wargear) for u in army.units] == [
        ("Intercessor Squad", 1, ("5x Bolt rifle",)),
    ]  # fmt: skip
    assert army.name == "Bare"


@pytest.mark.parametrize("text", ["", "hello\nworld", "CHARACTERS\n\n• 1x Bolt pistol", "{}"])
def test_text_without_a_unit_line_is_refused_in_one_sentence(text: str) -> None:
    with pytest.raises(BadFile) as refused:
        read_text(text)
    assert str(refused.value) == NOT_A_LIST


def test_more_lines_than_the_bound_are_refused() -> None:
    """The bound: `MAX_TEXT_LINES` lines of a text export."""
    unit_lines = "Intercessor Squad (80 Points)\n  • 5x Bolt rifle\n"
    assert len((unit_lines + "\n" * (MAX_TEXT_LINES - 2)).splitlines()) == MAX_TEXT_LINES
    read_text(unit_lines + "\n" * (MAX_TEXT_LINES - 2))  # at the bound
    with pytest.raises(BadFile, match="more than 2,000 lines"):
        read_text(unit_lines + "\n" * (MAX_TEXT_LINES - 1))
    with pytest.raises(BadFile, match="more than 2,000 lines"):
        read_text(unit_lines + "\x0c" * MAX_TEXT_LINES)  # other line breaks count too


def test_a_line_over_the_bound_is_refused() -> None:
    """The bound: `MAX_LINE` characters of one line (regular expressions stay linear)."""
    read_text("Squad (80 Points)\n  • 1x " + "a" * (MAX_LINE - 7))
    with pytest.raises(BadFile, match="longer than 1,000 characters"):
        read_text("Squad (80 Points)\n  • 1x " + "a" * (MAX_LINE - 6))


def test_pathological_lines_are_read_quickly() -> None:
    started = time.perf_counter()
    spaces = "x" + " " * 990 + "("
    with pytest.raises(BadFile):
        read_text("\n".join([spaces] * MAX_TEXT_LINES))
    read_text("Squad (80 Points)\n" + "\n".join(["  • 1x a" + " " * 900 + "(b"] * 1900))
    assert time.perf_counter() - started < 5


def test_models_over_the_bound_are_truncated_with_a_warning() -> None:
    army = read_text("Horde (80 Points)\n  • 201x Gretchin\n     ◦ 201x Grot blasta\n")
    assert army.units[0].models == 200
    assert any("201 models" in w for w in army.warnings)


def test_units_over_the_bound_are_truncated_with_a_warning() -> None:
    text = "".join(f"Squad {i} (10 Points)\n  • 1x Bolt rifle\n\n" for i in range(MAX_UNITS + 5))
    army = read_text(text)
    assert len(army.units) == MAX_UNITS
    assert army.warnings[0] == f"The list has {MAX_UNITS + 5} units; Vox keeps the first 100."
    assert len(army.warnings) == MAX_WARNINGS and army.warnings[-1].endswith("more warnings.")


def test_huge_counts_and_points_never_break_the_army() -> None:
    army = read_text("Big (99999 Points)\n  • 9999x Thing\n")
    assert (army.units[0].points, army.units[0].wargear) == (10_000, ("9999x Thing",))


@pytest.mark.parametrize("written", ["1,200", "1200"])
def test_points_with_or_without_a_thousands_comma(written: str) -> None:
    for text in (f"Big ({written} Points)\n  • 1x Thing\n", f"Big [{written} pts]: Thing\n"):
        assert read_text(text).units[0].points == 1200

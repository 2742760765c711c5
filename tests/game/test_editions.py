"""Editions are data: each file's phase order, CP rule and morale kind follow its own seed."""

from __future__ import annotations

import ast
from importlib.resources import files
from pathlib import Path

import pytest

from bot.rules.editions import DATA_DIR, EDITIONS, all_editions, edition
from bot.rules.errors import InvalidProfile

ROOT = Path(__file__).resolve().parents[2]


def test_edition_files_are_package_data_of_the_data_package() -> None:
    # Found through importlib.resources, not this file's path, so an installed wheel finds them
    # too (tests/test_wheel.py); from the checkout that is the repository's data/editions.
    package_data = files("data") / "editions"
    assert package_data == DATA_DIR
    assert sorted(p.name for p in DATA_DIR.iterdir() if p.name.endswith(".json")) == sorted(
        f"{key}.json" for key in EDITIONS
    )


def test_every_edition_file_is_listed_and_loads() -> None:
    files = sorted(p.stem for p in (ROOT / "data" / "editions").glob("*.json"))
    assert files == sorted(EDITIONS)
    assert [e.key for e in all_editions()] == list(EDITIONS)


def test_9th_phase_order_follows_seed_000_turn_sequence() -> None:
    # seed 000, "The Turn Sequence": Command, Movement, Psychic, Shooting, Charge, Fight, Morale
    assert edition("9th").phase_keys == (
        "command", "movement", "psychic", "shooting", "charge", "fight", "morale",
    )  # fmt: skip


def test_10th_phase_order_follows_seed_003_with_battle_shock_in_command() -> None:
    ed = edition("10th")
    assert ed.phase_keys == ("command", "movement", "shooting", "charge", "fight")
    assert (ed.morale.kind, ed.morale.phase) == ("battle_shock", "command")
    assert any("Battle-shock" in line for line in ed.phase(0).checklist)


def test_7th_phase_order_follows_seed_001_turn_summary() -> None:
    # seed 001, "Turn Summary": start of turn, Movement, Psychic, Shooting, Assault, end of turn
    assert edition("7th").phase_keys == (
        "start", "movement", "psychic", "shooting", "assault", "end",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("key", "quoted"),
    [
        # seed 001: "1. The start of your turn. Resolve any rule described as happening at the
        # start of your turn." ... "always resolved before your Movement phase"
        ("start", ("start of your turn", "before your Movement phase")),
        # "2. Movement phase. Here, you move any of your units that are capable of doing so."
        ("movement", ("units that are capable of doing so",)),
        # "your psykers can invoke the power of the Warp"; FAQ: "rolls of 6 to nullify each Warp
        # Charge point"
        ("psychic", ("invoke the power of the Warp", "each 6 nullifies a Warp Charge point")),
        # "4. Shooting phase. You now shoot with any of your units that are capable of doing so."
        ("shooting", ("units that are capable of doing so",)),
        # "units may move into combat against enemy units in the Charge sub-phase and trade blows
        # with them in the Fight sub-phase. All units in close combat fight; ... both sides fight,
        # not just the side whose turn it is."
        ("assault", ("Charge sub-phase", "move into combat against enemy units",
                     "Fight sub-phase", "all units in close combat fight",
                     "not just the side whose turn it is")),
        # "6. The end of your turn." ... "always resolved after your Assault phase has finished"
        ("end", ("end of your turn", "after your Assault phase")),
    ],
)  # fmt: skip
def test_7th_checklists_quote_seed_001_turn_summary(key: str, quoted: tuple[str, ...]) -> None:
    ed = edition("7th")
    checklist = " ".join(ed.phase(ed.phase_keys.index(key)).checklist)
    for words in quoted:
        assert words in checklist, words


def test_7th_calls_a_round_a_game_turn_and_charges_into_base_contact() -> None:
    # seed 001: "One game turn therefore comprises two player turns – one for each player."
    ed = edition("7th")
    assert (ed.round_name, ed.engagement_range, ed.resolves_attacks) == ("Game turn", 0, False)
    assert ed.command_points is None and ed.morale.kind == "none"


@pytest.mark.parametrize(
    ("key", "psychic"),
    [("9th", "psychic_test"), ("eternum", "psychic_test"), ("10th", "psychic_test"),
     ("7th", "warp_charge")],
)  # fmt: skip
def test_how_each_editions_psykers_manifest(key: str, psychic: str) -> None:
    # 9th (seed 000): "roll 2D6" against the warp charge; 7th: Warp Charge dice from a pool.
    assert edition(key).psychic == psychic


def test_eternum_phase_order_follows_seed_004_with_morale_after_the_fight() -> None:
    # seed 004, "The Battle Round": six phases, Command to Fight; its rules then end with the
    # section "MORALE AND BATTLESHOCK" after "FIGHT PHASE" (empty: the 9th Morale test is used),
    # so Morale is a step once the fighting is done, where the units lost in the fight test too
    ed = edition("eternum")
    assert ed.phase_keys == (
        "command", "movement", "psychic", "shooting", "charge", "fight", "morale",
    )  # fmt: skip
    assert ed.morale.phase == "morale" and ed.phase(6).name == "Morale and Battleshock"


def test_eternum_borrows_9th_phases_and_adds_its_own_reserves() -> None:
    nine, eternum = edition("9th"), edition("eternum")
    assert eternum.phase(3) == nine.phase(3)  # Shooting as 9th
    assert any("3+" in line for line in eternum.phase(1).checklist)  # seed 004, Reserves


@pytest.mark.parametrize(
    ("key", "who", "requires"),
    [("9th", "active", "battle_forged"), ("eternum", "active", "battle_forged"),
     ("10th", "both", None)],
)  # fmt: skip
def test_command_points_rule_per_edition(key: str, who: str, requires: str | None) -> None:
    rule = edition(key).command_points
    assert rule is not None
    assert (rule.phase, rule.gain, rule.who, rule.requires) == ("command", 1, who, requires)


def test_battle_forged_is_an_option_on_by_default() -> None:
    assert edition("9th").options == {"battle_forged": True}


def test_7th_has_no_command_points_and_tracks_no_morale() -> None:
    ed = edition("7th")
    assert ed.command_points is None
    assert ed.morale.kind == "none"


@pytest.mark.parametrize(
    ("key", "psychic", "ruleset", "morale"),
    [("9th", True, "9th", "morale"), ("10th", False, "10th", "battle_shock"),
     ("7th", True, "9th", "none"), ("eternum", True, "9th", "morale")],
)  # fmt: skip
def test_psychic_phase_attack_ruleset_and_morale(
    key: str, psychic: bool, ruleset: str, morale: str
) -> None:
    ed = edition(key)
    assert (ed.has_psychic_phase, ed.attack_ruleset, ed.morale.kind) == (psychic, ruleset, morale)


@pytest.mark.parametrize("typed", ["9", "9th", "9th Edition", " 9TH "])
def test_edition_names_are_forgiving(typed: str) -> None:
    assert edition(typed).key == "9th"


def test_unknown_edition_says_which_exist() -> None:
    with pytest.raises(InvalidProfile, match="choose 9th, 10th, 7th, eternum"):
        edition("8th")


def test_editions_are_cached() -> None:
    assert edition("10th") is edition("10")


def test_game_code_never_asks_which_edition_it_is() -> None:
    """No `if edition == "9th"`: edition names never appear as literals in bot/game."""
    for path in (ROOT / "bot" / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                assert node.value.lower() not in EDITIONS, f"{path.name}: {node.value!r}"

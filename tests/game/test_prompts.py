"""Phase prompts: the edition's checklist and the units the phase concerns, with the reason."""

from __future__ import annotations

import pytest

from bot.game import damage, move_unit, phase_prompt, score_vp, undo
from bot.game.checks import UnitNote
from bot.rules.errors import IllegalAction
from tests.game.conftest import ALICE, BOB, Table


@pytest.fixture
def ninth(table: Table) -> Table:
    table.start("9th")
    table.unit(ALICE, "Intercessors", models=5, wounds=2)
    table.unit(ALICE, "Librarian", wounds=5, keywords=["psyker", "character"])
    table.unit(ALICE, "Knight", wounds=24, keywords=["titanic", "vehicle"])
    table.unit(BOB, "Boyz", models=10)
    table.unit(BOB, "Weirdboy", wounds=4, keywords=["psyker"])
    return table


def reasons(table: Table) -> dict[str, str]:
    return {n.unit: n.reason for n in phase_prompt(table.state).units}


def test_prompt_names_round_player_phase_and_checklist(ninth: Table) -> None:
    prompt = phase_prompt(ninth.state)
    assert (prompt.round, prompt.player, prompt.phase, prompt.phase_name) == (
        1, ALICE, "command", "Command phase",
    )  # fmt: skip
    assert prompt.checklist == ninth.state.edition.phase(0).checklist  # type: ignore[union-attr]
    assert prompt.seq == ninth.state.phase_seq


def test_prompt_stays_current_while_units_change_within_the_phase(table: Table) -> None:
    table.start()
    before = phase_prompt(table.state).seq
    table.unit(ALICE, "Intercessors", models=5)
    assert phase_prompt(table.state).seq == before


def test_advancing_makes_the_older_prompt_stale_and_undo_makes_it_current_again(
    table: Table,
) -> None:
    table.start()
    first = phase_prompt(table.state).seq
    table.next()
    assert phase_prompt(table.state).seq != first
    table.do(undo)
    assert phase_prompt(table.state).seq == first


def test_morale_prompt_lists_units_that_lost_models_this_turn(ninth: Table) -> None:
    # seed 000, Morale Tests: units of both players that had models destroyed this turn
    ninth.goto("shooting")
    ninth.do(damage, "Boyz", [1, 1, 1])
    ninth.goto("fight")
    ninth.do(damage, "Intercessors", [2])
    ninth.goto("morale")
    notes = phase_prompt(ninth.state).units
    assert [(n.unit, n.owner) for n in notes] == [("Intercessors", ALICE), ("Boyz", BOB)]
    assert reasons(ninth)["Boyz"].startswith("lost 3 this turn: Morale test, D6 + 3")


def test_units_wounded_but_not_reduced_need_no_morale_test(ninth: Table) -> None:
    ninth.goto("shooting")
    ninth.do(damage, "Intercessors", [1])
    ninth.goto("morale")
    assert phase_prompt(ninth.state).units == ()


def not_eligible(table: Table) -> dict[str, str]:
    return {n.unit: n.reason for n in phase_prompt(table.state).not_eligible}


def test_shooting_prompt_lists_advanced_and_fell_back_units(ninth: Table) -> None:
    # seed 000: Advanced → Assault weapons only at -1; Fell Back → no shooting unless TITANIC
    ninth.goto("movement")
    ninth.do(move_unit, "Intercessors", "advance", roll=3)
    ninth.do(move_unit, "Librarian", "fall_back")
    ninth.do(move_unit, "Knight", "fall_back")
    ninth.goto("shooting")
    prompt = phase_prompt(ninth.state)
    assert {n.unit: n.reason for n in prompt.eligible} == {
        "Intercessors": "Advanced: Assault weapons only, at -1 to hit",
        "Knight": "",
    }
    assert not_eligible(ninth) == {"Librarian": "Fell Back: cannot shoot unless TITANIC"}
    assert prompt.units == ()  # the lists above say it all


def test_psychic_prompt_lists_psykers_that_fell_back(ninth: Table) -> None:
    ninth.goto("movement")
    ninth.do(move_unit, "Librarian", "fall_back")
    ninth.do(move_unit, "Intercessors", "fall_back")
    ninth.goto("psychic")
    assert not_eligible(ninth) == {"Librarian": "Fell Back: cannot manifest powers this turn"}
    assert phase_prompt(ninth.state).idle == "no unit can manifest powers"


def test_charge_prompt_lists_units_that_advanced_or_fell_back(ninth: Table) -> None:
    ninth.goto("movement")
    ninth.do(move_unit, "Intercessors", "advance", roll=1)
    ninth.do(move_unit, "Knight", "fall_back")
    ninth.goto("charge")
    assert set(not_eligible(ninth)) == {"Intercessors", "Knight"}
    assert [n.unit for n in phase_prompt(ninth.state).eligible] == ["Librarian"]


def test_the_opponents_moves_do_not_show_in_my_prompt(ninth: Table) -> None:
    ninth.goto("movement", BOB)
    ninth.do(move_unit, "Weirdboy", "fall_back")
    ninth.goto("shooting")
    assert not_eligible(ninth) == {"Weirdboy": "Fell Back: cannot shoot unless TITANIC"}
    ninth.goto("shooting", ALICE)
    assert not_eligible(ninth) == {}


def test_10th_command_prompt_lists_units_below_half_strength(table: Table) -> None:
    # seed 003, Battle-shock: each unit of yours on the battlefield that is Below Half-strength
    table.start("10th")
    table.unit(ALICE, "Guardsmen", models=10)
    table.unit(ALICE, "Tank", wounds=12)
    table.unit(BOB, "Gaunts", models=10)
    table.goto("shooting", BOB)
    table.do(damage, "Guardsmen", [1] * 6)
    table.do(damage, "Tank", [7])
    table.do(damage, "Gaunts", [1] * 6)  # Bob's own unit: tested in Bob's Command phase
    table.goto("command", ALICE)
    assert reasons(table) == {
        "Guardsmen": "below half-strength (4/10 models): Battle-shock test, 2D6 against Ld",
        "Tank": "below half-strength (1/1 models): Battle-shock test, 2D6 against Ld",
    }


def test_eternum_reminds_morale_after_the_fight_phase(table: Table) -> None:
    table.start("eternum")
    table.unit(BOB, "Cultists", models=10)
    table.goto("shooting")
    table.do(damage, "Cultists", [1, 1])
    table.goto("fight")
    assert "Cultists" not in reasons(table)  # seed 004: Morale and Battleshock after the Fight
    table.goto("morale")
    assert "lost 2 this turn" in reasons(table)["Cultists"]


def test_7th_prompts_list_no_units(table: Table) -> None:
    table.start("7th")
    table.unit(BOB, "Orks", models=10)
    table.goto("shooting")
    table.do(damage, "Orks", [1, 1])
    for _ in range(3):
        table.next()
        assert phase_prompt(table.state).units == ()


def test_destroyed_units_are_not_listed(ninth: Table) -> None:
    ninth.goto("shooting")
    ninth.do(damage, "Weirdboy", [4])
    ninth.goto("morale")
    assert reasons(ninth) == {}


def test_no_prompt_before_the_first_turn(table: Table) -> None:
    table.start(first=None)
    with pytest.raises(IllegalAction):
        phase_prompt(table.state)


def test_unit_note_is_plain_data() -> None:
    assert UnitNote("A", 1, "why").blocks is None


def test_the_checklist_is_shown_in_full_only_in_the_games_first_player_turn(table: Table) -> None:
    table.start("10th", first=BOB)
    assert phase_prompt(table.state).full_checklist
    table.goto("fight")
    assert phase_prompt(table.state).full_checklist
    table.goto("command", ALICE)
    prompt = phase_prompt(table.state)
    assert not prompt.full_checklist and prompt.checklist  # kept, for whoever wants it


def test_7th_counts_game_turns(table: Table) -> None:
    # seed 001: "In a complete game turn, each player gets a player turn"
    table.start("7th")
    assert phase_prompt(table.state).round_name == "Game turn"
    assert phase_prompt(Table().start("9th").state).round_name == "Battle round"


def test_this_turn_folds_in_moves_casualties_and_vp_until_the_turn_ends(ninth: Table) -> None:
    ninth.goto("movement")
    ninth.do(move_unit, "Intercessors", "advance", roll=4)
    ninth.do(move_unit, "Knight", "stationary")
    ninth.do(damage, "Boyz", [1, 1])
    ninth.do(damage, "Weirdboy", [4])
    ninth.do(score_vp, ALICE, 5)
    ninth.do(score_vp, BOB, 2, actor=BOB)
    ninth.do(score_vp, BOB, -2, actor=BOB)  # a correction
    prompt = phase_prompt(ninth.state)
    assert prompt.this_turn == (
        ("Advanced", ('Intercessors +4"',)),
        ("Remained Stationary", ("Knight",)),
        ("Casualties", ("Boyz −2", "Weirdboy destroyed")),
    )
    assert prompt.turn_vp == {ALICE: 5}
    ninth.goto("command", BOB)
    prompt = phase_prompt(ninth.state)
    assert (prompt.this_turn, prompt.turn_vp) == ((), {})


def test_undo_takes_vp_out_of_this_turn(ninth: Table) -> None:
    ninth.do(score_vp, ALICE, 3)
    ninth.do(undo)
    assert phase_prompt(ninth.state).turn_vp == {}


def test_a_morale_phase_with_no_losses_has_nothing_to_do(ninth: Table) -> None:
    # seed 000, Morale Tests: only units that had models destroyed this turn test
    ninth.goto("morale")
    assert phase_prompt(ninth.state).idle == "no unit lost models this turn"

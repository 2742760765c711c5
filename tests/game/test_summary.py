"""The round summary: CP and VP per player, casualties, destroyed units and notable rolls."""

from __future__ import annotations

from bot.game import damage, round_summary, score_vp, spend_cp, undo
from bot.game.events import DiceRolled
from bot.game.summary import BiggestAttack
from tests.game.conftest import ALICE, BOB, Table


def play_round_one(table: Table) -> Table:
    table.start("9th", starting_cp=3)
    table.unit(ALICE, "Terminators", models=5, wounds=3)
    table.unit(BOB, "Boyz", models=10)
    table.unit(BOB, "Nob", wounds=3)
    table.goto("shooting")
    table.do(damage, "Boyz", [1, 1], source="Storm bolters")
    table.do(spend_cp, ALICE, 1, "Fire Overwatch")
    table.do(damage, "Boyz", [1] * 5, source="Assault cannon")
    table.do(damage, "Nob", [3], source="Lascannon")
    table.append(
        [DiceRolled(label="Charge", expression="2D6", dice=(6, 6), total=12, notable=True)]
    )
    table.append([DiceRolled(label="Advance", expression="D6", dice=(2,), total=2)])
    table.do(score_vp, ALICE, 5, "Hold objectives")
    table.goto("morale").next().goto("morale").next()  # round 2 has begun
    table.do(score_vp, ALICE, 10, "round 2")
    return table


def test_round_summary_counts_cp_vp_and_casualties(table: Table) -> None:
    summary = round_summary(play_round_one(table).log, 1)
    assert summary.cp == {ALICE: 3, BOB: 4}
    assert (summary.cp_gained, summary.cp_spent) == ({ALICE: 1, BOB: 1}, {ALICE: 1})
    assert (summary.vp, summary.vp_scored) == ({ALICE: 5, BOB: 0}, {ALICE: 5})
    assert summary.casualties == {"Boyz": 7, "Nob": 1}
    assert summary.destroyed == ("Nob",)


def test_round_summary_names_the_biggest_attack_and_notable_rolls(table: Table) -> None:
    summary = round_summary(play_round_one(table).log, 1)
    assert summary.biggest is not None
    assert (summary.biggest.unit, summary.biggest.source) == ("Boyz", "Assault cannon")
    assert summary.biggest.models_destroyed == 5
    assert [r.label for r in summary.notable] == ["Charge"]


def test_events_of_the_next_round_are_not_counted(table: Table) -> None:
    play_round_one(table)
    assert round_summary(table.log, 2).vp_scored == {ALICE: 10}


def test_undone_actions_are_left_out_of_the_summary(table: Table) -> None:
    table.start("9th")
    table.unit(BOB, "Boyz", models=10)
    table.goto("shooting")
    table.do(damage, "Boyz", [1] * 9, source="Oops")
    table.do(undo)
    table.do(damage, "Boyz", [1], source="Bolter")
    summary = round_summary(table.log, 1)
    assert summary.casualties == {"Boyz": 1}
    assert summary.biggest == BiggestAttack("Boyz", "Bolter", 1, len(table.log))


def test_starting_cp_is_not_a_gain_of_round_one(table: Table) -> None:
    """A Strike Force game (12 CP each) shows round 1 as started with 12, +1 CP: seed 000, "If
    your army is Battle-forged, then at the start of your Command phase … you gain 1 Command
    point (CP)" is the round's only gain, for each player in their own turn."""
    table.start("9th", battle_size="Strike Force")
    table.goto("morale").next().goto("morale").next()  # round 2 has begun
    first = round_summary(table.log, 1)
    assert (first.starting_cp, first.cp_gained) == ({ALICE: 12, BOB: 12}, {ALICE: 1, BOB: 1})
    assert first.cp == {ALICE: 13, BOB: 13}
    assert round_summary(table.log, 2).starting_cp == {}


def test_the_summary_knows_an_edition_without_command_points(table: Table) -> None:
    assert round_summary(table.start("7th").log, 1).has_cp is False
    assert round_summary(Table().start("9th").log, 1).has_cp is True

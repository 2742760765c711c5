"""The report a finished game gives its campaign: fielded roster units, losses and kills."""

from __future__ import annotations

from bot.game import add_unit, damage, heal, profile, undo
from bot.game.report import battle_report
from tests.game.conftest import ALICE, BOB, Table


def _armies() -> Table:
    table = Table().start("10th")
    table.do(add_unit, ALICE, profile(name="Sternguard", models=5), card=True)
    table.do(add_unit, ALICE, profile(name="Allies", models=5))  # not from the roster
    table.do(add_unit, BOB, profile(name="Boyz", models=3), card=True, actor=BOB)
    table.do(add_unit, BOB, profile(name="Grots", models=2), card=True, actor=BOB)
    return table


def test_fielded_roster_units_per_player_and_not_the_others() -> None:
    report = battle_report(_armies().state, _armies().log)
    assert report.fielded == {ALICE: ("Sternguard",), BOB: ("Boyz", "Grots")}
    assert report.destroyed == ()
    assert report.kills == {}


def test_a_unit_destroyed_by_a_roster_unit_is_its_kill() -> None:
    table = _armies()
    table.do(damage, "Boyz", [1, 1, 1], attacker="Sternguard")
    table.do(damage, "Grots", [1, 1], attacker="Allies")  # not a roster unit: no kill counted
    report = battle_report(table.state, table.log)
    assert report.destroyed == ("Boyz", "Grots")
    assert report.kills == {"Sternguard": 1}


def test_an_undone_kill_does_not_count() -> None:
    table = _armies()
    table.do(damage, "Boyz", [1, 1, 1], attacker="Sternguard")
    table.do(undo)
    report = battle_report(table.state, table.log)
    assert report.kills == {}
    assert report.destroyed == ()


def test_a_unit_healed_back_is_not_destroyed_nor_a_kill() -> None:
    table = _armies()
    table.do(damage, "Grots", [1, 1], attacker="Sternguard")
    table.do(heal, "Grots", models=1)
    report = battle_report(table.state, table.log)
    assert report.destroyed == ()
    assert report.kills == {}

"""Psychic powers in a game (seed 000, Psychic phase; seed 002, Smite)."""

from __future__ import annotations

import pytest

from bot.errors import NotAllowed
from bot.game import move_unit, undo
from bot.game.psychic import attempt, may_manifest
from bot.rules.errors import IllegalAction
from tests.game.conftest import ALICE, BOB, Table


@pytest.fixture
def psykers(table: Table) -> Table:
    table.start("9th")
    table.unit(ALICE, "Librarian", wounds=5, keywords=["psyker"])
    table.unit(ALICE, "Epistolary", wounds=5, keywords=["psyker"])
    table.unit(ALICE, "Psyker Titan", wounds=30, keywords=["psyker", "titanic"])
    table.unit(BOB, "Weirdboy", wounds=4, keywords=["psyker"])
    table.unit(BOB, "Boyz", models=10)
    return table.next(2)  # Alice's Psychic phase


def _try(table: Table, unit: str, power: str, actor: int = ALICE, **kw: object) -> None:
    table.do(attempt, unit, power, actor, total=8, passed=True, actor=actor, **kw)  # type: ignore[arg-type]


def test_each_psyker_attempts_smite_at_most_once_per_battle_round(psykers: Table) -> None:
    _try(psykers, "Librarian", "Smite")
    with pytest.raises(IllegalAction, match="Librarian already attempted Smite this battle round"):
        may_manifest(psykers.state, "Librarian", "smite", ALICE)
    assert may_manifest(psykers.state, "Epistolary", "Smite", ALICE).unit.name == "Epistolary"


def test_any_other_power_at_most_once_per_battle_round_across_the_army(psykers: Table) -> None:
    _try(psykers, "Librarian", "Null Zone")
    with pytest.raises(IllegalAction, match=r"(?i)your army already attempted null zone"):
        may_manifest(psykers.state, "Epistolary", "null zone", ALICE)


def test_the_opposing_army_may_attempt_the_same_power(psykers: Table) -> None:
    _try(psykers, "Librarian", "Null Zone")
    assert may_manifest(psykers.state, "Weirdboy", "Null Zone", BOB).power == "Null Zone"


def test_limits_reset_when_the_battle_round_ends(psykers: Table) -> None:
    _try(psykers, "Librarian", "Smite")
    psykers.next(5 + 7)  # the rest of Alice's turn, all of Bob's: round 2, Alice's Command
    assert psykers.state.round == 2
    assert may_manifest(psykers.state, "Librarian", "Smite", ALICE).earlier_smites == 0


def test_smite_warp_charge_rises_for_each_earlier_smite_by_that_army_this_phase(
    psykers: Table,
) -> None:
    assert may_manifest(psykers.state, "Librarian", "Smite", ALICE).earlier_smites == 0
    _try(psykers, "Librarian", "Smite")
    _try(psykers, "Epistolary", "Smite")
    assert may_manifest(psykers.state, "Psyker Titan", "Smite", ALICE).earlier_smites == 2
    assert may_manifest(psykers.state, "Weirdboy", "Smite", BOB).earlier_smites == 0


def test_a_psyker_that_fell_back_cannot_manifest_unless_titanic(table: Table) -> None:
    table.start("9th")
    table.unit(ALICE, "Librarian", wounds=5, keywords=["psyker"])
    table.unit(ALICE, "Psyker Titan", wounds=30, keywords=["psyker", "titanic"])
    table.unit(BOB, "Boyz", models=10)
    table.next()  # Movement
    table.do(move_unit, "Librarian", "fall_back")
    table.do(move_unit, "Psyker Titan", "fall_back")
    table.next()  # Psychic
    with pytest.raises(IllegalAction, match="Librarian Fell Back this turn"):
        may_manifest(table.state, "Librarian", "Smite", ALICE)
    assert may_manifest(table.state, "Psyker Titan", "Smite", ALICE).warning is None


def test_manifesting_outside_the_psychic_phase_is_allowed_with_a_warning(psykers: Table) -> None:
    psykers.next()  # Shooting
    allowed = may_manifest(psykers.state, "Librarian", "Smite", ALICE)
    assert allowed.warning is not None
    assert "Shooting phase" in allowed.warning
    assert "Psychic phase" in allowed.warning


def test_only_the_psykers_owner_manifests_with_it(psykers: Table) -> None:
    with pytest.raises(NotAllowed, match="only they manifest with it"):
        may_manifest(psykers.state, "Librarian", "Smite", BOB)


def test_tenth_edition_has_no_psychic_tests(table: Table) -> None:
    table.start("10th")
    table.unit(ALICE, "Librarian", wounds=5)
    with pytest.raises(IllegalAction, match="no Psychic phase"):
        may_manifest(table.state, "Librarian", "Smite", ALICE)


def test_smite_targets_an_enemy_unit(psykers: Table) -> None:
    with pytest.raises(IllegalAction, match="pick an enemy unit"):
        _try(psykers, "Librarian", "Smite", target="Epistolary")
    _try(psykers, "Librarian", "Smite", target="boyz", mortal_wounds=3)
    assert psykers.log[-1].event.target == "Boyz"  # type: ignore[union-attr]


def test_undoing_an_attempt_lets_the_psyker_try_again(psykers: Table) -> None:
    _try(psykers, "Librarian", "Smite")
    psykers.do(undo)
    assert may_manifest(psykers.state, "Librarian", "Smite", ALICE).earlier_smites == 0

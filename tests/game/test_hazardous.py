"""Hazardous (bot/rules/hazardous.py, bot/game/hazardous.py). The seeds are silent; the 10th Core
Rules (June 2023 launch wording) are followed: "After a unit shoots or fights, one Hazardous test
for each Hazardous weapon used (roll one D6): on a 1, a model equipped with it is destroyed, or,
if it is a CHARACTER, MONSTER or VEHICLE, it suffers 3 mortal wounds instead."
"""

from __future__ import annotations

from typing import Any

from bot.game import damage, undo, weapon
from bot.game.events import DamageApplied, chain
from bot.game.hazardous import applied, hazard_events
from bot.rules.abilities import Abilities, parse_abilities
from bot.rules.dice import ScriptedDice
from bot.rules.hazardous import Hazard, count_tests, roll_tests, suffers_mortal_wounds
from bot.rules.notation import parse
from bot.rules.profiles import Weapon
from bot.rules.rulesets import TENTH
from tests.game.conftest import ALICE, BOB, Table

PLASMA = weapon(name="Plasma exterminator", range='18"', abilities="hazardous")


def rules_weapon(abilities: str, attackers: int = 1) -> Weapon:
    return Weapon(
        attacks=parse("1"), skill=3, strength=8, ap=-3, damage=parse("2"),
        abilities=Abilities(flags=frozenset(a for a in abilities.split(", ") if a)),
        attackers=attackers,
    )  # fmt: skip


def game(**inceptors: Any) -> Table:
    """Alice's three Plasma Inceptors (W2, INFANTRY) in her Shooting phase, and Bob's Boyz."""
    fields: dict[str, Any] = {"models": 3, "wounds": 2, "keywords": ("INFANTRY",)}
    table = Table().start("10th")
    table.unit(ALICE, "Plasma Inceptors", weapons=(PLASMA,), **{**fields, **inceptors})
    table.unit(BOB, "Boyz", models=10)
    return table.goto("shooting", ALICE)


def test_hazardous_one_test_for_each_hazardous_weapon_used() -> None:
    """ "one Hazardous test for each Hazardous weapon used": three bearers fired, three tests;
    a Grenade is thrown by one model, so one test; a weapon that is not Hazardous, none."""
    weapons = [
        rules_weapon("hazardous", 3),
        rules_weapon("", 5),
        rules_weapon("hazardous, grenade", 4),
    ]
    assert count_tests(weapons) == 4
    dice = ScriptedDice([1, 4, 6, 1])
    assert roll_tests(weapons, dice) == Hazard((1, 4, 6, 1))
    assert dice.remaining == 0
    assert roll_tests([rules_weapon("", 5)], ScriptedDice([])) is None


def test_hazardous_is_a_10th_edition_weapon_ability() -> None:
    assert parse_abilities("hazardous", TENTH).has("hazardous")


def test_hazardous_fails_on_a_1() -> None:
    """ "(roll one D6): on a 1" — only a 1 fails."""
    assert Hazard((1, 2, 6, 1)).failed == 2
    assert Hazard((2, 3, 4, 5, 6)).failed == 0


def test_hazardous_character_monster_or_vehicle_suffers_mortal_wounds() -> None:
    """ "if it is a CHARACTER, MONSTER or VEHICLE, it suffers 3 mortal wounds instead"."""
    assert suffers_mortal_wounds(("VEHICLE", "WALKER"))
    assert suffers_mortal_wounds(("infantry", "character"))
    assert suffers_mortal_wounds(("MONSTER",))
    assert not suffers_mortal_wounds(("INFANTRY", "FLY"))


def test_hazardous_failed_test_destroys_an_infantry_bearer() -> None:
    """ "on a 1, a model equipped with it is destroyed"."""
    table = game()
    [hit] = table.do(hazard_events, "Plasma Inceptors", Hazard((1, 4, 6)))
    assert isinstance(hit, DamageApplied) and not hit.mortal and hit.source == "Hazardous"
    assert hit.attacker is None  # nobody is credited with a kill
    unit = table.state.unit("Plasma Inceptors")
    assert unit is not None and (unit.alive, unit.wounds_left) == (2, 2)


def test_hazardous_destroys_the_damaged_bearer_first() -> None:
    """A destroyed bearer is the already wounded model (seed 000: "if a model in the unit has
    already lost any wounds ... the damage must be allocated to that model"): one model with 1 W
    left and two whole ones, two failed tests leave one whole model."""
    table = game()
    table.do(damage, "Plasma Inceptors", [1])
    table.do(hazard_events, "Plasma Inceptors", Hazard((1, 1, 5)))
    unit = table.state.unit("Plasma Inceptors")
    assert unit is not None and (unit.alive, unit.wounds_left) == (1, 2)


def test_hazardous_vehicle_suffers_3_mortal_wounds_per_failed_test() -> None:
    """ "if it is a CHARACTER, MONSTER or VEHICLE, it suffers 3 mortal wounds instead"."""
    table = game(models=1, wounds=12, keywords=("VEHICLE",))
    [hit] = table.do(hazard_events, "Plasma Inceptors", Hazard((1, 1)))
    assert isinstance(hit, DamageApplied) and hit.mortal and hit.damage == 6
    unit = table.state.unit("Plasma Inceptors")
    assert unit is not None and (unit.alive, unit.wounds_left) == (1, 6)


def test_hazardous_character_suffers_3_mortal_wounds() -> None:
    """A CHARACTER: 3 mortal wounds, which spill over like any mortal wounds (seed 000)."""
    table = game(models=2, wounds=2, keywords=("INFANTRY", "CHARACTER"))
    table.do(hazard_events, "Plasma Inceptors", Hazard((1,)))
    unit = table.state.unit("Plasma Inceptors")
    assert unit is not None and (unit.alive, unit.wounds_left) == (1, 1)


def test_hazardous_can_destroy_the_unit_that_fired() -> None:
    """The last bearer failing its test: the unit is destroyed, and shown so."""
    table = game(models=1)
    before = table.state.unit("Plasma Inceptors")
    table.do(hazard_events, "Plasma Inceptors", Hazard((1,)))
    after = table.state.unit("Plasma Inceptors")
    assert before is not None and after is not None and after.destroyed
    outcome = applied(Hazard((1,)), before, after)
    assert outcome.models_destroyed == 1 and outcome.after is not None and outcome.after.destroyed


def test_hazardous_passed_tests_change_nothing() -> None:
    table = game()
    assert hazard_events(table.state, "Plasma Inceptors", Hazard((2, 3, 6))) == []


def test_hazardous_is_undone_with_the_attack_it_followed() -> None:
    """The attack's damage and the Hazardous damage are one action: one undo takes back both."""
    table = game()
    [shot] = damage(table.state, "Boyz", [1, 1], source="Plasma exterminator")
    hazard = hazard_events(table.state, "Plasma Inceptors", Hazard((1, 2, 3)))
    table.append(chain(shot, *hazard))
    assert table.state.unit("Boyz").alive == 8  # type: ignore[union-attr]
    table.do(undo)
    boyz, inceptors = table.state.unit("Boyz"), table.state.unit("Plasma Inceptors")
    assert boyz is not None and inceptors is not None
    assert (boyz.alive, inceptors.alive) == (10, 3)

"""One Shot (10th Core Rules; the seeds are silent): "The bearer can only shoot with this weapon
once per battle." A tracked unit's One Shot weapon, once fired, is spent (`WeaponSpent`) for the
rest of the battle: the phase no longer preselects it, the offered list marks it spent, and firing
it again is warned about (bot/game/arsenal.py, bot/game/attack_checks.py, bot/game/hazardous.py).
Also Extra Attacks (10th Core: "the bearer can attack with this weapon in addition to any other
weapons it can make attacks with"): every melee weapon stays preselected in the Fight phase."""

from __future__ import annotations

from bot.game import Unit, undo, weapon
from bot.game.arsenal import SPENT, armed, arsenal, offered_kind
from bot.game.attack_checks import problems
from bot.game.events import WeaponSpent
from bot.game.hazardous import spent_events
from bot.rules.rulesets import TENTH
from tests.game.conftest import ALICE, BOB, Table

MISSILE = weapon(name="Hunter-killer missile", range='48"', strength="14", abilities="one shot")
CANNON = weapon(name="Twin lascannon", range='48"', strength="12", abilities="twin-linked")
FISTS = weapon(name="Armoured hull", range="Melee", attacks="3")
SPENT_WARNING = "Hunter-killer missile has One Shot and was fired already this battle."


def game() -> Table:
    """Alice's Predator (a One Shot missile, a lascannon) in her Shooting phase; Bob's Boyz."""
    table = Table().start("10th")
    table.unit(ALICE, "Predator", keywords=("VEHICLE",), weapons=(MISSILE, CANNON, FISTS))
    table.unit(BOB, "Boyz", models=10)
    return table.goto("shooting", ALICE)


def predator(table: Table) -> Unit:
    found = table.state.unit("Predator")
    assert found is not None
    return found


def fire_missile(table: Table) -> None:
    table.append(spent_events(predator(table), armed(predator(table))[:2]))


def test_one_shot_unspent_is_preselected_and_not_warned() -> None:
    table = game()
    unit = predator(table)
    assert arsenal(unit, "shooting").default == (0, 1)
    assert problems(table.state, unit, armed(unit)[:1], TENTH) == ()


def test_one_shot_fired_is_recorded_spent_once() -> None:
    """ "once per battle": firing it spends it; firing it again records nothing more."""
    table = game()
    [event] = spent_events(predator(table), armed(predator(table)))
    assert event == WeaponSpent(unit="Predator", weapon="Hunter-killer missile")
    fire_missile(table)
    assert predator(table).spent == frozenset({"hunter-killer missile"})
    assert spent_events(predator(table), armed(predator(table))) == []


def test_one_shot_spent_is_not_preselected_but_offered_marked_spent() -> None:
    """ "The bearer can only shoot with this weapon once per battle": not chosen for it again."""
    table = game()
    fire_missile(table)
    unit = predator(table)
    offer = arsenal(unit, "shooting")
    assert offer.default == (1,) and offer.choice
    assert [offered_kind(unit, a) for a in offer.offered] == [SPENT, "ranged"]


def test_one_shot_spent_is_warned_when_fired_again() -> None:
    table = game()
    fire_missile(table)
    unit = predator(table)
    assert problems(table.state, unit, armed(unit)[:1], TENTH) == (SPENT_WARNING,)
    assert problems(table.state, unit, armed(unit)[1:2], TENTH) == ()


def test_one_shot_still_spent_next_turn_and_next_round() -> None:
    """ "once per battle", not once per turn: new turns keep it spent."""
    table = game()
    fire_missile(table)
    table.goto("shooting", BOB).goto("shooting", ALICE)
    assert table.state.round == 2
    assert predator(table).spent == frozenset({"hunter-killer missile"})
    assert arsenal(predator(table), "shooting").default == (1,)


def test_one_shot_spent_is_undone_with_undo() -> None:
    table = game()
    fire_missile(table)
    table.do(undo)
    assert predator(table).spent == frozenset()
    assert arsenal(predator(table), "shooting").default == (0, 1)


def test_one_shot_only_weapon_left_is_still_the_default_and_warned() -> None:
    """A unit whose only ranged weapon is spent still has it chosen, with the warning."""
    table = Table().start("10th")
    table.unit(ALICE, "Razorback", keywords=("VEHICLE",), weapons=(MISSILE,))
    table.goto("shooting", ALICE)
    razorback = table.state.unit("Razorback")
    assert razorback is not None
    table.append(spent_events(razorback, armed(razorback)))
    razorback = table.state.unit("Razorback")
    assert razorback is not None
    offer = arsenal(razorback, "shooting")
    assert offer.default == (0,) and not offer.choice
    assert problems(table.state, razorback, armed(razorback), TENTH) == (SPENT_WARNING,)


def test_extra_attacks_weapons_stay_preselected_in_the_fight_phase() -> None:
    """Extra Attacks: "the bearer can attack with this weapon in addition to any other weapons
    it can make attacks with", so the Fight phase preselects it with the other melee weapons."""
    table = Table().start("10th")
    claws = weapon(name="Scything talons", range="Melee", abilities="extra attacks")
    table.unit(ALICE, "Carnifex", keywords=("MONSTER",), weapons=(FISTS, claws, MISSILE))
    table.goto("fight", ALICE)
    carnifex = table.state.unit("Carnifex")
    assert carnifex is not None
    offer = arsenal(carnifex, "fight")
    assert offer.default == (0, 1) and [a.name for a in offer.offered] == [
        "Armoured hull",
        "Scything talons",
    ]

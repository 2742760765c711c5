"""The dice resolver against a Bodyguard unit with its attached Leader, with stated faces.

10th Core Rules, Leader (Attached units): "each time an attack targets an Attached unit, until the
attacking unit has resolved all of its attacks, you must use the Toughness characteristic of the
Bodyguard models in that unit"; attacks cannot be allocated to CHARACTER models of an Attached unit
while it has Bodyguard models. 10th Core, Precision: "each time an attack made with this weapon
targets an Attached unit, if a CHARACTER model in that unit is visible to the attacking model, the
attacking model's player can choose to have that attack allocated to that CHARACTER model".
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from bot.rules.attack import AttackResult, DamageKind, resolve
from bot.rules.dice import ScriptedDice
from bot.rules.profiles import AttackSpec, Weapon, weapon_from_text
from bot.rules.rulesets import TENTH
from bot.rules.sequence import SaveKind
from bot.rules.targets import Part, Target
from tests.rules.test_odds_enumerated import enumerate_resolver


def _weapon(abilities: str = "", **kw: object) -> Weapon:
    options: dict[str, object] = {"attacks": "1", "skill": "3+", "strength": 4, "damage": "1"}
    options.update(kw)
    return weapon_from_text(TENTH, abilities=abilities, **options)  # type: ignore[arg-type]


def _target(leader: Part, **body: object) -> Target:
    options: dict[str, object] = {"toughness": 4, "save": 3, "wounds": 1, "models": 1}
    options.update(body)
    return Target(leader=leader, **options)  # type: ignore[arg-type]


def _run(faces: list[int], target: Target, *weapons: Weapon) -> AttackResult:
    dice = ScriptedDice(faces)
    result = resolve(AttackSpec(TENTH, weapons, target), dice)
    assert dice.remaining == 0, f"{dice.remaining} faces left over"
    return result


def test_leader_is_allocated_attacks_after_the_bodyguard_with_its_own_save() -> None:
    """Attacks cannot be allocated to the Leader while the unit has Bodyguard models: the first
    unsaved wound destroys the Bodyguard (Sv3+), the second meets the Leader's 4++."""
    target = _target(Part(save=5, wounds=3, invuln=4))
    # hits 4 4, wounds 4 4; save 1 (Bodyguard armour 3+) -> destroyed; save 3 (Leader 4++) fails
    r = _run([4, 4, 4, 4, 1, 3], target, _weapon(attacks="2", damage="2"))
    saves = r.weapons[0].saves
    assert [(s.part, s.kind, s.needed) for s in saves] == [
        (0, SaveKind.ARMOUR, 3),
        (1, SaveKind.INVULNERABLE, 4),
    ]
    assert [e.part for e in r.events] == [0, 1]
    assert (r.health_after, r.leader_after) == (0, 1)
    assert (r.models_destroyed, r.leader_destroyed, r.damage_dealt) == (1, 0, 3)
    assert r.allocation(0) == {1: 1} and r.allocation(1) == {1: 2}


def test_precision_allocates_to_the_leader_first_then_the_bodyguard() -> None:
    """Precision: the attack may be allocated to the CHARACTER model; once the Leader is
    destroyed the rest go to the Bodyguard."""
    target = _target(Part(save=4, wounds=1), models=2)
    weapon = _weapon("precision", attacks="2")
    # hits 4 4, wounds 4 4; Leader's save 3 (4+) fails -> Leader destroyed; Bodyguard's 2 (3+)
    r = _run([4, 4, 4, 4, 3, 2], target, weapon)
    assert [(s.part, s.needed) for s in r.weapons[0].saves] == [(1, 4), (0, 3)]
    assert [(e.part, e.destroyed) for e in r.events] == [(1, 1), (0, 1)]
    assert (r.leader_after, r.leader_destroyed, r.models_destroyed, r.models_left) == (0, 1, 2, 1)


def test_excess_damage_is_lost_at_the_boundary_between_bodyguard_and_leader() -> None:
    """Seed 000: excess damage from one attack is lost — it does not carry into the Leader."""
    target = _target(Part(save=4, wounds=4), wounds=2)
    r = _run([4, 4, 1], target, _weapon(damage="3"))
    [event] = r.events
    assert (event.part, event.amount, event.lost) == (0, 3, 2)
    assert (r.health_after, r.leader_after, r.damage_dealt) == (0, 4, 2)


def test_mortal_wounds_spill_from_the_bodyguard_into_the_leader_with_each_parts_fnp() -> None:
    """Seed 002: "apply them one wound at a time to the target unit"; excess damage from mortal
    wounds is not lost. The Bodyguard's feel-no-pain 6+ is rolled for its wounds, the Leader's
    5+ for the rest."""
    target = _target(Part(save=4, wounds=3, fnp=5), wounds=1, models=2, fnp=6)
    weapon = _weapon("devastating wounds (mortal)", damage="D6")
    # hit 4, wound 6 (critical: mortal), D6=5; Bodyguard FNP 6 (ignored), 2, 3 -> both dead;
    # Leader FNP 5 (ignored), 1 -> 1 lost
    r = _run([4, 6, 5, 6, 2, 3, 5, 1], target, weapon)
    first, spill = r.events
    assert first.kind is DamageKind.MORTAL and first.roll is not None
    assert (first.part, first.amount, first.lost, first.fnp) == (0, 5, 2, 6)
    assert spill.spilled and spill.roll is None
    assert (spill.part, spill.amount, spill.lost, spill.fnp) == (1, 2, 1, 5)
    assert (r.health_after, r.leader_after, r.damage_dealt) == (0, 2, 3)


def test_mortal_wounds_use_the_feel_no_pain_against_mortal_wounds_of_each_part() -> None:
    """`feel no pain 5+ vs mortal wounds`: the better of a part's FNP and its FNP against mortal
    wounds is rolled against each mortal wound (`Part.mortal_fnp`)."""
    target = _target(Part(save=4, wounds=2, fnp_mortal=4), fnp=6)
    weapon = _weapon("devastating wounds (mortal)", damage="3")
    # hit 4, wound 6 -> 3 mortal wounds: Bodyguard FNP 1 -> dead; Leader FNP 4 (ignored), 2
    r = _run([4, 6, 1, 4, 2], target, weapon)
    assert [(e.part, e.fnp, e.lost) for e in r.events] == [(0, 6, 1), (1, 4, 1)]


def test_devastating_wounds_go_to_the_bodyguard_then_the_leader_after_the_rest() -> None:
    """10th Core, Devastating Wounds: no saving throw; resolved (here) after every other attack,
    allocated as the unit's normal damage is."""
    target = _target(Part(save=4, wounds=2), wounds=1)
    weapon = _weapon("devastating wounds", attacks="2", damage="2")
    # hits 4 4; wounds 6 (waits), 4; save 1 -> Bodyguard dead; devastating: 2 on the Leader
    r = _run([4, 4, 6, 4, 1], target, weapon)
    assert [(e.kind, e.part) for e in r.events] == [
        (DamageKind.NORMAL, 0),
        (DamageKind.DEVASTATING, 1),
    ]
    assert (r.leader_after, r.models_destroyed) == (0, 2)


def test_a_wound_after_the_unit_is_destroyed_rolls_its_save_against_the_last_part() -> None:
    """Nothing more is applied to a destroyed unit, but its save is still rolled (and the wound
    counted unsaved when failed) against the part allocated last: the Leader."""
    target = _target(Part(save=5, wounds=1))
    r = _run([4, 4, 4, 4, 4, 4, 1, 1, 1], target, _weapon(attacks="3"))
    assert [s.part for s in r.weapons[0].saves] == [0, 1, 1]
    assert len(r.events) == 2 and r.unsaved == 3 and r.models_destroyed == 2


def test_toughness_is_the_bodyguards_for_every_wound_roll() -> None:
    """ "You must use the Toughness characteristic of the Bodyguard models": S4 into T4 wounds on
    4+, whether the wound ends up on the Leader or not."""
    target = _target(Part(save=None, wounds=1))
    weapon = replace(_weapon(attacks="2"), strength=4)
    # hits 4 4; wounds 4 (4+ is enough) and 3 (fails)
    r = _run([4, 4, 4, 3, 1], target, weapon)
    assert r.wounds == 1 and r.leader_after == 1


def test_hand_derived_chances_bodyguard_then_leader_and_with_precision() -> None:
    """Two automatic hits wounding on 2+ (S8 v the Bodyguard's T4) into one Bodyguard model (Sv4+)
    and its Leader (Sv2+), W1 each. A wound kills the Bodyguard with 5/6 x 1/2 = 5/12, the
    Leader with 5/6 x 1/6 = 5/36. Bodyguard first: P(both) = 5/12 x 5/36, P(none) = (7/12)^2.
    Precision, Leader first: P(both) = 5/36 x 5/12, P(none) = (31/36)^2."""
    target = Target(4, 4, leader=Part(save=2))
    weapon = replace(_weapon("torrent", attacks="2"), strength=8)
    destroyed = enumerate_resolver(AttackSpec(TENTH, (weapon,), target))[0][4]
    both, none = Fraction(5, 12) * Fraction(5, 36), Fraction(7, 12) ** 2
    assert destroyed == {0: none, 1: 1 - both - none, 2: both}
    sniper = replace(_weapon("torrent, precision", attacks="2"), strength=8)
    destroyed = enumerate_resolver(AttackSpec(TENTH, (sniper,), target))[0][4]
    none = Fraction(31, 36) ** 2
    assert destroyed == {0: none, 1: 1 - both - none, 2: both}

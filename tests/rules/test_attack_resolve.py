"""The dice resolver with stated faces: every stage kept, damage carried between weapons."""

from __future__ import annotations

from bot.rules.attack import AttackResult, DamageKind, resolve
from bot.rules.dice import ScriptedDice
from bot.rules.profiles import AttackSpec, Weapon, target_from_text, weapon_from_text
from bot.rules.rulesets import NINTH, TENTH, Ruleset
from bot.rules.sequence import SaveKind, Verdict


def _weapon(abilities: str = "", rules: Ruleset = TENTH, **kw: object) -> Weapon:
    options: dict[str, object] = {"attacks": "1", "skill": "3+", "strength": 4, "damage": "1"}
    options.update(kw)
    return weapon_from_text(rules, abilities=abilities, **options)  # type: ignore[arg-type]


def _run(
    faces: list[int], *weapons: Weapon, rules: Ruleset = TENTH, **target: object
) -> AttackResult:
    options: dict[str, object] = {"toughness": 4, "save": "4+"}
    options.update(target)
    dice = ScriptedDice(faces)
    result = resolve(AttackSpec(rules, weapons, target_from_text(**options)), dice)  # type: ignore[arg-type]
    assert dice.remaining == 0
    return result


def test_lethal_hits_critical_hit_wounds_automatically() -> None:
    # hits 6 (critical), 4; wound roll for the second hit only: 6 (devastating); save for lethal: 1
    r = _run([6, 4, 6, 1], _weapon("lethal hits, devastating wounds", attacks="2"), models=3)
    lethal = r.weapons[0].wound_rolls[0]
    assert lethal.die is None and lethal.verdict is Verdict.SUCCESS  # not a critical wound
    assert (r.hits, r.wounds, r.unsaved, r.models_destroyed) == (2, 2, 2, 2)
    assert len(r.devastating) == 1


def test_sustained_hits_extra_hits_roll_to_wound() -> None:
    r = _run([6, 4, 4, 1, 1, 6], _weapon("sustained hits 2"), models=2)
    assert r.weapons[0].hit_rolls[0].extra_hits == 2
    assert (r.hits, r.wounds, r.unsaved, r.models_destroyed) == (3, 2, 1, 1)


def test_excess_damage_from_one_attack_is_lost() -> None:
    r = _run([4, 4, 1], _weapon(damage="3"), wounds=2, models=2)
    assert (r.damage_dealt, r.models_destroyed, r.wounds_left) == (2, 1, 2)


def test_devastating_wounds_mortal_spill_over_to_the_next_model() -> None:
    r = _run([4, 6], _weapon("devastating wounds (mortal)", damage="3"), wounds=2, models=2)
    event = r.weapons[0].damage[0]
    assert event.kind is DamageKind.MORTAL and not r.weapons[0].saves
    assert (r.damage_dealt, r.models_destroyed, r.wounds_left) == (3, 1, 1)


def test_feel_no_pain_is_rolled_for_each_wound() -> None:
    r = _run([4, 4, 1, 5, 2], _weapon(damage="2"), wounds=3, fnp="5+")
    assert [d.value for d in r.weapons[0].damage[0].feel_no_pain] == [5, 2]
    assert r.damage_dealt == 1


def test_model_that_lost_wounds_takes_the_next_attack() -> None:
    faces = [4] * 4 + [4] * 4 + [1] * 4
    r = _run(faces, _weapon(attacks="4"), wounds=3, models=2)
    assert r.allocation() == {1: 3, 2: 1}
    assert (r.models_destroyed, r.wounds_left) == (1, 2)


def test_damaged_target_starts_with_wounds_left_on_one_model() -> None:
    r = _run([4, 4, 1], _weapon(damage="2"), wounds=3, models=2, wounds_left=1)
    assert (r.damage_dealt, r.models_destroyed, r.health_after) == (1, 1, 3)


def test_several_weapons_carry_the_wounded_model() -> None:
    r = _run([4, 4, 1, 4, 4, 1], _weapon(), _weapon(), wounds=2, models=2)
    assert r.weapons[1].damage[0].model == 1
    assert (r.models_destroyed, r.wounds_left) == (1, 2)


def test_devastating_wounds_current_are_resolved_after_the_other_attacks() -> None:
    # weapon 1: hit 4, wound 6 -> waits; weapon 2: hit 4, wound 4, save 1 -> model 1 loses 1;
    # then the devastating wound: 2 damage on a model with 1 wound left, excess lost.
    r = _run(
        [4, 6, 4, 4, 1], _weapon("devastating wounds", damage="2"), _weapon(), wounds=2, models=2
    )
    assert [e.kind for e in r.events] == [DamageKind.NORMAL, DamageKind.DEVASTATING]
    assert (r.health_after, r.models_destroyed) == (2, 1)


def test_reroll_keeps_the_first_face() -> None:
    r = _run([1, 5, 4], _weapon("reroll hits: 1s"), save="-")
    die = r.weapons[0].hit_rolls[0].die
    assert die is not None and (die.first, die.value) == (1, 5)
    assert r.weapons[0].saves[0].kind is SaveKind.NONE


def test_blast_makes_at_least_three_attacks_against_six_models_9th() -> None:
    r = _run([1, 1, 1, 1], _weapon("blast", NINTH, attacks="D6"), rules=NINTH, models=6)
    assert r.weapons[0].attacks == 3 and len(r.weapons[0].attack_rolls) == 1


def test_blast_adds_an_attack_per_five_models_10th() -> None:
    r = _run([1, 1, 1], _weapon("blast", attacks="1"), models=10)
    assert r.weapons[0].attacks == 3


def test_random_attacks_are_rolled_per_model() -> None:
    r = _run([6, 1] + [1] * 4, _weapon(attacks="D3", attackers=2))
    assert [a.total for a in r.weapons[0].attack_rolls] == [3, 1] and r.weapons[0].attacks == 4


def test_torrent_hits_automatically_without_a_roll() -> None:
    r = _run([1], _weapon("torrent", attacks="1"))
    assert r.weapons[0].hit_rolls[0].die is None and r.hits == 1 and r.wounds == 0


def test_minus_one_damage_never_below_one_and_melta_adds_in_half_range() -> None:
    r = _run([4, 4, 1], _weapon("-1 damage"), wounds=3)
    assert r.weapons[0].damage[0].amount == 1
    r = _run([4, 4, 1], _weapon("melta 2, half range", damage="1"), wounds=5)
    assert r.weapons[0].damage[0].amount == 3


def test_overwatch_hits_only_on_sixes_9th() -> None:
    r = _run([5, 6, 1], _weapon("overwatch", NINTH, attacks="2", skill="2+"), rules=NINTH)
    assert r.hits == 1


def test_unit_destroyed_stops_damage_rolls() -> None:
    r = _run([4, 4, 4, 4, 3], _weapon(attacks="2", damage="D6"), wounds=1, models=1, save="-")
    assert r.models_destroyed == 1 and len(r.weapons[0].damage) == 1 and r.unsaved == 2

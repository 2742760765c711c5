"""The dice resolver rolls the modifiers' dice through their steps (saves, Damage, Attacks), with
stated faces, and keeps every die.

Seed 004: "a dice can never be re-rolled more than once", and re-rolls happen before modifiers.
"""

from __future__ import annotations

from bot.rules.attack import AttackResult, DamageKind, resolve
from bot.rules.dice import ScriptedDice
from bot.rules.profiles import AttackSpec, Weapon, target_from_text, weapon_from_text
from bot.rules.rulesets import TENTH


def _weapon(abilities: str = "", **kw: object) -> Weapon:
    options: dict[str, object] = {"attacks": "1", "skill": "3+", "strength": 4, "damage": "1"}
    options.update(kw)
    return weapon_from_text(TENTH, abilities=abilities, **options)  # type: ignore[arg-type]


def _run(faces: list[int], *weapons: Weapon, **target: object) -> AttackResult:
    options: dict[str, object] = {"toughness": 4, "save": "3+", "wounds": 6, "models": 2}
    options.update(target)
    dice = ScriptedDice(faces)
    result = resolve(AttackSpec(TENTH, weapons, target_from_text(**options)), dice)  # type: ignore[arg-type]
    assert dice.remaining == 0, f"{dice.remaining} faces left over"
    return result


def test_reroll_saves_of_1_keeps_both_faces() -> None:
    """`reroll saves: 1s`: the defender re-rolls a saving throw of 1, once."""
    r = _run([4, 4, 1, 5], _weapon("reroll saves: 1s"))
    [save] = r.weapons[0].saves
    assert save.die is not None and (save.die.first, save.die.value, save.saved) == (1, 5, True)
    assert r.unsaved == 0


def test_reroll_damage_below_its_average_keeps_both_rolls() -> None:
    """`reroll damage`: a Damage roll below the dice's average (2 on a D6) is rolled again."""
    r = _run([4, 4, 1, 2, 5], _weapon("reroll damage", damage="D6"))
    [event] = r.events
    assert event.roll is not None and event.again is not None
    assert (event.roll.total, event.again.total, event.amount, event.lost) == (2, 5, 5, 5)


def test_reroll_attacks_and_plus_1_attacks_per_model() -> None:
    """`reroll attacks`: a random Attacks roll below its average is rolled again; `+1 attacks`
    is added to the model's Attacks."""
    r = _run([1, 4] + [1] * 5, _weapon("reroll attacks, +1 attacks", attacks="D6"))
    [model] = r.weapons[0].attack_rolls
    assert model.again is not None
    assert (model.first.total, model.again.total, model.total) == (1, 4, 5)
    assert r.weapons[0].attacks == 5 and r.hits == 0


def test_critical_hit_mortal_wound_meets_the_feel_no_pain_against_mortal_wounds() -> None:
    """`critical hits: 1 mortal wound` and the target's `feel no pain 5+ vs mortal wounds`: the
    feel-no-pain is rolled against the mortal wound only, not the attack's normal damage."""
    weapon = _weapon("critical hits: 1 mortal wound, feel no pain 5+ vs mortal wounds")
    # hit 6, wound 4, save 1 (1 damage, no FNP); the mortal wound: FNP 5 ignores it
    r = _run([6, 4, 1, 5], weapon)
    assert [(e.kind, e.fnp, e.lost) for e in r.events] == [
        (DamageKind.NORMAL, None, 1),
        (DamageKind.EXTRA_MORTAL, 5, 0),
    ]

"""The dice resolver's critical effects (10th detachment rules) and when mortal wounds land, with
stated faces. The abilities are set directly on the weapon, as the phrases would set them.

The wordings followed (10th detachment and Codex rules, the common ones): "each time an attack
scores a Critical Hit, that attack also inflicts 1 mortal wound on the target" (in addition to
its normal damage); "each time an attack scores a Critical Hit, that attack deals mortal wounds
equal to its Damage characteristic and the attack sequence ends" (so it makes no wound roll, and
Lethal Hits cannot apply to it); "each time an attack scores a Critical Wound, improve the
Armour Penetration / Damage characteristic of that attack by 1".
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from bot.rules.attack import AttackResult, DamageKind, resolve
from bot.rules.dice import ScriptedDice
from bot.rules.profiles import AttackSpec, Weapon, target_from_text, weapon_from_text
from bot.rules.rulesets import TENTH
from bot.rules.targets import Target
from tests.rules.test_odds_enumerated import enumerate_resolver


def _weapon(abilities: str = "", flags: tuple[str, ...] = (), **kw: object) -> Weapon:
    options: dict[str, object] = {"attacks": "1", "skill": "3+", "strength": 4, "damage": "1"}
    effects = {k: kw.pop(k) for k in list(kw) if k.startswith("critical_")}
    options.update(kw)
    weapon = weapon_from_text(TENTH, abilities=abilities, **options)  # type: ignore[arg-type]
    a = weapon.abilities
    return replace(weapon, abilities=replace(a, flags=a.flags | set(flags), **effects))  # type: ignore[arg-type]


def _target(**target: object) -> Target:
    options: dict[str, object] = {"toughness": 4, "save": "3+", "wounds": 2, "models": 3}
    options.update(target)
    return target_from_text(**options)  # type: ignore[arg-type]


def _run(faces: list[int], *weapons: Weapon, **target: object) -> AttackResult:
    dice = ScriptedDice(faces)
    result = resolve(AttackSpec(TENTH, weapons, _target(**target)), dice)
    assert dice.remaining == 0, f"{dice.remaining} faces left over"
    return result


def test_critical_hit_also_inflicts_1_mortal_wound_after_its_own_damage() -> None:
    """ "That attack also inflicts 1 mortal wound": the attack's wound first, then the mortal
    wound, which spills to the next model (excess damage from mortal wounds is not lost)."""
    weapon = _weapon(critical_hit_mortal=1, damage="2")
    # hit 6 (critical), wound 4, save 1: 2 damage destroy model 1; the mortal wound: model 2
    r = _run([6, 4, 1], weapon)
    assert [(e.kind, e.model, e.lost) for e in r.events] == [
        (DamageKind.NORMAL, 1, 2),
        (DamageKind.EXTRA_MORTAL, 2, 1),
    ]
    assert (r.hits, r.wounds, r.damage_dealt) == (1, 1, 3)


def test_critical_hit_mortal_wounds_even_when_the_wound_roll_fails() -> None:
    """The mortal wounds come from the critical hit, not from the wound roll."""
    r = _run([6, 1], _weapon(critical_hit_mortal=2))
    [event] = r.events
    assert (event.kind, event.amount, event.lost) == (DamageKind.EXTRA_MORTAL, 2, 2)
    assert (r.wounds, r.unsaved, r.models_destroyed) == (0, 0, 1)


def test_critical_hit_deals_its_damage_as_mortal_wounds_and_makes_no_wound_roll() -> None:
    """ "Deals mortal wounds equal to its Damage characteristic and the attack sequence ends":
    no wound roll for the critical hit, and Lethal Hits does not apply to it; its Sustained Hits
    extra hit still rolls to wound, before the mortal wounds."""
    flags = ("critical hits: damage as mortal wounds",)
    weapon = _weapon("sustained hits 1, lethal hits", flags, damage="3")
    # hit 6: +1 sustained hit; wound roll for the extra hit only: 4; save 1 -> 2 lost (excess
    # lost); then the critical hit's 3 mortal wounds: model 2 (2), model 3 (1)
    r = _run([6, 4, 1], weapon)
    hit = r.weapons[0].hit_rolls[0]
    assert hit.as_mortal and not hit.lethal
    assert [w.die is not None for w in r.weapons[0].wound_rolls] == [True]
    assert [(e.kind, e.lost) for e in r.events] == [
        (DamageKind.NORMAL, 2),
        (DamageKind.HIT_MORTAL, 3),
    ]
    assert (r.hits, r.wounds, r.models_destroyed) == (2, 1, 2)


def test_critical_wound_improves_ap_by_1_for_that_attacks_save() -> None:
    """ "Improve the Armour Penetration characteristic of that attack by 1": Sv3+ becomes 4+
    against a critical wound only."""
    weapon = _weapon(critical_wound_ap=1, attacks="2")
    # hits 4 4; wounds 6 (critical), 4; saves 3 (fails 4+), 3 (passes 3+)
    r = _run([4, 4, 6, 4, 3, 3], weapon)
    saves = r.weapons[0].saves
    assert [(s.needed, s.critical, s.saved) for s in saves] == [(4, True, False), (3, False, True)]
    assert r.unsaved == 1


def test_critical_wound_improves_damage_by_1_and_devastating_wounds_use_it() -> None:
    """ "Improve the Damage characteristic of that attack by 1": a saved-against critical wound
    and a current Devastating Wound alike deal 1 more."""
    r = _run([4, 6, 1], _weapon(critical_wound_damage=1, damage="1"))
    assert r.events[0].amount == 2
    r = _run([4, 6], _weapon("devastating wounds", critical_wound_damage=1, damage="1"))
    assert [(e.kind, e.amount) for e in r.events] == [(DamageKind.DEVASTATING, 2)]


def test_mortal_wounds_last_changes_the_result() -> None:
    """`mortal wounds last` (the other engines' reading: mortal wounds after all normal damage).
    Attack 1 scores a critical hit (1 mortal wound) but fails to wound; attack 2 deals 2 damage.
    At the attack, the mortal wound leaves model 1 on 1 wound and attack 2's second damage is
    lost; last, attack 2 destroys model 1 and the mortal wound reaches model 2."""
    faces = [6, 4, 1, 4, 1]  # hits 6 4; wounds 1 4; save 1
    now = _run(list(faces), _weapon(critical_hit_mortal=1, attacks="2", damage="2"))
    assert [e.kind for e in now.events] == [DamageKind.EXTRA_MORTAL, DamageKind.NORMAL]
    assert (now.damage_dealt, now.models_destroyed) == (2, 1)
    late = _weapon(flags=("mortal wounds last",), critical_hit_mortal=1, attacks="2", damage="2")
    last = _run(list(faces), late)
    assert [(e.kind, e.queued) for e in last.events] == [
        (DamageKind.NORMAL, False),
        (DamageKind.EXTRA_MORTAL, True),
    ]
    assert (last.damage_dealt, last.models_destroyed) == (3, 1) and len(last.late) == 1


def test_mortal_wounds_last_wait_for_every_weapon_but_not_for_devastating_wounds() -> None:
    """The waiting mortal wounds come after every weapon's other damage, in weapon order, and
    before current Devastating Wounds."""
    first = _weapon("devastating wounds (mortal)", ("mortal wounds last",))
    second = _weapon("devastating wounds")
    third = _weapon()
    # weapon 1: hit 4, wound 6 (mortal, waits); weapon 2: hit 4, wound 6 (waits);
    # weapon 3: hit 4, wound 4, save 1
    r = _run([4, 6, 4, 6, 4, 4, 1], first, second, third)
    assert [(e.weapon, e.kind) for e in r.events] == [
        (2, DamageKind.NORMAL),
        (0, DamageKind.MORTAL),
        (1, DamageKind.DEVASTATING),
    ]


def test_hand_derived_chances_of_the_critical_hit_effects() -> None:
    """One attack hitting on 3+, wounding on 4+, no save, into two W1 models. With 1 mortal wound
    per critical hit: a critical hit (1/6) deals 1 mortal wound plus 1 damage when it wounds
    (1/2); any other hit (3/6) deals 1 when it wounds. With Damage 2 dealt as mortal wounds on a
    critical hit, that hit destroys both models (mortal wounds spill); any other hit that wounds
    destroys one (excess damage is lost)."""
    spec = AttackSpec(
        TENTH, (_weapon(critical_hit_mortal=1),), _target(models=2, wounds=1, save="-")
    )
    damage = enumerate_resolver(spec)[0][3]
    assert damage == {0: Fraction(7, 12), 1: Fraction(4, 12), 2: Fraction(1, 12)}
    flags = ("critical hits: damage as mortal wounds",)
    spec = AttackSpec(
        TENTH, (_weapon("", flags, damage="2"),), _target(models=2, wounds=1, save="-")
    )
    destroyed = enumerate_resolver(spec)[0][4]
    assert destroyed == {0: Fraction(7, 12), 1: Fraction(1, 4), 2: Fraction(1, 6)}

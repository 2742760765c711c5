"""Hand-derived exact fractions: a Bodyguard with its Leader, Precision, critical effects."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from bot.rules.odds import Distribution, Odds, compute
from bot.rules.profiles import AttackSpec, Part, Target
from bot.rules.rulesets import TENTH
from tests.rules.test_odds_leader import target, weapon


def _close(d: Distribution | None, exact: dict[int, Fraction]) -> None:
    assert d is not None
    assert abs(sum(d.pmf) - 1) < 1e-12
    for k, p in exact.items():
        assert abs(d.p(k) - float(p)) < 1e-12, (k, d.p(k), p)


def _odds(tgt: Target, *weapons: object) -> Odds:
    return compute(AttackSpec(TENTH, weapons, tgt))  # type: ignore[arg-type]


# A 1-model W1 Bodyguard with 3+ and a W2 Leader with 2+ and 4++; S4 AP-1 D1 hitting on 3+.
# Against T4 a wound needs 4+ (1/2). The Bodyguard saves on 4+ (3+ worsened by AP -1): an attack
# gets through it with 2/3 x 1/2 x 1/2 = 1/6. The Leader saves on 3+ (armour 3+ after AP beats
# 4++): 2/3 x 1/2 x 1/3 = 1/9.
LEADER = Part(save=2, wounds=2, models=1, invuln=4)


def test_the_leader_is_allocated_attacks_last_and_uses_its_own_save() -> None:
    """10th Leader: attacks cannot be allocated to the CHARACTER while it has Bodyguard models."""
    o = _odds(target(LEADER, models=1), weapon(attacks="2", damage="1"))
    # Damage 2: the first attack kills the Bodyguard (1/6), the second gets through the Leader's
    # save (1/9). Damage 1: (1/6)(8/9) + (5/6)(1/6). Damage 0: (5/6)^2.
    _close(o.damage, {0: Fraction(25, 36), 1: Fraction(31, 108), 2: Fraction(1, 54)})
    _close(o.destroyed, {0: Fraction(25, 36), 1: Fraction(11, 36)})
    _close(o.leader, {0: Fraction(1)})
    assert o.unsaved is None


def test_precision_attacks_are_allocated_to_the_leader_first() -> None:
    """10th Core, Precision: "that attack can be allocated to a CHARACTER model in that unit"."""
    o = _odds(target(LEADER, models=1), weapon("precision", attacks="2", damage="1"))
    # Both attacks go to the Leader while it lives: 1/9 each; two kill it (W2).
    _close(o.damage, {0: Fraction(64, 81), 1: Fraction(16, 81), 2: Fraction(1, 81)})
    _close(o.leader, {0: Fraction(80, 81), 1: Fraction(1, 81)})


def test_one_attack_d2_kills_the_bodyguard_and_its_excess_is_lost() -> None:
    o = _odds(target(LEADER, models=1), weapon(attacks="1", damage="2"))
    _close(o.damage, {0: Fraction(5, 6), 1: Fraction(1, 6)})
    o = _odds(target(LEADER, models=1), weapon("precision", attacks="1", damage="2"))
    _close(o.damage, {0: Fraction(8, 9), 2: Fraction(1, 9)})
    _close(o.leader, {0: Fraction(8, 9), 1: Fraction(1, 9)})


NO_SAVE = target(None, save="-", wounds=1, models=2)


def test_critical_hits_one_mortal_wound_in_addition() -> None:
    """A critical hit (1/6) rolls to wound (1/2) and inflicts 1 mortal wound after it."""
    o = _odds(NO_SAVE, weapon(attacks="1", ap=0, critical_hit_mortal=1))
    # Damage 2: 1/6 x 1/2. Damage 1: a critical hit that fails to wound (1/12), a plain hit
    # that wounds (3/6 x 1/2).
    _close(o.damage, {0: Fraction(7, 12), 1: Fraction(1, 3), 2: Fraction(1, 12)})


def test_critical_hits_deal_their_damage_as_mortal_wounds_and_roll_no_wound() -> None:
    o = _odds(
        NO_SAVE,
        weapon(attacks="1", damage="2", flags=("critical hits: damage as mortal wounds",)),
    )
    # A critical hit: 2 mortal wounds spill over both W1 models (1/6). A plain hit (3/6) wounds
    # (1/2) for D2 on one W1 model, the excess lost.
    _close(o.damage, {0: Fraction(7, 12), 1: Fraction(1, 4), 2: Fraction(1, 6)})
    _close(o.hits, {1: Fraction(2, 3)})
    _close(o.wounds, {1: Fraction(1, 4)})  # the critical hit rolled no wound


def test_critical_wounds_plus_one_damage_and_plus_one_ap() -> None:
    o = _odds(
        target(save="-", wounds=2, models=1),
        weapon("torrent", attacks="1", critical_wound_damage=1),
    )
    # A critical wound (1/6) deals 2 and destroys the W2 model; a plain wound (2/6) deals 1.
    _close(o.damage, {0: Fraction(1, 2), 1: Fraction(1, 3), 2: Fraction(1, 6)})
    o = _odds(
        target(save="6+", models=1), weapon("torrent", attacks="1", ap=0, critical_wound_ap=1)
    )
    # A critical wound meets no save (6+ worsened by 1); a plain wound (2/6) is saved on a 6.
    assert o.unsaved is not None
    _close(o.unsaved, {1: Fraction(1, 6) + Fraction(2, 6) * Fraction(5, 6)})


def test_mortal_wounds_last_wait_for_every_weapons_other_damage() -> None:
    """Two W2 models, no save. A: BS3+ D2, a critical hit inflicts 1 mortal wound; B: torrent D2.
    Each wound (4+) destroys one model. With the mortal wound last it lands after B's damage, so
    a critical hit whose own wound failed and B's wound that succeeded deal 2 + 1 = 3; applied
    at A's attack the mortal wound would make B's D2 lose its excess on the hurt model (2)."""
    tgt = target(save="-", wounds=2, models=2)
    b = weapon("torrent", attacks="1", damage="2", ap=0)
    last = weapon(
        attacks="1", damage="2", ap=0, critical_hit_mortal=1, flags=("mortal wounds last",)
    )
    o = _odds(tgt, last, b)
    twenty_fourths = {0: 7, 1: 1, 2: 10, 3: 2, 4: 4}
    _close(o.damage, {k: Fraction(v, 24) for k, v in twenty_fourths.items()})
    now = _odds(tgt, replace(last, abilities=replace(last.abilities, flags=frozenset())), b)
    _close(now.damage, {1: Fraction(1, 24), 2: Fraction(11, 24), 3: Fraction(1, 24)})

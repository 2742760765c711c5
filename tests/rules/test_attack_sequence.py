"""The attack sequence step by step (seeds 000, 002, 004) with stated faces and exact tables."""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.rules.errors import InvalidProfile, TooManyDice
from bot.rules.profiles import (
    AttackSpec,
    parse_ap,
    parse_save,
    parse_skill,
    parse_strength,
    target_from_text,
    weapon_from_text,
)
from bot.rules.rulesets import NINTH, TENTH
from bot.rules.sequence import RollStep, SaveKind, Verdict, save_step, wound_needed


@pytest.mark.parametrize(
    ("strength", "toughness", "needed"),
    [
        (8, 4, 2), (9, 4, 2), (5, 4, 3), (7, 4, 3), (4, 4, 4), (3, 4, 5),
        (2, 4, 6), (1, 4, 6), (3, 5, 5), (2, 5, 6), (1, 2, 6), (6, 3, 2), (1, 1, 4), (10, 5, 2),
    ],
)  # fmt: skip
def test_wound_roll_table_strength_against_toughness(
    strength: int, toughness: int, needed: int
) -> None:
    assert wound_needed(strength, toughness) == needed


@pytest.mark.parametrize(
    ("needed", "percent"), [(2, "83.33"), (3, "66.67"), (4, "50.00"), (5, "33.33"), (6, "16.67")]
)
def test_seed_002_wound_chances(needed: int, percent: str) -> None:
    p = RollStep(needed, 0).table()[Verdict.SUCCESS] + RollStep(needed, 0).table()[Verdict.CRITICAL]
    assert f"{float(p) * 100:.2f}" == percent


def test_unmodified_six_always_wounds_9th() -> None:
    step = RollStep(needed=6, modifier=-1)
    assert step.judge(6) is not Verdict.FAIL


def test_unmodified_one_always_fails_even_with_plus_one() -> None:
    assert RollStep(needed=2, modifier=1).judge(1) is Verdict.FAIL


def test_hit_modifiers_are_summed_then_capped_to_one() -> None:
    flags = frozenset({"heavy", "moved", "dense cover"})
    assert NINTH.hit_modifier(flags, 0) == -1
    assert NINTH.hit_modifier(flags, 2) == 0
    assert TENTH.hit_modifier(frozenset({"stealth", "big guns never tire"}), 0) == -1
    assert TENTH.hit_modifier(frozenset(), 3) == 1


def test_reroll_ones_table_is_exact() -> None:
    table = RollStep(3, 0, reroll=None).table()
    assert table[Verdict.SUCCESS] + table[Verdict.CRITICAL] == Fraction(2, 3)
    ones = RollStep(3, 0, reroll=parse_reroll("ones")).table()
    assert ones[Verdict.FAIL] == Fraction(1, 6) * Fraction(1, 3) + Fraction(1, 6)


def parse_reroll(text: str):  # type: ignore[no-untyped-def]
    from bot.rules.pools import Reroll

    return Reroll(text)


def test_reroll_all_fishes_for_criticals() -> None:
    table = RollStep(3, 0, reroll=parse_reroll("all")).table()
    assert table[Verdict.CRITICAL] == Fraction(1, 6) + Fraction(5, 6) * Fraction(1, 6)


def test_overwatch_hits_only_on_unmodified_sixes() -> None:
    step = RollStep(2, 1, sixes_only=True)
    assert [step.judge(f) for f in range(1, 7)].count(Verdict.FAIL) == 5


@pytest.mark.parametrize(
    ("save", "ap", "invuln", "kind", "needed"),
    [
        ("3+", 0, "", SaveKind.ARMOUR, 3), ("3+", -1, "", SaveKind.ARMOUR, 4),
        ("3+", -2, "4+", SaveKind.INVULNERABLE, 4),
        ("2+", -1, "4+", SaveKind.ARMOUR, 3), ("4+", -3, "", SaveKind.NONE, 7),
        ("-", 0, "5+", SaveKind.INVULNERABLE, 5), ("-", 0, "", SaveKind.NONE, 7),
        ("3+", -1, "4+", SaveKind.ARMOUR, 4), ("5+", -6, "6+", SaveKind.INVULNERABLE, 6),
    ],
)  # fmt: skip
def test_save_against_ap_uses_the_better_of_armour_and_invulnerable(
    save: str, ap: int, invuln: str, kind: SaveKind, needed: int
) -> None:
    weapon = weapon_from_text(TENTH, attacks="1", skill="3+", strength=4, ap=ap)
    step = save_step(TENTH, weapon, target_from_text(toughness=4, save=save, invuln=invuln))
    assert (step.kind, step.needed) == (kind, needed)


def test_cover_adds_one_but_not_for_3up_against_ap0_in_10th() -> None:
    target = target_from_text(toughness=4, save="3+")
    ap0 = weapon_from_text(TENTH, attacks="1", skill="3+", strength=4, abilities="cover")
    ap1 = weapon_from_text(TENTH, attacks="1", skill="3+", strength=4, ap=-1, abilities="cover")
    assert save_step(TENTH, ap0, target).needed == 3
    assert save_step(TENTH, ap1, target).needed == 3
    ignored = weapon_from_text(
        TENTH, attacks="1", skill="3+", strength=4, ap=-1, abilities="cover, ignores cover"
    )
    assert save_step(TENTH, ignored, target).needed == 4


def test_unmodified_one_always_fails_a_save() -> None:
    weapon = weapon_from_text(TENTH, attacks="1", skill="3+", strength=4, ap=0, abilities="cover")
    step = save_step(TENTH, weapon, target_from_text(toughness=4, save="4+"))
    assert step.needed == 3 and not step.passes(1)


def test_parsers_for_skill_save_and_ap() -> None:
    assert parse_skill("3+") == 3 and parse_skill("auto") is None
    assert parse_save("-") is None and parse_save("2+") == 2
    assert parse_ap("-2") == -2 and parse_ap("2") == -2 and parse_ap("0") == 0
    with pytest.raises(InvalidProfile, match="type 3\\+"):
        parse_skill("7+")
    with pytest.raises(InvalidProfile, match="0 to -6"):
        parse_ap("-7")


def test_strength_user_plus_and_times_of_the_bearer_9th() -> None:
    assert parse_strength("User", NINTH, 4) == 4
    assert parse_strength("+2", NINTH, 4) == 6
    assert parse_strength("×2", NINTH, 4) == 8
    with pytest.raises(InvalidProfile, match="bearer strength 4"):
        parse_strength("user", NINTH)
    with pytest.raises(InvalidProfile, match="number"):
        parse_strength("user", TENTH, 4)


def test_caps_refuse_too_many_attacks_models_and_wounds() -> None:
    target = target_from_text(toughness=4, save="3+", models=10)
    weapon = weapon_from_text(
        TENTH, attacks="2D6", skill="3+", strength=4, attackers=100, abilities="blast"
    )
    with pytest.raises(TooManyDice, match="1000"):
        AttackSpec(TENTH, (weapon,), target)
    with pytest.raises(TooManyDice, match="1 to 100"):
        target_from_text(toughness=4, save="3+", models=101)
    with pytest.raises(TooManyDice, match="1 to 50"):
        target_from_text(toughness=4, save="3+", wounds=51)
    with pytest.raises(TooManyDice, match="1 to 30"):
        target_from_text(toughness=31, save="3+")

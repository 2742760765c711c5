"""`reroll hits: all` fishes for critical hits only when a critical hit matters (issue #17).

10th Core, "re-roll the Hit roll": a player may keep a success, so with no critical-hit ability
re-rolling every non-critical result lowers the hits (the issue: 7.22 against 8.89 for `failed`
from 10 attacks hitting on 3+). `fish` always re-rolls every non-critical result. Seed 004
("Re-rolls"): "You can never re-roll a dice more than once".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from bot.rules.dice import ScriptedDice
from bot.rules.pools import Reroll
from bot.rules.profiles import target_from_text, weapon_from_text
from bot.rules.rulesets import NINTH, TENTH, Ruleset
from bot.rules.sequence import RollStep, Steps, Verdict, build_steps, first_roll
from tests.rules.faces import every_outcome


def _steps(abilities: str, rules: Ruleset = TENTH) -> Steps:
    weapon = weapon_from_text(rules, attacks="10", skill="3+", strength="4", abilities=abilities)
    target = target_from_text(toughness=4, save="3+", keywords="infantry")
    return build_steps(rules, weapon, target)


def _hit_chance(step: RollStep | None) -> Fraction:
    assert step is not None
    table = step.table()
    return table[Verdict.SUCCESS] + table[Verdict.CRITICAL]


def test_the_issue_s_case_reroll_hits_all_without_a_critical_ability_equals_failed() -> None:
    everything, failed = _steps("reroll hits: all"), _steps("reroll hits: failed")
    assert everything.hit == failed.hit
    assert 10 * _hit_chance(everything.hit) == Fraction(80, 9)  # 8.89 hits
    assert round(float(10 * _hit_chance(everything.hit)), 2) == 8.89


def test_reroll_hits_fish_always_fishes_for_sixes() -> None:
    """Keeping only 6s and re-rolling the rest: 1/6 + 5/6 · 2/3 = 13/18, 7.22 from 10 attacks."""
    step = _steps("reroll hits: fish").hit
    assert step is not None and step.reroll is Reroll.ALL
    assert 10 * _hit_chance(step) == Fraction(65, 9)
    assert round(float(10 * _hit_chance(step)), 2) == 7.22


@pytest.mark.parametrize(
    ("abilities", "rules"),
    [
        ("reroll hits: all, sustained hits 1", TENTH),
        ("reroll hits: all, lethal hits", TENTH),
        ("reroll hits: all, critical hits: 1 mortal wound", TENTH),
        ("reroll hits: all, critical hits: damage as mortal wounds", TENTH),
        ("reroll hits: all, critical hits: 1 mortal wound", NINTH),
    ],
)
def test_reroll_hits_all_fishes_when_a_critical_hit_matters(abilities: str, rules: Ruleset) -> None:
    step = _steps(abilities, rules).hit
    assert step is not None and step.reroll is Reroll.ALL


@pytest.mark.parametrize(
    "abilities",
    [
        "reroll hits: all",
        "reroll hits: all, critical hits 5+",
        "reroll hits: all, devastating wounds",
    ],
)
def test_reroll_hits_all_is_failed_when_no_critical_hit_matters(abilities: str) -> None:
    step = _steps(abilities).hit
    assert step is not None and step.reroll is Reroll.FAILED


@pytest.mark.parametrize(
    ("abilities", "reroll"),
    [
        ("reroll wounds: all", Reroll.FAILED),
        ("reroll wounds: all, anti-infantry 4+", Reroll.FAILED),
        ("twin-linked, reroll wounds: all", Reroll.FAILED),
        ("reroll wounds: all, sustained hits 1", Reroll.FAILED),
        ("reroll wounds: all, devastating wounds", Reroll.ALL),
        ("reroll wounds: all, devastating wounds (mortal)", Reroll.ALL),
        ("reroll wounds: all, critical wounds: +1 ap", Reroll.ALL),
        ("reroll wounds: all, critical wounds: +1 damage", Reroll.ALL),
        ("reroll wounds: fish", Reroll.ALL),
        ("twin-linked, reroll wounds: fish", Reroll.ALL),
    ],
)
def test_reroll_wounds_all_fishes_only_when_a_critical_wound_matters(
    abilities: str, reroll: Reroll
) -> None:
    assert _steps(abilities).wound.reroll is reroll


def test_a_hit_kept_by_reroll_hits_all_is_not_rolled_again() -> None:
    step = _steps("reroll hits: all").hit
    assert step is not None
    dice = ScriptedDice([4])
    die = step.reroll_if_wanted(first_roll(dice), dice)
    assert (die.value, die.rerolled, dice.remaining) == (4, False, 0)
    fishing = _steps("reroll hits: fish").hit
    assert fishing is not None
    dice = ScriptedDice([4, 1])
    die = fishing.reroll_if_wanted(first_roll(dice), dice)
    assert (die.value, die.first, dice.remaining) == (1, 4, 0)


@pytest.mark.parametrize("abilities", ["reroll hits: all", "reroll hits: fish"])
def test_every_face_sequence_of_a_hit_roll_matches_its_table(abilities: str) -> None:
    step = _steps(abilities).hit
    assert step is not None
    outcomes = every_outcome(
        lambda dice: step.judge(step.reroll_if_wanted(first_roll(dice), dice).value)
    )
    assert outcomes == {v: p for v, p in step.table().items() if p}

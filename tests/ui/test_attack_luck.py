"""The card's one line of odds: how likely a result at least this good was, in terms that say
something (models destroyed; the damage when none was, or against one model)."""

from __future__ import annotations

from bot.rules.attack import resolve
from bot.rules.dice import ScriptedDice
from bot.rules.odds import compute
from bot.rules.profiles import AttackSpec, target_from_text, weapon_from_text
from bot.rules.rulesets import TENTH
from bot.ui.attack.card import luck_line
from bot.ui.attack.odds import wording


def _line(faces: list[int], models: int, wounds: int) -> str:
    weapon = weapon_from_text(TENTH, attacks="2", skill="2+", strength="4", damage="1")
    spec = AttackSpec(
        TENTH, (weapon,), target_from_text(toughness=4, save="-", wounds=wounds, models=models)
    )
    return luck_line(resolve(spec, ScriptedDice(faces)), compute(spec))


def test_models_destroyed_when_some_were() -> None:
    # both hit (2+) and wound (4+): two 1-wound models destroyed, (5/6 x 1/2)^2 = 17.4%
    assert _line([6, 6, 6, 6], models=5, wounds=1).startswith("At least 2 destroyed: **17.4%**")


def test_the_damage_when_no_model_was_destroyed() -> None:
    # one wound on a 2-wound model: at least 1 damage, 1 - (1 - 5/12)^2 = 66.0%
    assert _line([6, 1, 6, 1], models=5, wounds=2).startswith("At least 1 damage: **66.0%**")


def test_no_damage_says_how_often_that_happens() -> None:
    # both miss: no damage in (7/12)^2 = 34.0% of rolls
    assert _line([1, 1], models=5, wounds=2).startswith("No damage: **34.0%** of rolls")


def test_rules_used_says_whether_reroll_all_fished() -> None:
    """The issue: "`reroll hits: all` always fishes for 6s, so with no critical-hit ability it
    *lowers* the hits ... only fish when a critical matters (Sustained, Lethal, Devastating,
    Anti), and offer an explicit `fish` spelling." The answer says which it did."""

    def rules_used(abilities: str) -> str:
        weapon = weapon_from_text(
            TENTH, attacks="10", skill="3+", strength="4", damage="1", abilities=abilities
        )
        target = target_from_text(toughness=4, save="3+")
        return wording(AttackSpec(TENTH, (weapon,), target), "10th")

    plain = rules_used("reroll hits: all")
    assert "`reroll hits: all` re-rolls the failed hits only" in plain
    assert "`reroll hits: fish`" in plain
    assert "`reroll hits: all` fishes" in rules_used("reroll hits: all, sustained hits 1")
    assert "reroll hits" not in rules_used("reroll hits: fish")

"""The cost estimate: refuses what would take seconds, before computing, with one sentence."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bot.rules.errors import TooManyDice
from bot.rules.odds import compute
from bot.rules.odds.cost import BUDGET, check, seconds
from bot.rules.odds.engine import TOO_MANY_WAITING
from bot.rules.profiles import AttackSpec, Part, target_from_text, weapon_from_text
from bot.rules.rulesets import TENTH


def spec(
    models: int, wounds: int, *weapons: tuple[str, str, str], attackers: int = 1
) -> AttackSpec:
    return AttackSpec(
        TENTH,
        tuple(
            weapon_from_text(TENTH, attacks=n, skill="3+", strength=5, ap=-1, damage=d,
                             abilities=a, attackers=attackers)
            for n, d, a in weapons
        ),
        target_from_text(toughness=4, save="3+", wounds=wounds, models=models),
    )  # fmt: skip


def test_the_49_second_attack_is_refused_with_what_to_make_smaller() -> None:
    heavy = spec(20, 50, ("500", "D6", "devastating wounds"), ("500", "D6", ""))
    with pytest.raises(TooManyDice) as refused:
        check(heavy)
    sentence = str(refused.value)
    assert sentence.startswith("That attack is too large to work out exactly (about ")
    assert sentence.endswith("x the budget): use fewer attacks or fewer target models.")


def test_waiting_devastating_wounds_too_many_to_hold_are_refused_before_any_work() -> None:
    both = spec(20, 3, ("500", "D6", "devastating wounds"), ("500", "D6", "devastating wounds"))
    with pytest.raises(TooManyDice, match=TOO_MANY_WAITING):
        check(both)


def test_one_model_is_told_only_to_use_fewer_attacks() -> None:
    # Four weapons' Devastating Wounds waiting on each other: a large state even for one model.
    queued = [("100", "D6", "devastating wounds, sustained hits 1")] * 3 + [("100", "D6", "")]
    with pytest.raises(TooManyDice, match=r"use fewer attacks\.$"):
        check(spec(1, 50, *queued), budget=seconds(spec(1, 50, *queued)) / 3)


@pytest.mark.parametrize(
    "accepted",
    [
        spec(20, 3, ("200", "D6", "devastating wounds (mortal)")),  # the benchmark's worst case
        spec(20, 3, ("120", "D6", "devastating wounds"), ("120", "D6", "")),
        spec(100, 50, ("1000", "2D6", "")),
        spec(1, 12, ("D6", "D6", "sustained hits D3"), attackers=100),
        spec(10, 1, ("3", "1", "")),
    ],
)
def test_ordinary_and_benchmark_attacks_are_accepted(accepted: AttackSpec) -> None:
    check(accepted)
    assert seconds(accepted) < BUDGET / 2


def test_the_estimate_grows_with_attacks_and_target_size() -> None:
    def plain(attacks: int, models: int) -> float:
        return seconds(
            spec(models, 10, (str(attacks), "D6", "devastating wounds"), ("50", "1", ""))
        )

    assert plain(50, 10) < plain(100, 10) < plain(200, 10)
    assert plain(50, 10) < plain(50, 40) < plain(50, 100)


def test_an_accepted_estimate_is_what_the_engine_then_computes() -> None:
    small = spec(5, 3, ("20", "D6", "devastating wounds"), ("10", "2", "lethal hits"))
    check(small)
    assert sum(compute(small).destroyed.pmf) == pytest.approx(1)


def _unit(
    leader: Part, *weapons: tuple[str, str, str], models: int = 10, wounds: int = 2
) -> AttackSpec:
    target = target_from_text(toughness=4, save="3+", wounds=wounds, models=models)
    return AttackSpec(
        TENTH,
        tuple(
            weapon_from_text(TENTH, attacks=n, skill="3+", strength=5, ap=-1, damage=d,
                             abilities=a)
            for n, d, a in weapons
        ),
        replace(target, leader=leader),
    )  # fmt: skip


LEADER = Part(save=3, wounds=5, models=1, invuln=4, fnp=5)


@pytest.mark.parametrize(
    "accepted",
    [
        _unit(LEADER, ("20", "1", "sustained hits 1"), ("2", "D6", "precision"), ("D6", "1", "")),
        _unit(LEADER, ("200", "D3", "precision, devastating wounds (mortal)")),
        _unit(LEADER, ("200", "D3", "critical hits: 1 mortal wound, mortal wounds last")),
        _unit(
            LEADER, ("200", "D3", "devastating wounds, critical wounds: +1 damage"), ("1", "1", "")
        ),
    ],
)
def test_whole_units_and_their_queues_are_accepted(accepted: AttackSpec) -> None:
    check(accepted)
    assert seconds(accepted) < BUDGET / 2


def test_a_leader_with_precision_on_a_large_unit_is_refused_before_any_work() -> None:
    """Precision makes the state a grid (Bodyguard health x Leader health): 100 W50 models and
    three W50 Leaders would be some 750,000 states per attack."""
    huge = _unit(
        Part(save=3, wounds=50, models=3), ("1000", "D6", "precision"), models=100, wounds=50
    )
    with pytest.raises(TooManyDice, match=r"^That attack is too large to work out exactly"):
        check(huge)


def test_waiting_mortal_wounds_grow_the_estimate() -> None:
    now = _unit(LEADER, ("100", "D3", "devastating wounds (mortal)"), models=20)
    last = _unit(
        LEADER, ("100", "D3", "devastating wounds (mortal), mortal wounds last"), models=20
    )
    assert seconds(now) < seconds(last) < BUDGET

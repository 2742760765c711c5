"""The richest profiles: the exact odds agree with a seeded Monte Carlo of the dice resolver.

`test_odds_enumerated.py` checks every ability exactly on small profiles by walking every face
sequence; these profiles combine many abilities, several weapons and a damaged target (or a
Bodyguard and its Leader with Precision, the critical effects and both queues; or the modifiers at a
larger size), too many dice to walk, so they are sampled instead. Each runs 200,000 trials of
`resolve` (the same rules code the odds read) with a fast seeded `Dice`, and checks every
probability and every mean of hits, wounds, unsaved wounds (a plain target), damage dealt, models
destroyed and Leader models destroyed within 4 standard errors, in two worker processes. Marked
`slow`; plain `pytest` (and `make test`) runs them, `-m "not slow"` skips them.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from concurrent.futures import Future, ProcessPoolExecutor

import numpy as np
import pytest

from bot.rules.attack import resolve
from bot.rules.dice import Dice
from bot.rules.odds import Distribution, compute
from bot.rules.profiles import AttackSpec, Part, Weapon, target_from_text, weapon_from_text
from bot.rules.rulesets import TENTH, Ruleset
from tests.rules.test_odds_enumerated_units import METRICS, measures
from tests.rules.test_odds_leader import target, weapon

TRIALS = 200_000
CHUNKS = 2


class ArrayDice(Dice):
    """A fast seeded source: faces drawn from a pre-generated numpy array."""

    def __init__(self, seed: int, size: int = 1 << 20) -> None:
        super().__init__()
        self._source = np.random.default_rng(seed)
        self._size = size
        self._refill()

    def _refill(self) -> None:
        self._faces: list[int] = self._source.integers(0, 720720, self._size).tolist()
        self._next = 0

    def roll(self, sides: int) -> int:
        if self._next >= self._size:
            self._refill()
        face = self._faces[self._next]
        self._next += 1
        return face % sides + 1


def simulate(spec: AttackSpec, trials: int, seed: int) -> np.ndarray:
    dice = ArrayDice(seed)
    out = np.zeros((trials, len(METRICS)), dtype=np.int64)
    for i in range(trials):
        out[i] = measures(resolve(spec, dice))
    return out


def _weapon(rules: Ruleset, abilities: str, **kw: object) -> Weapon:
    options: dict[str, object] = {"attacks": "1", "skill": "3+", "strength": 4, "ap": -1}
    options.update(kw)
    return weapon_from_text(rules, abilities=abilities, **options)  # type: ignore[arg-type]


def _spec(rules: Ruleset, weapons: tuple[Weapon, ...], **target: object) -> AttackSpec:
    options: dict[str, object] = {"toughness": 4, "save": "4+", "wounds": 2, "models": 2}
    options.update(target)
    return AttackSpec(rules, weapons, target_from_text(**options))  # type: ignore[arg-type]


CASES: dict[str, AttackSpec] = {
    "sustained hits d3, lethal hits, devastating wounds, anti-x, critical hits 5+, fnp": _spec(
        TENTH,
        (
            _weapon(
                TENTH,
                "sustained hits d3, lethal hits, devastating wounds, anti-infantry 4+, "
                "critical hits 5+",
                damage="2",
            ),
        ),
        fnp="5+",
        keywords="infantry",
    ),
    "several weapons carry damage into a damaged target, both devastating wordings": _spec(
        TENTH,
        (
            _weapon(TENTH, "devastating wounds", damage="D3", strength=5),
            _weapon(TENTH, "devastating wounds (mortal), lethal hits", damage="2", strength=5),
            _weapon(TENTH, "-1 damage", damage="D3+1", attacks="2"),
        ),
        wounds=3,
        models=2,
        wounds_left=2,
        fnp="6+",
    ),
    "a Bodyguard and Leader: precision, critical effects, mortal wounds last, both queues": (
        AttackSpec(
            TENTH,
            (
                weapon("precision, sustained hits 1, lethal hits", attacks="4", damage="D3"),
                weapon("devastating wounds, critical wounds: +1 damage", attacks="3"),
                weapon("critical hits: 1 mortal wound, mortal wounds last, critical hits 5+",
                       attacks="3", damage="2"),
            ),
            target(Part(save=2, wounds=4, models=1, invuln=4, fnp=5, fnp_mortal=4),
                   wounds=2, models=4, fnp="6+"),
        )
    ),
    "the modifiers at a larger size": AttackSpec(
        TENTH,
        (
            weapon("reroll saves: failed, halve damage, +1 damage, reroll damage, worsen ap 1, "
                   "+d3 attacks, reroll attacks, reroll hits: fish", attacks="D6", damage="D6",
                   attackers=2),
            weapon("minimum damage 3, ignore ap, critical hits: damage as mortal wounds, "
                   "feel no pain 5+ vs mortal wounds, reroll damage: 1s", attacks="4",
                   damage="D3"),
        ),
        target(None, wounds=3, models=5, invuln="5+"),
    ),
    "the other modifiers: save re-rolls by kind, invulnerable ignored, attacks, critical AP": (
        AttackSpec(
            TENTH,
            (
                weapon("reroll armour saves: 1s, +1 attacks, critical wounds: +1 ap, "
                       "reroll wounds: fish, anti-infantry 5+", damage="2", attackers=3),
                weapon("reroll invulnerable saves: failed, +d6 attacks, devastating wounds",
                       attacks="1", ap=-3),
                weapon("ignore invulnerable saves, reroll hits: all, lethal hits, "
                       "reroll attacks: 1s", attacks="D3+1"),
            ),
            target(None, wounds=2, models=6, invuln="4+", keywords="infantry"),
        )
    ),
}  # fmt: skip


@pytest.fixture(scope="module")
def simulations() -> Iterator[dict[str, list[Future[np.ndarray]]]]:
    with ProcessPoolExecutor(max_workers=2) as pool:
        futures = {
            name: [
                pool.submit(simulate, spec, TRIALS // CHUNKS, 1000 * i + c) for c in range(CHUNKS)
            ]
            for i, (name, spec) in enumerate(CASES.items())
        }
        yield futures


def _check(name: str, exact: Distribution, sample: np.ndarray) -> None:
    n = sample.size
    counts = np.bincount(sample, minlength=len(exact.pmf))
    assert counts.size <= len(exact.pmf) or counts[len(exact.pmf) :].sum() == 0, name
    for k, p in enumerate(exact.pmf):
        se = math.sqrt(max(p * (1 - p), 1e-12) / n)
        assert abs(counts[k] / n - p) <= 4 * se + 1e-12, f"{name}: P({k}) {counts[k] / n} vs {p}"
    variance = sum(k * k * p for k, p in enumerate(exact.pmf)) - exact.mean**2
    se = math.sqrt(max(variance, 1e-12) / n)
    assert abs(sample.mean() - exact.mean) <= 4 * se, (
        f"{name}: mean {sample.mean()} vs {exact.mean}"
    )


@pytest.mark.slow
@pytest.mark.parametrize("case", list(CASES))
def test_monte_carlo_of_the_resolver_agrees_with_exact_odds(
    case: str, simulations: dict[str, list[Future[np.ndarray]]]
) -> None:
    sample = np.concatenate([f.result() for f in simulations[case]])
    assert len(sample) >= 200_000
    odds = compute(CASES[case])
    for column, metric in enumerate(METRICS):
        exact = getattr(odds, metric)
        if exact is not None:  # unsaved against a Leader; the Leader of a plain target
            _check(f"{case} / {metric}", exact, sample[:, column])

"""Per attack, the exact joint table of outcomes, read from the same steps the resolver rolls.

An attack's hit roll gives a bundle: (wounds automatically via Lethal Hits: 0/1, hits that roll to
wound: 0..1+X, whether the hit was critical). Each hit that rolls to wound fails, succeeds or is a
critical wound; a critical hit may then inflict mortal wounds (`Steps.hit_mortal`: it deals its
Damage as mortal wounds and rolls no wound, its Sustained Hits still do; `Steps.extra_mortal`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from bot.rules import attack_count
from bot.rules.damage import DamageStep
from bot.rules.odds.health import Array
from bot.rules.profiles import AttackSpec, Weapon, attacks_per_model
from bot.rules.sequence import Steps, Verdict, build_steps, exact_pmf

Bundle = tuple[int, int, bool]  # (Lethal Hits auto-wounds, hits rolling to wound, critical hit)


@dataclass(frozen=True, slots=True)
class WeaponTable:
    """Everything the distribution needs about one weapon."""

    steps: Steps
    count: Array  # P(attacks = n)
    bundles: dict[Bundle, float]
    wound: tuple[float, float, float]  # a hit rolling to wound: fails, succeeds, is critical
    hits: Array  # per-attack marginal pmfs
    wounds: Array
    unsaved: Array  # the Bodyguard's saves (a plain target's): meaningless with a Leader

    @property
    def devastating_kind(self) -> str | None:
        return self.steps.devastating

    @property
    def crit_mortal(self) -> bool:
        """A critical hit inflicts mortal wounds."""
        return self.steps.hit_mortal or self.steps.extra_mortal > 0

    @property
    def pairs(self) -> dict[tuple[int, int], float]:
        """P(lethal auto-wounds, hits rolling to wound), critical or not."""
        out: dict[tuple[int, int], float] = {}
        for (lethal, rolls, _), p in self.bundles.items():
            out[lethal, rolls] = out.get((lethal, rolls), 0.0) + p
        return out

    @property
    def most_events(self) -> int:
        return max(le + r for (le, r, _), p in self.bundles.items() if p > 0)

    @property
    def most_rolls(self) -> int:
        return max(r for (_, r, _), p in self.bundles.items() if p > 0)


def weapon_table(spec: AttackSpec, weapon: Weapon) -> WeaponTable:
    steps = build_steps(spec.rules, weapon, spec.target)
    bundles = _bundles(steps)
    wound = steps.wound.table()
    saved = steps.save.chance()
    crit = wound[Verdict.CRITICAL]
    crit_unsaved = 1 - (Fraction(0) if steps.devastating else steps.body.critical_save.chance())
    wounded = wound[Verdict.SUCCESS] + crit
    unsaved_roll = wound[Verdict.SUCCESS] * (1 - saved) + crit * crit_unsaved
    hits: dict[int, Fraction] = {}
    wounds: dict[int, Fraction] = {}
    unsaved: dict[int, Fraction] = {}
    for (lethal, rolling, critical), p in bundles.items():
        _add(hits, {lethal + rolling + int(critical and steps.hit_mortal): p})
        _add(wounds, _shift(_binomial(rolling, wounded), lethal), p)
        _add(unsaved, convolve(_binomial(rolling, unsaved_roll), _binomial(lethal, 1 - saved)), p)
    return WeaponTable(
        steps=steps,
        count=_attack_counts(spec, weapon),
        bundles={k: float(v) for k, v in bundles.items()},
        wound=(float(wound[Verdict.FAIL]), float(wound[Verdict.SUCCESS]), float(crit)),
        hits=_array(hits),
        wounds=_array(wounds),
        unsaved=_array(unsaved),
    )


def _bundles(steps: Steps) -> dict[Bundle, Fraction]:
    if steps.hit is None:
        return {(0, 1, False): Fraction(1)}  # automatic hits: never critical
    table = steps.hit.table()
    out = {(0, 0, False): table[Verdict.FAIL], (0, 1, False): table[Verdict.SUCCESS]}
    extra = exact_pmf(steps.sustained) if steps.sustained is not None else {0: Fraction(1)}
    for x, p in extra.items():
        if steps.hit_mortal:  # the critical hit rolls no wound; Lethal Hits does not apply
            key: Bundle = (0, x, True)
        else:
            key = (1, x, True) if steps.lethal else (0, 1 + x, True)
        out[key] = out.get(key, Fraction(0)) + p * table[Verdict.CRITICAL]
    return out


def amounts(step: DamageStep) -> Array:
    """The Damage (or mortal wounds) of one event before feel-no-pain."""
    return _array(step.amounts())


def through(step: DamageStep) -> Array:
    """Wounds that get through feel-no-pain, per event (before the overkill cap)."""
    return _array(step.table())


def _attack_counts(spec: AttackSpec, weapon: Weapon) -> Array:
    """Seed 004: each attacking model rolls its own random Attacks; Blast, Rapid Fire per model."""
    one: dict[int, Fraction] = {}
    for rolled, p in attack_count.per_model(weapon).items():
        n = attacks_per_model(rolled, weapon, spec.rules, spec.target.models)
        one[n] = one.get(n, Fraction(0)) + p
    per_model = _array(one)
    total = np.ones(1)
    for _ in range(weapon.firing):
        total = np.convolve(total, per_model)
    return total


def convolve(a: dict[int, Fraction], b: dict[int, Fraction]) -> dict[int, Fraction]:
    """The distribution of the sum of two independent counts."""
    out: dict[int, Fraction] = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + px * py
    return out


def _binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    return {k: comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}


def _shift(pmf: dict[int, Fraction], by: int) -> dict[int, Fraction]:
    return {k + by: p for k, p in pmf.items()}


def _add(
    into: dict[int, Fraction], pmf: dict[int, Fraction], weight: Fraction = Fraction(1)
) -> None:
    for k, p in pmf.items():
        into[k] = into.get(k, Fraction(0)) + weight * p


def _array(pmf: dict[int, Fraction]) -> Array:
    out = np.zeros(max(pmf) + 1)
    for k, p in pmf.items():
        out[k] += float(p)
    return out

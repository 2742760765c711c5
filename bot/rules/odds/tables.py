"""Per attack, the exact joint table of outcomes, read from the same steps the resolver rolls.

An attack's hit roll gives a bundle: (wounds automatically via Lethal Hits: 0/1, hits that roll to
wound: 0..1+X). Each hit that rolls to wound ends as nothing (failed or saved), a normal damage
event, or a Devastating Wound; a Lethal Hits auto-wound is saved or becomes a normal damage event.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

import numpy as np

from bot.rules.odds.health import Array
from bot.rules.profiles import AttackSpec, Weapon, attacks_per_model
from bot.rules.sequence import Steps, Verdict, build_steps, exact_pmf


@dataclass(frozen=True, slots=True)
class WeaponTable:
    """Everything the distribution needs about one weapon."""

    count: Array  # P(attacks = n)
    bundles: dict[tuple[int, int], float]  # P(lethal auto-wounds, hits rolling to wound)
    normal: float  # a hit rolling to wound becomes a normal damage event
    devastating: float  # ... or a Devastating Wound
    lethal_unsaved: float  # a Lethal Hits auto-wound is not saved
    devastating_kind: str | None
    damage: Array  # wounds through feel-no-pain per normal (or current devastating) event
    mortal: Array  # mortal wounds through feel-no-pain per devastating (mortal) event
    hits: Array  # per-attack marginal pmfs
    wounds: Array
    unsaved: Array

    @property
    def most_events(self) -> int:
        return max(sum(b) for b, p in self.bundles.items() if p > 0)


def weapon_table(spec: AttackSpec, weapon: Weapon) -> WeaponTable:
    steps = build_steps(spec.rules, weapon, spec.target)
    bundles = _bundles(steps)
    wound = steps.wound.table()
    saved = steps.save.chance()
    dev = wound[Verdict.CRITICAL] if steps.devastating else Fraction(0)
    wounded = wound[Verdict.SUCCESS] + wound[Verdict.CRITICAL]
    normal = (wounded - dev) * (1 - saved)
    hits: dict[int, Fraction] = {}
    wounds: dict[int, Fraction] = {}
    unsaved: dict[int, Fraction] = {}
    for (lethal, rolling), p in bundles.items():
        _add(hits, {lethal + rolling: p})
        _add(wounds, _shift(_binomial(rolling, wounded), lethal), p)
        _add(unsaved, convolve(_binomial(rolling, normal + dev), _binomial(lethal, 1 - saved)), p)
    return WeaponTable(
        count=_attack_counts(spec, weapon),
        bundles={k: float(v) for k, v in bundles.items()},
        normal=float(normal),
        devastating=float(dev),
        lethal_unsaved=float(1 - saved),
        devastating_kind=steps.devastating,
        damage=_array(steps.damage.table()),
        mortal=_array(steps.mortal.table()),
        hits=_array(hits),
        wounds=_array(wounds),
        unsaved=_array(unsaved),
    )


def _bundles(steps: Steps) -> dict[tuple[int, int], Fraction]:
    if steps.hit is None:
        return {(0, 1): Fraction(1)}  # automatic hits: never critical
    table = steps.hit.table()
    out = {(0, 0): table[Verdict.FAIL], (0, 1): table[Verdict.SUCCESS]}
    extra = exact_pmf(steps.sustained) if steps.sustained is not None else {0: Fraction(1)}
    for x, p in extra.items():
        key = (1, x) if steps.lethal else (0, 1 + x)
        out[key] = out.get(key, Fraction(0)) + p * table[Verdict.CRITICAL]
    return out


def _attack_counts(spec: AttackSpec, weapon: Weapon) -> Array:
    """Seed 004: each attacking model rolls its own random Attacks; Blast, Rapid Fire per model."""
    one: dict[int, Fraction] = {}
    for rolled, p in exact_pmf(weapon.attacks).items():
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

"""Benchmark the exact odds: median time per case, and a vectorised numpy simulation to compare.

Run `python tests/bench/odds.py` (or `--quick` for a smoke run of a few repeats).
Targets: median <= 5 ms per case, <= 25 ms for 200 attacks into 20 x W3 with
`devastating wounds (mortal)`, and the exact odds >= 100x faster than a 100k-trial simulation.

Whole units (issue #17), end to end (`cost.check` then `compute`): a 10-model unit with 3 weapon
profiles into a 10-model Bodyguard + Leader, the same with a Precision weapon, and each modifier at
200 attacks into 20 x W3 (a critical-hit effect, save re-rolls, ...); targets median <= 5 ms,
worst <= 25 ms. The same-run baseline of each is the same attack into the plain target.

That worst case is saturated (every model dies), so its means cannot show a mistake in how damage is
allocated. The heavy unsaturated case (200 attacks BS4+ S4 D3 `devastating wounds (mortal)` into
20 x T4 Sv2+ W3, about 13.8 models destroyed) compares the FULL models-destroyed and damage pmfs
with the simulation's: every bin within 5 standard errors (exit status 1 if not).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.rules.odds import compute
from bot.rules.odds.cost import check
from bot.rules.profiles import AttackSpec, Part, target_from_text, weapon_from_text
from bot.rules.rulesets import TENTH
from tests.bench._simulate import UNSATURATED, damage_pmf, destroyed_pmf, simulate

ATTACKS = (1, 20, 60, 120, 200)
TARGETS = ((10, 1), (5, 3), (20, 3), (1, 12))
ABILITIES = (
    "",
    "sustained hits 1, lethal hits",
    "devastating wounds",
    "devastating wounds (mortal)",
)
WORST = (200, (20, 3), "devastating wounds (mortal)")
QUEUED = ((120, "devastating wounds"), (120, ""))  # a queue that waits for a later weapon


def spec(
    attacks: int, models: int, wounds: int, abilities: str, *more: tuple[int, str]
) -> AttackSpec:
    weapons = tuple(
        weapon_from_text(
            TENTH, attacks=str(n), skill="3+", strength=5, ap=-1, damage="D6", abilities=a
        )
        for n, a in ((attacks, abilities), *more)
    )
    target = target_from_text(toughness=4, save="3+", wounds=wounds, models=models)
    return AttackSpec(TENTH, weapons, target)


MODIFIERS = (
    "reroll saves: failed", "reroll armour saves: 1s", "reroll invulnerable saves: failed",
    "worsen ap 1", "ignore ap", "ignore invulnerable saves", "feel no pain 5+ vs mortal wounds",
    "halve damage", "+1 damage", "minimum damage 3", "reroll damage", "reroll damage: 1s",
    "+1 attacks", "+d3 attacks", "reroll attacks", "reroll attacks: 1s",
    "critical hits: 1 mortal wound", "critical hits: damage as mortal wounds",
    "critical wounds: +1 ap", "critical wounds: +1 damage", "reroll hits: fish",
    "reroll wounds: fish", "mortal wounds last, critical hits: 2 mortal wounds",
    "mortal wounds last, devastating wounds (mortal), feel no pain 5+ vs mortal wounds",
)  # fmt: skip
ATTACHED = Part(save=3, wounds=5, models=1, invuln=4, fnp=5)


def unit(precision: str = "", leader: Part | None = ATTACHED) -> AttackSpec:
    """10 models: 8 with 2 attacks, 1 heavy weapon, 1 flamer, into 10 x W2 and their Leader."""
    rows = (
        ("2", "3+", 4, -1, "1", "sustained hits 1", 8),
        ("1", "3+", 9, -3, "D6", precision, 1),
        ("D6", "auto", 5, 0, "1", "torrent", 1),
    )
    weapons = tuple(
        weapon_from_text(TENTH, attacks=a, skill=sk, strength=st, ap=ap, damage=d, abilities=ab,
                         attackers=n)
        for a, sk, st, ap, d, ab, n in rows
    )  # fmt: skip
    target = target_from_text(toughness=4, save="3+", wounds=2, models=10)
    return AttackSpec(TENTH, weapons, replace(target, leader=leader))


def modified(abilities: str, leader: Part | None = None, random: bool = False) -> AttackSpec:
    """200 attacks S5 AP-1 D3 with `abilities` into 20 x T4 Sv3+ 5++ W3 (and a Leader); an
    attacks modifier on 33 models with D6 attacks each (up to 198 before the modifier)."""
    random = random or "attacks" in abilities
    weapon = weapon_from_text(
        TENTH, attacks="D6" if random else "200", skill="3+", strength=5, ap=-1, damage="D3",
        abilities=abilities, attackers=33 if random else 1,
    )  # fmt: skip
    target = target_from_text(toughness=4, save="3+", wounds=3, models=20, invuln="5+")
    return AttackSpec(TENTH, (weapon,), replace(target, leader=leader))


def end_to_end(spec: AttackSpec) -> object:
    check(spec)
    return compute(spec)


def whole_units(repeats: int) -> bool:
    """Time the whole-unit cases against their plain-target baselines; True within targets."""
    print(f"{'whole units, modifiers (end to end); baseline: plain target, no modifier':<72}")
    cases = [("10 models, 3 weapons into 10 x W2 + Leader", unit(), unit(leader=None))]
    cases.append(("... with a Precision weapon", unit("precision"), unit("precision", None)))
    cases += [(m, modified(m), modified("", random="attacks" in m)) for m in MODIFIERS]
    cases.append(("200 attacks, precision, into 20 x W3 + Leader", modified("precision", ATTACHED),
                  modified("")))  # fmt: skip
    times = []
    for name, spec_, plain in cases:
        ms = median_ms(partial(end_to_end, spec_), repeats)
        base = median_ms(partial(end_to_end, plain), repeats)
        times.append(ms)
        print(f"{name[:72]:<72} {ms:>7.2f} {base:>7.2f}")
    median, worst = statistics.median(times), max(times)
    print(f"whole units: median {median:.2f} ms (<= 5), worst {worst:.2f} ms (<= 25)")
    return median <= 5 and worst <= 25


def median_ms(run: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times)


def simulate_worst(trials: int, seed: int = 0) -> float:
    """A vectorised simulation of the worst case: S5 AP-1 D6 into 20 x T4 3+ W3, dev (mortal).

    Attacks hit on 3+, wound on 3+; a wound roll of 6 is mortal wounds equal to D6 (spilling
    over); other wounds are saved on 4+ (3+ with AP -1) and deal D6 with the excess lost.
    Damage is applied in attack order per trial, vectorised over trials. Returns mean damage.
    """
    rng = np.random.default_rng(seed)
    attacks, models, wounds = 200, 20, 3
    health = np.full(trials, models * wounds)
    for _ in range(attacks):
        hit = rng.integers(1, 7, trials) >= 3
        wound_roll = rng.integers(1, 7, trials)
        mortal = hit & (wound_roll == 6)
        normal = hit & (wound_roll >= 3) & (wound_roll < 6) & (rng.integers(1, 7, trials) < 4)
        damage = rng.integers(1, 7, trials)
        on_model = np.where(health > 0, (health - 1) % wounds + 1, 0)
        health = health - np.where(normal, np.minimum(damage, on_model), 0)
        health = np.maximum(health - np.where(mortal, damage, 0), 0)
    return float(models * wounds - health.mean())


def unsaturated_spec() -> AttackSpec:
    """`UNSATURATED` as the engine reads it."""
    weapon = weapon_from_text(
        TENTH, attacks="200", skill="4+", strength=4, ap=0, damage="D3",
        abilities="devastating wounds (mortal)",
    )  # fmt: skip
    target = target_from_text(toughness=4, save="2+", wounds=3, models=20)
    return AttackSpec(TENTH, (weapon,), target)


def compare(name: str, exact: Sequence[float], simulated: np.ndarray, trials: int) -> bool:
    """Print the total variation distance and the largest per-bin error in standard errors."""
    p = np.zeros(max(len(exact), simulated.size))
    p[: len(exact)] = exact
    q = np.zeros_like(p)
    q[: simulated.size] = simulated
    error = np.sqrt(p * (1 - p) / trials) + 1 / trials  # one standard error (never zero)
    z = float(np.max(np.abs(q - p) / error))
    tvd = 0.5 * float(np.abs(q - p).sum())
    ok = z <= 5.0
    verdict = "PASS" if ok else "FAIL"
    print(f"  {name}: TVD {tvd:.4f}, worst bin {z:.1f} standard errors (<= 5): {verdict}")
    return ok


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repeats (CI smoke run)")
    args = parser.parse_args(argv)
    repeats = 3 if args.quick else 25
    print(f"{'attacks':>7} {'target':>7} {'abilities':<30} {'median ms':>9}")
    medians = []
    for attacks in ATTACKS:
        for models, wounds in TARGETS:
            for abilities in ABILITIES:
                case = spec(attacks, models, wounds, abilities)
                ms = median_ms(partial(compute, case), repeats)
                medians.append(ms)
                print(f"{attacks:>7} {models:>3}xW{wounds:<3} {abilities or '-':<30} {ms:>9.2f}")
    worst_spec = spec(WORST[0], *WORST[1], WORST[2])
    worst = median_ms(lambda: compute(worst_spec), repeats)
    queued_spec = spec(QUEUED[0][0], 20, 3, QUEUED[0][1], *QUEUED[1:])
    queued = median_ms(lambda: compute(queued_spec), repeats)
    trials = 10_000 if args.quick else 100_000
    start = time.perf_counter()
    simulated = simulate_worst(trials)
    sim_ms = 1000 * (time.perf_counter() - start)
    exact = compute(worst_spec).damage.mean
    print(
        f"median of all cases: {statistics.median(medians):.2f} ms; slowest {max(medians):.2f} ms"
    )
    print(f"worst case (200 attacks, 20xW3, devastating wounds (mortal)): {worst:.2f} ms")
    print(f"two weapons, 120 devastating wounds then 120 plain, 20xW3: {queued:.2f} ms")
    print(
        f"{trials}-trial numpy simulation: {sim_ms:.1f} ms; exact is {sim_ms / worst:.0f}x faster"
    )
    print(
        f"mean damage: exact {exact:.3f}, simulated {simulated:.3f} (saturated: every model dies)"
    )
    heavy = unsaturated_spec()
    heavy_ms = median_ms(lambda: compute(heavy), repeats)
    odds = compute(heavy)
    health = simulate(UNSATURATED, trials)
    print(
        f"unsaturated: 200 attacks BS4+ S4 D3 devastating wounds (mortal) into 20 x T4 Sv2+ W3: "
        f"{heavy_ms:.2f} ms; models destroyed mean {odds.destroyed.mean:.2f}"
    )
    print(f"exact pmfs against a {trials}-trial simulation:")
    ok = compare("models destroyed", odds.destroyed.pmf, destroyed_pmf(UNSATURATED, health), trials)
    ok &= compare("damage dealt", odds.damage.pmf, damage_pmf(UNSATURATED, health), trials)
    whole_units(repeats)  # timings are printed, not asserted (a shared machine varies)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())

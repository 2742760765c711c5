"""A vectorised NumPy Monte Carlo of one 10th-edition weapon, to time against and check the engine.

The rules reading is the engine's (`bot/rules/attack/resolve.py`, `bot/rules/odds`): attacks are
resolved one at a time, in order, each vectorised over every trial. A critical hit (an unmodified
6) with Lethal Hits is an automatic wound, applied before the attack's other hits; Sustained Hits
add hits that roll to wound. A critical wound (an unmodified 6) with `devastating wounds (mortal)`
is mortal wounds equal to the Damage, which spill over from model to model; any other wound is
saved or not, and its Damage is lost beyond the wounds left on the model it hits. Numpy only.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

Array = np.ndarray


@dataclass(frozen=True)
class Profile:
    """One weapon into one unit: the rolls needed (on a D6) and the damage die."""

    attacks: int
    hit: int  # BS/WS: 3 for 3+
    wound: int  # the wound roll needed after Strength against Toughness
    save: int  # the save needed after AP (7: no save)
    damage: int  # sides of the damage die: D3 or D6
    models: int
    wounds: int
    sustained: int = 0
    lethal: bool = False
    mortal: bool = False  # `devastating wounds (mortal)`


# The worst cases the benchmarks time, 10th edition:
# 200 attacks S5 AP-1 D6, BS3+, sustained hits 1, lethal hits, devastating wounds (mortal), into
# 20 x T5 W3 Sv4+: hit 3+, wound 4+ (S5 against T5), save 5+ (4+ with AP -1).
WIRE_WORST = Profile(
    200, hit=3, wound=4, save=5, damage=6, models=20, wounds=3, sustained=1, lethal=True,
    mortal=True,
)  # fmt: skip
# 200 attacks BS4+ S4 AP0 D3, devastating wounds (mortal), into 20 x T4 W3 Sv2+: not saturated
# (about 13.8 models destroyed on average), so the allocation of damage shows in the pmf.
UNSATURATED = Profile(200, hit=4, wound=4, save=2, damage=3, models=20, wounds=3, mortal=True)


def simulate(p: Profile, trials: int, seed: int = 0) -> Array:
    """The wounds left on the unit after the attack, one entry per trial."""
    rng = np.random.default_rng(seed)
    health = np.full(trials, p.models * p.wounds)

    def roll() -> Array:
        return rng.integers(1, 7, trials)

    def hurt(wounded: Array) -> None:
        """A wound that was not a mortal one: a save, then Damage lost beyond the model's wounds."""
        nonlocal health
        unsaved = wounded & (roll() < p.save)
        amount = rng.integers(1, p.damage + 1, trials)
        on_model = np.where(health > 0, (health - 1) % p.wounds + 1, 0)
        health = health - np.where(unsaved, np.minimum(amount, on_model), 0)

    for _ in range(p.attacks):
        die = roll()
        critical = die == 6
        landed = (die >= p.hit) & (die != 1)
        strikes = landed.astype(np.int64) + np.where(critical, p.sustained, 0)
        if p.lethal:
            hurt(critical)  # the automatic wound comes first
            strikes -= critical
        for k in range(1 + p.sustained):
            active = strikes > k
            wound = roll()
            success = active & (wound >= p.wound) & (wound != 1)
            if p.mortal:
                mortal = active & (wound == 6)
                success &= ~mortal
                amount = rng.integers(1, p.damage + 1, trials)
                health = np.maximum(health - np.where(mortal, amount, 0), 0)
            hurt(success)
    return health


def destroyed_pmf(p: Profile, health: Array) -> Array:
    """P(k models destroyed) for k = 0..models, from simulated health."""
    alive = -(-health // p.wounds)  # ceil: a wounded model is alive
    return np.bincount(p.models - alive, minlength=p.models + 1) / health.size


def damage_pmf(p: Profile, health: Array) -> Array:
    """P(k wounds lost) for k = 0..models x wounds."""
    total = p.models * p.wounds
    return np.bincount(total - health, minlength=total + 1) / health.size

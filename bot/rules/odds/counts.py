"""How many events a weapon's attacks make, exactly, through generating functions on an FFT grid.

A weapon makes a random number n of attacks (`WeaponTable.count`), each an independent copy of one
attack, so a count over all attacks has generating function sum over n of P(n) * f^n, where f is
one attack's generating function. Evaluated at the FFT frequencies this is elementwise arithmetic;
the inverse transform gives the exact pmf (up to float rounding).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from bot.rules.odds.health import Array
from bot.rules.odds.tables import WeaponTable

Spectrum = npt.NDArray[np.complex128]


def compound(attack: Spectrum, count: Array) -> Spectrum:
    """Sum over n of count[n] * attack^n, elementwise: Horner over the counts that can happen."""
    possible = np.flatnonzero(count)
    first, last = int(possible[0]), int(possible[-1])
    acc = np.zeros_like(attack)
    for n in range(last, first - 1, -1):
        acc = acc * attack + count[n]
    return acc * _power(attack, first)


def _power(x: Spectrum, n: int) -> Spectrum:
    """x^n elementwise by repeated squaring (exact integer powers, unlike exp(n log x))."""
    out = np.ones_like(x)
    while n:
        if n & 1:
            out = out * x
        x = x * x
        n >>= 1
    return out


def total(table: WeaponTable, per_attack: Array) -> Array:
    """The pmf of a count summed over all of the weapon's attacks, given its pmf per attack."""
    size = (table.count.size - 1) * (per_attack.size - 1) + 1
    grid = fast_size(size)
    return np.fft.irfft(compound(np.fft.rfft(per_attack, grid), table.count), grid)[:size]


def event_counts(table: WeaponTable, normal: float, lethal_unsaved: float) -> Array:
    """P(a normal damage events, m Devastating Wounds) over all the weapon's attacks, as [a, m].

    One attack's generating function in (u: normal event, z: Devastating Wound) is the sum over
    bundles of P(bundle) * (kept + unsaved u)^lethal * (nothing + normal u + devastating z)^rolls
    (`normal`: a hit rolling to wound becomes a normal damage event; `lethal_unsaved`: a Lethal
    Hits auto-wound is not saved),
    evaluated at the roots of unity of a grid large enough that no count wraps around.
    """
    pairs = table.pairs
    devastating = table.wound[2]
    live = [bundle for bundle, p in pairs.items() if p > 0]
    last = table.count.size - 1
    shape = (last * table.most_events + 1, last * max(rolls for _, rolls in live) + 1)
    grid = (fast_size(shape[0]), fast_size(shape[1]))
    u = np.exp(-2j * np.pi * np.arange(grid[0]) / grid[0])[:, None]
    z = np.exp(-2j * np.pi * np.arange(grid[1] // 2 + 1) / grid[1])[None, :]
    lethal = (1.0 - lethal_unsaved) + lethal_unsaved * u
    roll = (1.0 - normal - devastating) + normal * u + devastating * z
    attack = np.zeros(np.broadcast_shapes(u.shape, z.shape), dtype=np.complex128)
    for lethals, rolls in live:
        attack += pairs[lethals, rolls] * _power(lethal, lethals) * _power(roll, rolls)
    joint: Array = np.fft.irfft2(compound(attack, table.count), grid)
    return joint[: shape[0], : shape[1]]


def fast_size(n: int) -> int:
    """The least 5-smooth number >= n: an FFT length pocketfft transforms quickly."""
    while True:
        rest = n
        for p in (2, 3, 5):
            while rest % p == 0:
                rest //= p
        if rest == 1:
            return n
        n += 1

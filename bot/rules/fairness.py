"""Are the D6s fair? Pearson's chi-square goodness-of-fit of six face counts against 1 in 6 each.

A group that feels "the bot hates me" can settle it with numbers: the statistic measures how far
the counts are from an even spread, and its p-value is how often fair dice give a spread at least
that uneven. With six faces the statistic has 5 degrees of freedom, whose upper tail has a closed
form (odd degrees of freedom: the erfc term plus a short series), so no statistics library is
needed. The test is not trusted with fewer than 5 expected rolls of each face (30 dice): the
chi-square approximation to the exact distribution is poor below that.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

FACES = 6
DEGREES_OF_FREEDOM = FACES - 1
MIN_EXPECTED = 5  # the usual rule for trusting the chi-square approximation
MIN_DICE = MIN_EXPECTED * FACES


def chi_square(counts: tuple[int, ...]) -> float:
    """Pearson's statistic: the sum over faces of (observed − expected)² / expected, each face
    expected total / 6 times; 0 for no dice."""
    total = sum(counts)
    if total == 0:
        return 0.0
    expected = total / len(counts)
    return sum((seen - expected) ** 2 / expected for seen in counts)


def p_value_5df(statistic: float) -> float:
    """P(χ² ≥ statistic) for 5 degrees of freedom:
    Q(x) = erfc(√(x/2)) + √(2x/π)·e^(−x/2)·(1 + x/3)."""
    x = max(statistic, 0.0)
    tail = math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)
    return min(1.0, max(0.0, tail)) if math.isfinite(tail) else 0.0


@dataclass(frozen=True, slots=True)
class Fairness:
    """Six face counts (index 0 is a 1) and what the chi-square test makes of them."""

    counts: tuple[int, int, int, int, int, int]

    @property
    def total(self) -> int:
        return sum(self.counts)

    @property
    def expected(self) -> float:
        """How often fair dice would show each face in this many rolls."""
        return self.total / FACES

    @property
    def enough(self) -> bool:
        """Enough dice to judge: at least `MIN_EXPECTED` expected of each face."""
        return self.total > 0 and self.expected >= MIN_EXPECTED

    @property
    def statistic(self) -> float:
        return chi_square(self.counts)

    @property
    def p_value(self) -> float:
        return p_value_5df(self.statistic)

    def share(self, face: int) -> float:
        """The fraction of the dice that showed `face` (1 to 6); 0 for no dice."""
        return self.counts[face - 1] / self.total if self.total else 0.0

"""Exact distributions as small frozen values: cheap to pickle, easy to chart."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Distribution:
    """P(value = k) for k = 0, 1, 2, ... as a tuple of floats."""

    pmf: tuple[float, ...]

    def p(self, k: int) -> float:
        """P(value = k)."""
        return self.pmf[k] if 0 <= k < len(self.pmf) else 0.0

    def at_least(self, k: int) -> float:
        """P(value >= k): the chance of doing at least this well."""
        return min(1.0, max(0.0, sum(self.pmf[max(k, 0) :])))

    def at_most(self, k: int) -> float:
        return min(1.0, max(0.0, sum(self.pmf[: max(k + 1, 0)])))

    @property
    def mean(self) -> float:
        return sum(k * p for k, p in enumerate(self.pmf))

    @property
    def most(self) -> int:
        """The largest value with a non-zero chance."""
        return max((k for k, p in enumerate(self.pmf) if p > 0), default=0)


@dataclass(frozen=True, slots=True)
class Odds:
    """The exact distributions of one attack profile.

    `hits` counts every hit (Sustained Hits included); `wounds` every successful wound roll and
    Lethal Hits auto-wound; `unsaved` every wound not stopped by a save: failed saves plus wounds no
    save could be taken against (Devastating Wounds in either wording), counted whether or not the
    unit was still alive; `damage` the wounds the target actually lost (after overkill loss and
    feel-no-pain); `destroyed` the models destroyed (the Leader's included). Against a Bodyguard
    unit with its Leader, which save a wound meets depends on the model it is allocated to, so
    `unsaved` is None there, and `leader` holds the Leader models destroyed.
    """

    hits: Distribution
    wounds: Distribution
    unsaved: Distribution | None
    damage: Distribution
    destroyed: Distribution
    leader: Distribution | None = None

    def p_destroyed(self, k: int) -> float:
        """P(exactly k models destroyed)."""
        return self.destroyed.p(k)

    def p_destroyed_at_least(self, k: int) -> float:
        """P(k or more models destroyed)."""
        return self.destroyed.at_least(k)

    def as_good_as(self, damage: int) -> float:
        """P(a roll deals at least `damage`): how lucky an observed result was (lower: luckier)."""
        return self.damage.at_least(damage)

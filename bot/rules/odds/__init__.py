"""Exact distributions of an attack: `compute(spec) -> Odds` (no sampling)."""

from bot.rules.odds.engine import compute
from bot.rules.odds.result import Distribution, Odds

__all__ = ["Distribution", "Odds", "compute"]

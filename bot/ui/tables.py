"""The exact-odds table every command shares: one line per count k, exactly k and at least k."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from bot.ui.charts import visible_range

TABLE_LIMIT = 1900
HALF = Fraction(1, 2)
FLOAT_SLACK = 1e-9  # float sums of a whole distribution land a hair off 0 and 1


def percent(chance: float | Fraction) -> str:
    """One decimal, rounded half up; never 0.0% or 100.0% unless the chance really is 0 or 1."""
    if isinstance(chance, float):
        chance = 0.0 if chance < FLOAT_SLACK else 1.0 if chance > 1 - FLOAT_SLACK else chance
    exact = Fraction(chance)
    tenths = int(exact * 1000 + HALF)
    if exact > 0 and tenths == 0:
        return "<0.1%"
    if exact < 1 and tenths == 1000:
        return ">99.9%"
    return f"{tenths // 10}.{tenths % 10}%"


def pmf_table(probs: Sequence[float | Fraction], limit: int = TABLE_LIMIT) -> str:
    """P(exactly k) and P(at least k) per k, leaving off negligible tails (and saying so)."""
    lo, hi = visible_range([float(p) for p in probs])
    lines = [f"{'k':>3}  {'exactly':>8}  {'at least':>8}"]
    tail: float | Fraction = sum(probs[lo:], start=Fraction(0)) if probs else Fraction(0)
    for k in range(lo, hi + 1):
        lines.append(f"{k:>3}  {percent(probs[k]):>8}  {percent(tail):>8}")
        tail -= probs[k]
    body = "\n".join(lines)
    if len(body) > limit:
        body = body[: body.rfind("\n", 0, limit)] + "\n  …"
    trimmed = (lo, hi) != (0, len(probs) - 1)
    note = f"\nCounts outside {lo}–{hi} are each under 0.05%." if trimmed else ""
    return f"```\n{body}\n```{note}"

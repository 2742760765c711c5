"""Median and p99 in-process latency of /roll over 1000 invocations (target: median < 2 ms).

Each invocation is a raw INTERACTION_CREATE through the bot's ConnectionState, the real command
tree, transformers and cog, to the recorded interaction callback.
Run: `python tests/bench/roll_latency.py` (or `make bench`).
"""

from __future__ import annotations

import functools
import random
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.rules.dice import Dice
from tests.bench._latency import Row, report, timed
from tests.harness import Harness

CASES: list[tuple[str, dict[str, Any]]] = [
    ("total", {"dice": "2D6+1"}),
    ("pool", {"dice": "20D6", "target": "3+"}),
    ("pool + reroll", {"dice": "20D6", "target": "4+", "reroll": "ones"}),
    ("one string: pool + reroll", {"dice": "20D6 4+ reroll 1s"}),
    ("one string: 3D6 dl1", {"dice": "3D6 dl1"}),
    ("one string: 10 sets, 1,000 dice", {"dice": "10x 100D6+1 4+ reroll 1s"}),
]


async def roll(h: Harness, options: dict[str, Any]) -> object:
    return await h.slash("roll", **options)


async def measure(count: int) -> list[Row]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        async with Harness.running(Path(tmp), dice=Dice(random.Random(1))) as h:
            for name, options in CASES:
                for _ in range(min(50, count)):  # warm up
                    await h.slash("roll", **options)
                rows.append((name, *await timed(count, functools.partial(roll, h, options))))
    return rows


def main(argv: list[str] | None = None) -> int:
    title = "/roll in-process latency over {count} invocations each"
    return report(argv, __doc__, title, measure, full=1000, quick=20)


if __name__ == "__main__":
    sys.exit(main())

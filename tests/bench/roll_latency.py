"""Median and p99 in-process latency of /roll over 1000 invocations (target: median < 2 ms).

Each invocation is a raw INTERACTION_CREATE through the bot's ConnectionState, the real command
tree, transformers and cog, to the recorded interaction callback.
Run: `python tests/bench/roll_latency.py` (or `make bench`).
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.rules.dice import Dice
from tests.harness import Harness

CASES: list[tuple[str, dict[str, Any]]] = [
    ("total", {"dice": "2D6+1"}),
    ("pool", {"dice": "20D6", "target": "3+"}),
    ("pool + reroll", {"dice": "20D6", "target": "4+", "reroll": "ones"}),
]


async def measure(count: int) -> list[tuple[str, float, float]]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        async with Harness.running(Path(tmp), dice=Dice(random.Random(1))) as h:
            for name, options in CASES:
                for _ in range(min(50, count)):  # warm up
                    await h.slash("roll", **options)
                times = []
                for _ in range(count):
                    start = time.perf_counter()
                    await h.slash("roll", **options)
                    times.append((time.perf_counter() - start) * 1000)
                times.sort()
                p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
                rows.append((name, statistics.median(times), p99))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few invocations, for a smoke test")
    args = parser.parse_args(argv)
    count = 20 if args.quick else 1000
    print(f"/roll in-process latency over {count} invocations each")
    print(f"{'case':<16}{'median ms':>12}{'p99 ms':>10}")
    for name, median, p99 in asyncio.run(measure(count)):
        print(f"{name:<16}{median:>12.3f}{p99:>10.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

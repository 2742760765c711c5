"""Shared by the latency benchmarks: time an async action and print a median/p99 table."""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

Row = tuple[str, float, float]


async def samples(
    count: int,
    action: Callable[[], Awaitable[object]],
    before: Callable[[], Awaitable[object]] | None = None,
) -> list[float]:
    """`count` times of `action` in milliseconds, sorted, `before` (untimed) ahead of each."""
    times = []
    for _ in range(count):
        if before is not None:
            await before()
        start = time.perf_counter()
        await action()
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)


def percentile(times: list[float], share: float) -> float:
    """The sorted `times`' value `share` (0.95 for p95) of the way up."""
    return times[min(len(times) - 1, int(len(times) * share))]


async def timed(
    count: int,
    action: Callable[[], Awaitable[object]],
    before: Callable[[], Awaitable[object]] | None = None,
) -> tuple[float, float]:
    """Median and p99 in milliseconds of `action`, `before` (untimed) running ahead of each."""
    times = await samples(count, action, before)
    return statistics.median(times), percentile(times, 0.99)


def report(
    argv: list[str] | None,
    doc: str | None,
    title: str,
    measure: Callable[[int], Coroutine[Any, Any, list[Row]]],
    *,
    full: int,
    quick: int,
) -> int:
    """Parse `--quick`, run `measure(count)`, print the table; the exit status for `main`."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--quick", action="store_true", help="a few calls, for a smoke test")
    count = quick if parser.parse_args(argv).quick else full
    print(title.format(count=count))
    print(f"{'case':<30}{'median ms':>11}{'p99 ms':>9}")
    for name, median, p99 in asyncio.run(measure(count)):
        print(f"{name:<30}{median:>11.3f}{p99:>9.3f}")
    return 0

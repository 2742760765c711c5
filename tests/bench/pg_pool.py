"""Waits for a pooled PostgreSQL connection under a burst: Vox's turns against asyncpg's queue.

300 members each send 20 statements (`SELECT 1`, so the wait is for the pool, not the server)
through one `PostgresDatabase` with a pool of 4 connections, all at once. Vox hands out the pool
in turns, first come first served (`PostgresDatabase._turns`); the same-run baseline is asyncpg's
own queue (the turns lifted, which a benchmark may do), where a member woken for a released
connection loses it to a newcomer and queues again at the back. Each wait is from asking to the
statement's answer, in ms: median, p99 and worst, and statements per second. What matters is
the worst: a wait past 1.5 s is refused as busy. Alternating runs, three each.
Run: `python tests/bench/pg_pool.py` (or `make bench`); it needs PostgreSQL's server programs.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.store import postgres
from bot.store.connect import open_database
from tests import pg
from tests.bench._latency import percentile
from tests.bench._pg import NEEDS_POSTGRES, fresh, missing

REQUIRES = NEEDS_POSTGRES
POOL = 4
TURNS, QUEUE = "Vox's turns (first come, first served)", "asyncpg's queue (baseline)"


async def burst(url: str, members: int, statements: int, turns: bool) -> tuple[float, list[float]]:
    """Statements per second and every wait (ms, sorted) of one burst."""
    db = await open_database(url, pool_size=POOL)
    assert isinstance(db, postgres.PostgresDatabase)
    if not turns:
        db._turns = asyncio.Semaphore(members)  # never in the way: asyncpg's queue decides
    waits: list[float] = []

    async def member() -> None:
        for _ in range(statements):
            start = time.perf_counter()
            await db.fetch("SELECT 1")
            waits.append((time.perf_counter() - start) * 1000)
            await asyncio.sleep(0)  # as a member's next click arrives among the others'

    try:
        start = time.perf_counter()
        await asyncio.gather(*(member() for _ in range(members)))
        elapsed = time.perf_counter() - start
    finally:
        await db.close()
    return len(waits) / elapsed, sorted(waits)


async def measure(
    runs: int, members: int, statements: int
) -> dict[str, list[tuple[float, list[float]]]]:
    found: dict[str, list[tuple[float, list[float]]]] = {QUEUE: [], TURNS: []}
    saved = postgres.ACQUIRE_WAIT_S
    postgres.ACQUIRE_WAIT_S = 60.0  # measure the waits instead of refusing the long ones
    try:
        with pg.running() as server:
            url = await fresh(server)
            for _ in range(runs):
                for label in found:
                    found[label].append(await burst(url, members, statements, label == TURNS))
    finally:
        postgres.ACQUIRE_WAIT_S = saved
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a tiny run, for a smoke test")
    args = parser.parse_args(argv)
    why = missing()
    if why is not None:
        print(f"pg_pool: not run: {why}")
        return 0
    runs, members, statements = (1, 10, 3) if args.quick else (3, 300, 20)
    found = asyncio.run(measure(runs, members, statements))
    print(f"Waits for a pool of {POOL}: {members} members x {statements} statements at once, "
          f"{runs} run(s) each (ms)")  # fmt: skip
    print(f"{'':<42}{'statements/s':>13}{'median':>8}{'p99':>8}{'worst':>8}")
    for label, bursts in found.items():
        waits = sorted(w for _, ws in bursts for w in ws)
        rate = statistics.median(r for r, _ in bursts)
        print(f"{label:<42}{rate:>13,.0f}{statistics.median(waits):>8.1f}"
              f"{percentile(waits, 0.99):>8.1f}{waits[-1]:>8.1f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())

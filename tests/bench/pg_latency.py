"""In-process latency of /game status and a Next-phase click on PostgreSQL, SQLite beside it.

The cases of `game_latency` (a game of 60 events and 20 units; "cold" truncates the log back to
them and clears the tracker's memory, so the game is read and folded again) run through the
in-process Harness twice in one run: on SQLite on disk, the baseline, and on a throwaway
PostgreSQL server (`tests.pg`: default settings, so every commit waits for its WAL flush) over
its Unix socket. Median, p95 and worst in ms, and the round trips one call makes to PostgreSQL
(asyncpg's count of the queries its connections sent). Target: median ≤ 10 ms on PostgreSQL.
Run: `python tests/bench/pg_latency.py` (or `make bench`); it needs PostgreSQL's server programs.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.rules.dice import Dice
from bot.store.database import Database
from tests import pg
from tests.bench._latency import percentile, samples
from tests.bench._pg import NEEDS_POSTGRES, machine, missing, round_trips
from tests.bench.game_latency import Action, cases
from tests.harness import Harness

REQUIRES = NEEDS_POSTGRES
Stats = tuple[float, float, float, float]  # median, p95, worst (ms); round trips per call


async def _time(db: Database, count: int, action: Action, before: Action | None) -> Stats:
    trips: list[int] = []

    async def counted() -> None:
        start = round_trips(db)
        await action()
        trips.append(round_trips(db) - start)

    times = await samples(count, counted, before)
    return statistics.median(times), percentile(times, 0.95), times[-1], statistics.mean(trips)


async def run(count: int, database: str | None) -> dict[str, Stats]:
    """Every case's figures on `database` (None: SQLite in a fresh folder)."""
    with tempfile.TemporaryDirectory() as tmp:
        dice = Dice(random.Random(1))
        async with Harness.running(Path(tmp), dice=dice, database=database) as h:
            return {
                name: await _time(h.bot.db, count, action, before)
                for name, action, before in await cases(h)
            }


async def measure(count: int) -> tuple[dict[str, Stats], dict[str, Stats]]:
    sqlite = await run(count, None)
    with pg.running() as server:
        postgres = await run(count, await server.create_database())
    return sqlite, postgres


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a few calls, for a smoke test")
    count = 5 if parser.parse_args(argv).quick else 300
    why = missing()
    if why is not None:
        print(f"pg_latency: not run: {why}")
        return 0
    sqlite, postgres = asyncio.run(measure(count))
    print(f"/game in-process latency, 20 units, {count} calls each, in ms "
          f"(target: PostgreSQL median <= 10); {machine()}")  # fmt: skip
    print(f"{'case':<30}{'SQLite median':>14}{'p95':>7}{'worst':>7}"
          f"{'PostgreSQL median':>19}{'p95':>7}{'worst':>7}{'round trips':>13}")  # fmt: skip
    for name, (median, p95, worst, _) in sqlite.items():
        pg_median, pg_p95, pg_worst, trips = postgres[name]
        print(f"{name:<30}{median:>14.2f}{p95:>7.2f}{worst:>7.2f}"
              f"{pg_median:>19.2f}{pg_p95:>7.2f}{pg_worst:>7.2f}{trips:>13.1f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())

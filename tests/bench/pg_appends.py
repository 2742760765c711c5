"""Tracked writes per second on PostgreSQL across 500 channels, from one process and from two.

Every channel has a game, and two members act in each at once: every action goes through the
bot's own path, `Tracker.act` (decided against the ledger's cached state, appended with the
guarded INSERT, decided again on a conflict), one event per action, so every event is its own
commit. A worker is a separate OS process (this script with `--worker`) that starts its channels'
games, says it is ready, and on the word plays them all concurrently through its own pool; the
clock runs from the word to the last worker's finish. "one process" is one worker on all 500
channels; "two processes" is two workers on 250 each, sharing the database. SQLite's one-process
figure, run the same way on a file, is the same-run baseline. The PostgreSQL server is a
throwaway one (`tests.pg`) with default durability (each commit waits for its WAL flush); a run
with synchronous_commit=off, which acknowledges a commit before its flush, is shown apart.
Target: ≥ 3,000 events/s with two processes. Median of three runs, taking turns; the machine's
load average (other programs running) is printed beside the figures.
Run: `python tests/bench/pg_appends.py` (or `make bench`); it needs PostgreSQL's server programs.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.errors import Busy
from bot.game import choose_first_player, gain_cp, score_vp, start_game
from bot.store.connect import open_database
from bot.store.database import DEFAULT_POOL_SIZE
from bot.store.failures import DatabaseBusy
from bot.tracker import Tracker
from tests import pg
from tests.bench._pg import NEEDS_POSTGRES, fresh, machine, missing

REQUIRES = NEEDS_POSTGRES
PLAYERS = (1, 2)
Counts = tuple[int, int]  # events appended, busy refusals
GUILD = 1


async def member(tracker: Tracker, channel: int, player: int, actions: int) -> Counts:
    """One member's actions in one channel, one after another (as clicks arrive): the events
    appended, and the times the bot would have answered "busy, try again" (then tried again)."""
    appended = refused = 0
    for i in range(actions):
        rule = gain_cp if i % 2 else score_vp
        decide = functools.partial(rule, player=player, amount=1, reason="bench")
        while True:
            try:
                outcome = await tracker.act(channel, player, decide)
                break
            except (DatabaseBusy, Busy):
                refused += 1
        appended += len(outcome.appended)
    return appended, refused


async def worker(target: str, first: int, channels: int, per_channel: int, pool: int) -> None:
    """Start the games, print `ready`, wait for a line on stdin, play, print `done`."""
    db = await open_database(target, pool_size=pool)
    try:
        tracker = Tracker(db)
        mine = range(first, first + channels)

        async def begin(channel: int) -> None:
            await tracker.start(GUILD, channel, start_game("9th", PLAYERS), PLAYERS[0])
            await tracker.act(channel, PLAYERS[0], lambda s: choose_first_player(s, PLAYERS[0]))

        await asyncio.gather(*(begin(c) for c in mine))
        print("ready", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        each = per_channel // len(PLAYERS)
        played = await asyncio.gather(*(member(tracker, c, p, each) for c in mine for p in PLAYERS))
        appended, refused = (sum(counts) for counts in zip(*played, strict=True))
        print(f"done {appended} {refused}", flush=True)
    finally:
        await db.close()


async def spawn(
    target: str, first: int, channels: int, per_channel: int
) -> asyncio.subprocess.Process:
    command = [sys.executable, __file__, "--worker", target, str(first), str(channels),
               str(per_channel)]  # fmt: skip
    pipe = asyncio.subprocess.PIPE
    return await asyncio.create_subprocess_exec(*command, stdin=pipe, stdout=pipe)


async def expect(proc: asyncio.subprocess.Process, word: str) -> str:
    """The worker's next line, which must start with `word`; the rest of it."""
    assert proc.stdout is not None
    line = (await proc.stdout.readline()).decode().strip()
    if not line.startswith(word):
        await proc.wait()
        raise RuntimeError(f"a worker said {line!r} instead of {word!r} (exit {proc.returncode})")
    return line.removeprefix(word).strip()


async def rate(target: str, processes: int, channels: int, per_channel: int) -> Run:
    """Events per second of `processes` workers sharing `channels` channels, and how many of
    their actions were refused as busy (and tried again)."""
    share = channels // processes
    workers = [await spawn(target, 1 + i * share, share, per_channel) for i in range(processes)]
    try:
        await asyncio.gather(*(expect(w, "ready") for w in workers))
        start = time.perf_counter()
        for w in workers:
            assert w.stdin is not None
            w.stdin.write(b"go\n")
            await w.stdin.drain()
        done = await asyncio.gather(*(expect(w, "done") for w in workers))
        elapsed = time.perf_counter() - start
    finally:
        for w in workers:
            if w.stdin is not None:
                w.stdin.close()
            await w.wait()
    counts = [[int(n) for n in d.split()] for d in done]
    events, refused = (sum(column) for column in zip(*counts, strict=True))
    expected = share * processes * per_channel
    if events != expected:
        raise RuntimeError(f"{events} events were appended, not {expected}")
    return events / elapsed, refused


Run = tuple[float, int]  # events/s, busy refusals
Results = dict[str, list[Run]]


async def measure(runs: int, channels: int, per_channel: int) -> Results:
    results: Results = {}

    async def record(label: str, target: str, processes: int) -> None:
        found = await rate(target, processes, channels, per_channel)
        results.setdefault(label, []).append(found)

    # The runs take turns (SQLite, PostgreSQL with one process, with two, not durable), so a
    # change in the machine's load falls on each alike.
    with (
        tempfile.TemporaryDirectory() as tmp,
        pg.running() as server,
        pg.running("-c synchronous_commit=off") as unsafe,
    ):
        for i in range(runs):
            await record(SQLITE, str(Path(tmp) / f"run{i}.sqlite3"), 1)
            await record(ONE, await fresh(server), 1)
            await record(TWO, await fresh(server), 2)
            await record(UNSAFE, await fresh(unsafe), 2)
    return results


SQLITE = "SQLite, one process (baseline)"
ONE = "PostgreSQL, one process"
TWO = "PostgreSQL, two processes"
UNSAFE = "PostgreSQL, two processes, synchronous_commit=off (not durable)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a tiny run, for a smoke test")
    parser.add_argument("--worker", nargs=4, metavar=("TARGET", "FIRST", "CHANNELS", "EVENTS"),
                        help="(internal) play channels FIRST… on TARGET and report")  # fmt: skip
    args = parser.parse_args(argv)
    if args.worker:
        target, first, channels, per_channel = args.worker
        asyncio.run(worker(target, int(first), int(channels), int(per_channel), DEFAULT_POOL_SIZE))
        return 0
    why = missing()
    if why is not None:
        print(f"pg_appends: not run: {why}")
        return 0
    runs, channels, per_channel = (1, 4, 4) if args.quick else (3, 500, 20)
    results = asyncio.run(measure(runs, channels, per_channel))
    print(f"Tracked appends: {channels} channels x {per_channel} events (2 members acting in each "
          f"at once, one event a commit), events/s, median of {runs} run(s)")  # fmt: skip
    print(f"({machine()})")
    print(f"{'':<66}{'events/s':>9}{'busy':>6}   runs")
    for label, found in results.items():
        rates = [r for r, _ in found]
        refused = sum(n for _, n in found)
        target = "  (target >= 3,000)" if label == TWO else ""
        each = " / ".join(f"{r:,.0f}" for r in rates)
        print(f"{label:<66}{statistics.median(rates):>9,.0f}{refused:>6}   [{each}]{target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Event store and game model speed: appends per second, and fold + phase prompt latency.

Appends: 500 channels, 20 events each, appended one event per append (the worst case: each its own
`BEGIN IMMEDIATE` transaction) concurrently on one connection, three runs; target ≥ 2,000 events/s.
Fold: the median time of `fold` + `phase_prompt` over a 60-event game with 20 units; target ≤ 10 ms.
Run: `python tests/bench/events.py` (or `make bench`); `--quick` is a tiny run for the smoke test.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.game import (
    Recorded,
    add_unit,
    choose_first_player,
    damage,
    fold,
    gain_cp,
    next_phase,
    phase_prompt,
    profile,
    start_game,
)
from bot.game.events import Event, VictoryPointsScored
from bot.game.state import GameState
from bot.store import games
from bot.store.connect import open_database

AT = "2024-06-01T18:00:00.000Z"


async def appends(channels: int, per_channel: int) -> float:
    """Events appended per second, every channel appending its events one at a time."""
    with tempfile.TemporaryDirectory() as tmp:
        async with await open_database(Path(tmp) / "bench.sqlite3") as db:
            started = start_game("9th", (1, 2))
            ids = [
                (await games.create_game(db, guild_id=1, channel_id=c, started=started, actor=1)).id
                for c in range(channels)
            ]

            async def play(game_id: int) -> None:
                for seq in range(1, per_channel + 1):
                    event = VictoryPointsScored(player=1, amount=1, reason="bench")
                    await games.append(db, game_id, seq, [event], actor=1, at=AT)

            start = time.perf_counter()
            await asyncio.gather(*(play(g) for g in ids))
            elapsed = time.perf_counter() - start
    return channels * per_channel / elapsed


def sample_log(units: int = 20, total: int = 60) -> list[Recorded]:
    """A 9th-edition game with `units` units and `total` events, ending in a Morale phase."""
    log: list[Recorded] = []
    state = GameState()

    def push(events: list[Event]) -> None:
        nonlocal state
        for event in events:
            log.append(Recorded(len(log) + 1, 1, AT, event))
        state = fold(log)

    push([start_game("9th", (1, 2))])
    for i in range(units):
        shape = profile(name=f"Unit {i}", models=10, wounds=2, keywords=["INFANTRY"])
        push(add_unit(state, 1 + i % 2, shape))
    push(choose_first_player(state, 1))
    while len(log) < total - 7:
        push(gain_cp(state, 1, 1, "bench"))
    for _ in range(5):
        push(next_phase(state))
    push(damage(state, "Unit 1", [2, 2, 2], source="bench"))
    push(next_phase(state))
    return log


def fold_and_prompt(runs: int) -> tuple[int, int, float]:
    log = sample_log()
    for _ in range(min(20, runs)):
        phase_prompt(fold(log))
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        phase_prompt(fold(log))
        times.append((time.perf_counter() - start) * 1000)
    return len(log), len(fold(log).units), statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true", help="a tiny run, for a smoke test")
    args = parser.parse_args(argv)
    channels, per_channel, runs = (5, 4, 5) if args.quick else (500, 20, 500)
    rates = sorted(asyncio.run(appends(channels, per_channel)) for _ in range(3))
    print(
        f"appends: {channels} channels x {per_channel} events, one per transaction: "
        f"median {rates[1]:,.0f} events/s, best {rates[-1]:,.0f} (target >= 2,000)"
    )
    events, units, median = fold_and_prompt(runs)
    print(f"fold + phase_prompt: {events} events, {units} units: median {median:.3f} ms (<= 10)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

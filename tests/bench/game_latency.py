"""In-process latency of /game status and a phase advance in a game of 60 events and 20 units.

Each call is a raw INTERACTION_CREATE through the real command tree to the recorded reply, with
SQLite on disk. "cold" truncates the log back to its 60 events and clears the tracker's memory
first, so the game is loaded and folded from the log (as after a restart). Target: median ≤ 10 ms.
Run: `python tests/bench/game_latency.py` (or `make bench`).
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.rules.dice import Dice
from bot.store.games import active_game, load_events
from tests.bench._latency import Row, report, timed
from tests.harness import BOB, CHANNEL_ID, Harness
from tests.harness.posts import refusals


async def build(h: Harness) -> int:
    """20 units and enough damage to make 60 events; returns the log length."""
    await h.slash("game start", opponent=BOB, first="me")
    for i in range(20):
        extra: dict[str, Any] = {"owner": BOB} if i % 2 else {}
        await h.slash(
            "unit add", name=f"Squad {i}", models=10, wounds=2, toughness=4, save="3+", **extra
        )
    record = await active_game(h.bot.db, CHANNEL_ID)
    assert record is not None
    i = 0
    while len(await load_events(h.bot.db, record.id)) < 60:
        await h.slash("unit damage", unit=f"Squad {i % 20}", wounds=1)
        i += 1
    return len(await load_events(h.bot.db, record.id))


async def measure(count: int) -> list[Row]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        async with Harness.running(Path(tmp), dice=Dice(random.Random(1))) as h:
            events = await build(h)
            tracker = h.bot.tracker

            async def cold() -> None:
                """Back to exactly the built log, nothing in memory (a benchmark may reach in)."""
                async with h.sqlite.lock:
                    await h.sqlite.conn.execute("DELETE FROM events WHERE seq > ?", (events,))
                tracker._items.clear()

            async def advance() -> None:
                sent = await h.slash("game next")
                assert not refusals(sent), sent

            async def undo() -> None:
                await h.slash("game undo")

            rows.append(
                (
                    f"status, warm ({events} events)",
                    *await timed(count, lambda: h.slash("game status")),
                )
            )
            rows.append(("status, cold", *await timed(count, lambda: h.slash("game status"), cold)))
            rows.append(("next phase, warm", *await timed(count, advance, undo)))
            rows.append(("next phase, cold", *await timed(count, advance, cold)))
    return rows


def main(argv: list[str] | None = None) -> int:
    title = "/game in-process latency, 20 units, {count} calls each"
    return report(argv, __doc__, title, measure, full=300, quick=5)


if __name__ == "__main__":
    sys.exit(main())

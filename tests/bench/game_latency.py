"""In-process latency of /game status and a phase advance in a game of 60 events and 20 units.

Each call is a raw INTERACTION_CREATE through the real command tree to the recorded reply, with
SQLite on disk; a phase advance is timed both as /game next and as a click of the prompt's Next
phase button. "cold" truncates the log back to its 60 events and clears the tracker's memory
first, so the game is loaded and folded from the log (as after a restart). Target: median ≤ 10 ms.
`pg_latency` times the same cases on PostgreSQL.
Run: `python tests/bench/game_latency.py` (or `make bench`).
"""

from __future__ import annotations

import random
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.rules.dice import Dice
from bot.store.games import active_game, load_events
from tests.bench._latency import Row, report, timed
from tests.harness import BOB, CHANNEL_ID, Harness
from tests.harness.posts import refusals, shown


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


Action = Callable[[], Awaitable[object]]
Case = tuple[str, Action, Action | None]  # a name, what is timed, what runs (untimed) before it


async def cases(h: Harness) -> list[Case]:
    """Build the game, then the timed cases: /game status and a phase advance (by /game next and
    by the prompt's Next phase button), warm and cold, on whichever database `h` runs."""
    events = await build(h)
    db, tracker = h.bot.db, h.bot.tracker
    prompt = [shown(await h.slash("game status"))]

    async def cold() -> None:
        """Back to exactly the built log, nothing in memory (a benchmark may reach in)."""
        await db.execute("DELETE FROM events WHERE seq > ?", (events,))
        await db.execute("DELETE FROM game_snapshots")
        tracker._items.clear()

    async def advance() -> None:
        sent = await h.slash("game next")
        assert not refusals(sent), sent

    async def click() -> None:
        sent = await h.click(prompt[0].button("Next phase")["custom_id"], on=prompt[0])
        assert not refusals(sent), sent
        prompt[0] = shown(sent)

    async def undo() -> None:
        prompt[0] = shown(await h.slash("game undo"))

    async def cold_prompt() -> None:
        """`cold`, with a prompt to click (read before the tracker's memory is cleared)."""
        await cold()
        prompt[0] = shown(await h.slash("game status"))
        tracker._items.clear()

    return [
        (f"status, warm ({events} events)", lambda: h.slash("game status"), None),
        ("status, cold", lambda: h.slash("game status"), cold),
        ("next phase, warm", advance, undo),
        ("next phase, cold", advance, cold),
        ("Next phase click, warm", click, undo),
        ("Next phase click, cold", click, cold_prompt),
    ]


async def measure(count: int) -> list[Row]:
    with tempfile.TemporaryDirectory() as tmp:
        async with Harness.running(Path(tmp), dice=Dice(random.Random(1))) as h:
            return [
                (name, *await timed(count, act, before)) for name, act, before in await cases(h)
            ]


def main(argv: list[str] | None = None) -> int:
    title = "/game in-process latency, 20 units, {count} calls each"
    return report(argv, __doc__, title, measure, full=300, quick=5)


if __name__ == "__main__":
    sys.exit(main())

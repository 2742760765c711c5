"""In-process latency of /rolls history (and its Older ▶ button) and /rolls stats on a channel
with 10,000 stored rolls (another channel holds 2,000 more), end to end through the harness: the
real command tree, cog, use case, SQLite and chart. Target: p99 ≤ 50 ms for each. The same-run
baseline is /help, a command that reads nothing.

Before each /rolls stats one more roll (by the member the player cases ask about) is stored,
untimed, so the counts change and the chart is drawn anew every time, as in a channel being played
in, rather than taken from the chart cache.
Run: `python tests/bench/rolls_history.py` (or `make bench`).
"""

from __future__ import annotations

import functools
import random
import sys
import tempfile
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.play.roll_history import PAGE
from bot.rules.dice import Dice
from bot.store.roll_log import RollEntry, add_roll
from tests.bench._latency import Row, report, timed
from tests.harness import ALICE, BOB, CAROL, CHANNEL_ID, DAVE, Harness
from tests.harness.payloads import Person
from tests.harness.recorder import Sent

Action = Callable[[], Awaitable[object]]

ROWS, OTHER_ROWS = 10_000, 2_000
QUICK_ROWS, QUICK_OTHER = 1_000, 200
FULL, QUICK = 300, 10
TARGET_MS = 50.0
PEOPLE = (ALICE, BOB, CAROL, DAVE)
# What a history line shows: a /roll, an attack, a test, a charge, with their own sizes.
KINDS = (
    ("/roll", "10D6 3+", "{n} successes of 10", 10),
    ("/roll", "2D6+1", "total {n}", 2),
    ("/attack", "Bolt rifle → Boyz", "{n} hits · 2 wounds · 2 damage · 1 destroyed", 40),
    ("/battleshock", "Boyz battle-shock test", "rolled {n}: passed", 2),
    ("/charge", 'Intercessors charge 7"', "rolled {n}: made it", 2),
)
LABELS = (None, None, "Bolter hits", "Overwatch", "Heroic intervention")


def entry(rng: random.Random, channel: int, who: Person | None = None) -> RollEntry:
    """A roll of one of the `KINDS`, by `who` or anyone, with its D6 faces."""
    command, what, result, dice = rng.choice(KINDS)
    faces = [0] * 6
    for _ in range(dice):
        faces[rng.randrange(6)] += 1
    one, two, three, four, five, six = faces
    who = who or rng.choice(PEOPLE)
    return RollEntry(
        channel, who.id, who.name, command, what, result.format(n=rng.randint(0, dice)),
        label=rng.choice(LABELS), d6=(one, two, three, four, five, six), dice=dice,
    )  # fmt: skip


async def fill(h: Harness, rows: int, other: int) -> list[int]:
    """`rows` rolls in the harness's channel over the last 180 days, `other` elsewhere; the ids
    of the channel's rolls, oldest first."""
    rng = random.Random(16)
    start = datetime.now(UTC) - timedelta(days=180)
    ids = []
    for i in range(rows + other):
        at = start + timedelta(days=180 * i / (rows + other))
        stamp = at.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        channel = CHANNEL_ID + 1 if other and i % ((rows + other) // other) == 0 else CHANNEL_ID
        roll_id = await add_roll(h.bot.db, entry(rng, channel), at=stamp)
        if channel == CHANNEL_ID:
            ids.append(roll_id)
    return ids


class Pager:
    """Presses Older ▶ on the history message it holds, one page deeper each time (as a member
    reading back through the channel does), starting `depth` pages in."""

    def __init__(self, h: Harness, depth: int) -> None:
        self.h, self.depth = h, depth
        self.page: Sent | None = None

    async def start(self) -> None:
        [self.page] = await self.h.slash("rolls history")
        for _ in range(self.depth):
            await self.older()

    async def older(self) -> object:
        assert self.page is not None
        custom_id = self.page.button("Older ▶")["custom_id"]
        [self.page] = await self.h.click(custom_id, on=self.page, user=BOB)
        return self.page


def cases(h: Harness, pages: int) -> list[tuple[str, Pager | None, Action]]:
    """Each case: its name, the pager it needs started (untimed) and its action."""
    since = (datetime.now(UTC) - timedelta(days=30)).date().isoformat()
    slash = h.slash
    both: dict[str, Any] = {"player": BOB, "since": since}
    near, deep = Pager(h, 0), Pager(h, pages // 2)
    return [
        ("baseline: /help", None, functools.partial(slash, "help")),
        ("/rolls history", None, functools.partial(slash, "rolls history")),
        ("Older ▶ from page 1", near, near.older),
        (f"Older ▶ from page {pages // 2 + 1}", deep, deep.older),
        ("/rolls stats", None, functools.partial(slash, "rolls stats")),
        ("/rolls stats player", None, functools.partial(slash, "rolls stats", player=BOB)),
        ("/rolls stats since", None, functools.partial(slash, "rolls stats", since=since)),
        ("/rolls stats player since", None, functools.partial(slash, "rolls stats", **both)),
    ]


async def measure(count: int) -> list[Row]:
    quick = count < FULL
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        async with Harness.running(Path(tmp), dice=Dice(random.Random(1))) as h:
            ids = await fill(h, *((QUICK_ROWS, QUICK_OTHER) if quick else (ROWS, OTHER_ROWS)))
            pages = len(ids) // PAGE - count - 40  # room to page on through warm-up and timing
            rng = random.Random(17)

            async def new_roll() -> object:
                return await add_roll(h.bot.db, entry(rng, CHANNEL_ID, BOB))  # counts in each case

            for name, pager, action in cases(h, pages):
                if pager is not None:
                    await pager.start()
                before = new_roll if name.startswith("/rolls stats") else None
                for _ in range(min(20, count)):  # warm up
                    await action()
                median, p99 = await timed(count, action, before)
                mark = (
                    ""
                    if name.startswith("baseline")
                    else ("  ok" if p99 <= TARGET_MS else "  MISS")
                )
                rows.append((f"{name}{mark}", median, p99))
    return rows


def main(argv: list[str] | None = None) -> int:
    title = (
        "/rolls history and /rolls stats over {count} invocations each, 10,000 rolls in the "
        f"channel (--quick: {QUICK_ROWS}); target p99 <= {TARGET_MS:.0f} ms"
    )
    return report(argv, __doc__, title, measure, full=FULL, quick=QUICK)


if __name__ == "__main__":
    sys.exit(main())

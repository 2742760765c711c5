"""In-process latency of /campaign status, roster and card for a long campaign: 2 players, 60
cards, 30 battles each run through its whole post-battle sequence (about 240 events).

"warm" has the campaign in memory (only newer events are read); "cold" reads and folds the whole
log from SQLite, as after a restart. Target: median ≤ 20 ms.
Run: `python tests/bench/campaign_latency.py` (or `make bench`).
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from bot.campaign import (
    CampaignState,
    Card,
    Event,
    Recorded,
    add_card,
    advance,
    create_campaign,
    fold,
    join,
    mark,
    record_battle,
)
from bot.campaign.events import CampaignCreated
from bot.game.units import UnitProfile
from bot.rules.dice import Dice
from bot.store import campaigns as store
from tests.bench._latency import Row, report, timed
from tests.harness import ALICE, BOB, GUILD_ID, Harness

CARDS, BATTLES = 60, 30


class Log:
    def __init__(self, created: CampaignCreated) -> None:
        self.created = created
        self.events: list[Event] = []

    @property
    def state(self) -> CampaignState:
        log = [self.created, *self.events]
        return fold(Recorded(i, None, "", e) for i, e in enumerate(log, 1))


def campaign_log() -> Log:
    """The whole log, decided against the pure model (every battle's aftermath finished)."""
    dice = Dice(random.Random(7))
    log = Log(create_campaign("Vigilus", "10th", guild=GUILD_ID, creator=ALICE.id))
    players = (ALICE.id, BOB.id)
    for player in players:
        log.events += join(log.state, player)
    for i in range(CARDS):
        owner = players[i % 2]
        profile = UnitProfile(name=f"Squad {i}", models=5, wounds=2, keywords=("INFANTRY",))
        card = Card(name=f"Squad {i}", owner=owner, profile=profile, points=10)
        log.events += add_card(log.state, card, actor=owner)
    for b in range(BATTLES):
        fielded = {ALICE.id: [f"Squad {2 * b}"], BOB.id: [f"Squad {2 * b + 1}"]}
        log.events += record_battle(
            log.state, players, winner=ALICE.id, vp={ALICE.id: 60, BOB.id: 40}, fielded=fielded
        )
        log.events += advance(log.state, dice)
        for player in players:
            state = log.state
            if state.aftermath is not None and player not in state.aftermath.marked:
                log.events += mark(state, player, None, actor=player)
        log.events += advance(log.state, dice)
    return log


async def measure(count: int) -> list[Row]:
    log = campaign_log()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        async with Harness.running(Path(tmp)) as h:
            record = await store.create_campaign(
                h.bot.db, GUILD_ID, log.created, actor=ALICE.id, follow=log.events
            )
            chronicle = h.bot.chronicle
            book = await chronicle.load(record)
            name = f"{len(book.events)} events, {len(book.state.cards)} cards"

            async def status() -> None:
                await h.slash("campaign status", campaign="Vigilus")

            async def roster() -> None:
                await h.slash("campaign roster", campaign="Vigilus", user=BOB)

            async def card() -> None:
                await h.slash("campaign card", campaign="Vigilus", unit="Squad 3")

            async def forget() -> None:
                """Nothing in memory: read and fold the whole log (a benchmark may reach in)."""
                chronicle._items.clear()

            for label, action in (("status", status), ("roster", roster), ("card", card)):
                median, p99 = await timed(count, action)
                rows.append((f"/campaign {label}, warm ({name})", median, p99))
            median, p99 = await timed(count, status, before=forget)
            rows.append((f"/campaign status, cold ({name})", median, p99))
    return rows


def main(argv: list[str] | None = None) -> int:
    title = "Campaign command latency (in-process, SQLite on disk)"
    return report(argv, __doc__, title, measure, full=200, quick=3)


if __name__ == "__main__":
    sys.exit(main())

"""Data and in-process figures for `wire_latency.py`, run as a script under the checkout measured.

`python tests/bench/_wire_data.py build DB GUILD CHANNEL PLAYER1 PLAYER2 EVENTS BATTLES` writes a
game of EVENTS events in CHANNEL and a campaign called "Long War" with BATTLES battles, each through
its whole post-battle sequence, straight through `bot.store` (as a long-lived server would have
them), and prints the sizes. `... writes CHANNELS PER_CHANNEL` prints tracked writes per second:
every channel's game advanced through `bot.tracker.Tracker.act`, one event per action, all channels
at once on one database (the median of three runs).

Only the checkout's own `bot` package is imported (the caller puts it first on PYTHONPATH), so the
baseline's store builds the baseline's schema.
"""

from __future__ import annotations

import asyncio
import random
import sys
import tempfile
import time
from pathlib import Path

from bot import campaign as cm
from bot import game as gm
from bot.rules.dice import Dice
from bot.store import campaigns as campaign_store
from bot.store import games as game_store
from bot.store.connect import open_database
from bot.store.database import Database
from bot.tracker import Tracker

AT = "2024-06-01T18:00:00.000Z"
BATCH = 200  # events per append, below both stores' limit
CAMPAIGN = "Long War"
CARDS = 40


async def build_game(
    db: Database, guild: int, channel: int, players: tuple[int, int], n: int
) -> int:
    """A 10th-edition game of `n` events: 20 units, then points, damage and healing in turn."""
    first = players[0]
    started = gm.start_game("10th", players)
    record = await game_store.create_game(
        db, guild_id=guild, channel_id=channel, started=started, actor=first, at=AT
    )
    state = gm.apply(gm.GameState(), gm.Recorded(1, first, AT, started))
    pending: list[gm.Event] = []
    written = 1

    def push(events: list[gm.Event]) -> None:
        nonlocal state
        for event in events:
            pending.append(event)
            state = gm.apply(state, gm.Recorded(state.seq + 1, first, AT, event))

    for i in range(20):
        shape = gm.profile(name=f"Squad {i}", models=10, wounds=2, toughness=4, save=3)
        push(gm.add_unit(state, players[i % 2], shape))
    push(gm.choose_first_player(state, first))
    turn = 0
    while written + len(pending) < n:
        player, unit = players[turn % 2], f"Squad {turn // 5 % 20}"
        kind = turn % 5
        if kind == 0:
            push(gm.gain_cp(state, player, 1, "bench"))
        elif kind == 1:
            push(gm.score_vp(state, player, 1, "bench"))
        elif kind == 2:
            push(gm.damage(state, unit, [1], source="bench"))
        elif kind == 3:
            push(gm.heal(state, unit, wounds=1))
        else:
            push(gm.spend_cp(state, player, 1, "bench"))
        turn += 1
    del pending[n - written :]
    for start in range(0, len(pending), BATCH):
        chunk = pending[start : start + BATCH]
        await game_store.append(db, record.id, written, chunk, actor=first, at=AT)
        written += len(chunk)
    return written


async def build_campaign(db: Database, guild: int, players: tuple[int, int], battles: int) -> int:
    """A campaign of `battles` battles, each finished through its post-battle sequence."""
    dice = Dice(random.Random(7))
    first, second = players
    created = cm.create_campaign(CAMPAIGN, "10th", guild=guild, creator=first)
    state = cm.fold([cm.Recorded(1, first, AT, created)])
    events: list[cm.Event] = []

    def push(new: list[cm.Event]) -> None:
        nonlocal state
        for event in new:
            events.append(event)
            state = cm.apply(state, cm.Recorded(state.seq + 1, first, AT, event))

    for player in players:
        push(cm.join(state, player))
    for i in range(CARDS):
        owner = players[i % 2]
        shape = gm.UnitProfile(name=f"Squad {i}", models=5, wounds=2, keywords=("INFANTRY",))
        push(cm.add_card(state, cm.Card(name=f"Squad {i}", owner=owner, profile=shape, points=10),
                         actor=owner))  # fmt: skip
    for b in range(battles):
        fielded = {first: [f"Squad {(2 * b) % CARDS}"], second: [f"Squad {(2 * b + 1) % CARDS}"]}
        push(cm.record_battle(state, players, winner=players[b % 2],
                              vp={first: 60, second: 40}, fielded=fielded))  # fmt: skip
        while (step := cm.pending(state)) is not None:
            if step.automatic:
                push(cm.advance(state, dice))
            elif step.kind == "marked_for_greatness" and step.player is not None:
                push(cm.mark(state, step.player, None, actor=step.player))
            elif step.kind == "battle_honour" and step.card is not None and step.player:
                honour = f"Honour {len(state.battles)}"
                push(cm.name_honour(state, step.card, honour, actor=step.player))
            else:  # out_of_action: nothing is destroyed in these battles
                raise RuntimeError(f"unexpected step {step.kind}")
    record = await campaign_store.create_campaign(
        db, guild, created, actor=first, follow=events[: BATCH - 1], at=AT
    )
    written = min(len(events), BATCH - 1) + 1
    while written - 1 < len(events):
        chunk = events[written - 1 : written - 1 + BATCH]
        await campaign_store.append(db, record.id, written, chunk, actor=first, at=AT)
        written += len(chunk)
    return len(state.battles)


async def build(path: Path, guild: int, channel: int, players: tuple[int, int],
                events: int, battles: int) -> None:  # fmt: skip
    async with await open_database(path) as db:
        written = await build_game(db, guild, channel, players, events)
        recorded = await build_campaign(db, guild, players, battles)
    print(f"game: {written} events; campaign: {recorded} battles")


async def tracked_writes(channels: int, per_channel: int) -> float:
    """Events per second through `Tracker.act`, every channel acting at once."""
    players = (1, 2)
    with tempfile.TemporaryDirectory() as tmp:
        async with await open_database(Path(tmp) / "writes.sqlite3") as db:
            tracker = Tracker(db)
            for c in range(channels):
                await tracker.start(1, 1000 + c, gm.start_game("10th", players), 1)

            async def play(channel: int) -> None:
                for _ in range(per_channel):
                    await tracker.act(channel, 1, lambda s: gm.gain_cp(s, 1, 1, "bench"))

            start = time.perf_counter()
            await asyncio.gather(*(play(1000 + c) for c in range(channels)))
            elapsed = time.perf_counter() - start
    return channels * per_channel / elapsed


def main(argv: list[str]) -> int:
    if argv[:1] == ["build"] and len(argv) == 8:
        path, guild, channel, one, two, events, battles = argv[1:]
        asyncio.run(build(Path(path), int(guild), int(channel), (int(one), int(two)),
                          int(events), int(battles)))  # fmt: skip
        return 0
    if argv[:1] == ["writes"] and len(argv) == 3:
        channels, per_channel = int(argv[1]), int(argv[2])
        rates = sorted(asyncio.run(tracked_writes(channels, per_channel)) for _ in range(3))
        print(f"{rates[1]:.1f}")
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""End to end: what a user waits for, the real bot (`python -m bot`) over the loopback fake Discord.

Each time runs from the fake sending INTERACTION_CREATE to the fake having received the reply.
For /attack and /odds both parts are timed: the first reply (the dice; a "thinking…" defer does not
count) and the complete reply (for /odds the first message that carries the chart, whether it is the
first answer, an edit of it or a follow-up; for /attack the edit that adds the odds to its card). A
one-sentence refusal completes a reply too.
Before the bot starts, a 10,000-event game and a 1,000-battle campaign are written straight through
the measured checkout's `bot.store` (tests/bench/_wire_data.py). The 100k-trial NumPy simulation of
the worst case (tests/bench/_simulate.py) is timed in this same run, for the ratios.

Run: `python tests/bench/wire_latency.py [--quick] [--code DIR]`; `--code` names the checkout whose
`python -m bot` (and `bot.store`) is measured, e.g. a clone of the code before the latency work.
Loopback only (127.0.0.1); every figure is printed beside its target with PASS or MISS.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.bench._simulate import WIRE_WORST, simulate
from tests.e2e.conftest import BotProcess, clean_env
from tests.e2e.fake_discord import (
    ALICE,
    BOB,
    CHANNEL_ID,
    DEFERRED_MESSAGE,
    GUILD_ID,
    FakeDiscord,
    Interaction,
    Person,
)
from tests.e2e.processes import descendants, end

HERE = Path(__file__).resolve().parent
DATA = HERE / "_wire_data.py"
GAME_CHANNEL = CHANNEL_ID + 10_000  # the 10,000-event game lives here, away from /odds
STORM_BASE = CHANNEL_ID + 20_000  # the event storm's channels
WAIT = 60.0  # seconds: the longest any one reply is waited for

WORST: dict[str, Any] = {
    "attacks": "200", "skill": "3+", "strength": "5", "ap": "-1", "damage": "D6",
    "abilities": "sustained hits 1, lethal hits, devastating wounds (mortal)",
    "toughness": 5, "save": "4+", "wounds": 3, "models": 20, "edition": "10th",
}  # fmt: skip
TYPICAL: dict[str, Any] = {
    "attacks": "10", "skill": "3+", "strength": "4", "ap": "-1", "damage": "1",
    "toughness": 4, "save": "3+", "wounds": 1, "models": 10, "edition": "10th",
}  # fmt: skip
# A whole unit into a Bodyguard with its Leader: three weapon profiles (one with Precision).
WHOLE: dict[str, Any] = {
    "weapons": "Bolt rifle: 10x 2 3+ 4 -1 1 (sustained hits 1); Plasma: 2x 1 3+ 8 -3 2 "
    "(precision); Flamer: 1x D6 auto 5 0 1 (torrent)",
    "toughness": 4, "save": "3+", "wounds": 2, "models": 10, "leader": "W5 3+ 4++",
    "edition": "10th",
}  # fmt: skip
# ~0.2 s of exact odds each at the baseline: what the flood is made of.
HEAVY: dict[str, Any] = {
    "attacks": "10", "attackers": 100, "skill": "3+", "strength": "5", "ap": "-1",
    "damage": "2D6", "abilities": "sustained hits 3", "toughness": 5, "save": "4+",
    "wounds": 50, "models": 100, "fnp": "5+", "edition": "10th",
}  # fmt: skip
# The slowest valid /odds found (1,000 attacks into 100 x W50, 2 to 48 damage each, sustained 6,
# devastating wounds, feel no pain): seconds of exact odds at the baseline.
SLOWEST: dict[str, Any] = {
    "attacks": "10", "attackers": 100, "skill": "3+", "strength": "5", "ap": "-1",
    "damage": "8D6", "abilities": "sustained hits 6, devastating wounds", "toughness": 5,
    "save": "4+", "wounds": 50, "models": 100, "fnp": "5+", "edition": "10th",
}  # fmt: skip
ROLLS: dict[str, dict[str, Any]] = {
    "D6": {"dice": "D6"},
    "2D6+1": {"dice": "2D6+1"},
    "10D6 3+ reroll 1s": {"dice": "10D6", "target": "3+", "reroll": "ones"},
    "3D6 dl1 (one string)": {"dice": "3D6 dl1"}, "6x 2D6": {"dice": "6x 2D6"},
    "10x 100D6+1 4+ reroll 1s (1,000 dice)": {"dice": "10x 100D6+1 4+ reroll 1s"},
}  # fmt: skip


@dataclass
class Arrival:
    at: float
    first: bool  # a message a user reads (not a "thinking…" defer)
    chart: bool  # carries a file
    ephemeral: bool


class TimedFake(FakeDiscord):
    """The e2e fake, noting when each answer, edit and follow-up arrived, by interaction."""

    def __init__(self) -> None:
        super().__init__()
        self.arrivals: dict[int, list[Arrival]] = {}

    def _note(self, items: list[Any], before: int, *, deferred: bool = False) -> None:
        now = time.monotonic()
        for item in items[before:]:
            if item.interaction is None:
                continue
            first = not (deferred and getattr(item, "type", 0) == DEFERRED_MESSAGE)
            arrival = Arrival(now, first, bool(item.files), item.ephemeral)
            self.arrivals.setdefault(item.interaction.id, []).append(arrival)

    async def _callback(self, record: Any, match: Any) -> Any:
        before = len(self.callbacks)
        response = await super()._callback(record, match)
        self._note(self.callbacks, before, deferred=True)
        return response

    async def _edit_original(self, record: Any, match: Any) -> Any:
        before = len(self.original_edits)
        response = await super()._edit_original(record, match)
        self._note(self.original_edits, before)
        return response

    async def _followup(self, record: Any, match: Any) -> Any:
        before = len(self.followups)
        response = await super()._followup(record, match)
        self._note(self.followups, before)
        return response


@dataclass
class Reply:
    first: float  # ms to the first reply a user reads
    complete: float  # ms to the chart (or to the first reply, when none is expected)
    refused: bool


async def ask(
    fake: TimedFake,
    name: str,
    options: dict[str, Any],
    user: Person = ALICE,
    *,
    channel: int = CHANNEL_ID,
    chart: bool = False,
    edited: bool = False,
) -> Reply:
    """Send a slash command; wait for its reply (and its chart, with `chart`; the edit after it,
    with `edited`)."""
    interaction = await fake.dispatch_command(name, options, user, channel_id=channel)
    return await reply_to(fake, interaction, chart=chart, edited=edited)


async def reply_to(
    fake: TimedFake, interaction: Interaction, *, chart: bool, edited: bool = False
) -> Reply:
    def done() -> Reply | None:
        seen = fake.arrivals.get(interaction.id, [])
        first = next((a for a in seen if a.first), None)
        if first is None:
            return None
        last = first
        if edited and not first.ephemeral:
            found = next((a for a in seen[seen.index(first) + 1 :]), None)
            if found is None:
                return None
            last = found
        elif chart and not first.ephemeral:
            found = next((a for a in seen if a.chart or a.ephemeral), None)
            if found is None:
                return None
            last = found
        start = interaction.sent_at
        first_ms, last_ms = (first.at - start) * 1000, (last.at - start) * 1000
        return Reply(first_ms, last_ms, first.ephemeral and not first.chart)

    return await fake.wait_for(done, what=f"the reply to /{interaction.payload['data']['name']}",
                               within=WAIT)  # fmt: skip


def p99(values: Iterable[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


@dataclass
class Table:
    rows: list[tuple[str, str, str, str]] = field(default_factory=list)

    def add(self, name: str, value: str, target: str, ok: bool | None) -> None:
        verdict = "" if ok is None else ("PASS" if ok else "MISS")
        self.rows.append((name, value, target, verdict))
        print(f"  {name:<58} {value:>22}  {target:<26} {verdict}", flush=True)


def spread(values: list[float]) -> str:
    return f"med {statistics.median(values):.1f} p99 {p99(values):.1f} ms"


class Bench:
    def __init__(self, code: Path, quick: bool, tmp: Path, events: int, battles: int) -> None:
        self.code = code
        self.quick = quick
        self.events = f"{events:,} events"
        self.battles = f"{battles:,} battles"
        self.database = tmp / "vox.sqlite3"
        self.fake = TimedFake()
        self.bot: BotProcess | None = None
        self.runs = 0
        self.table = Table()
        self.unique = 0

    # ---- processes ----------------------------------------------------------------------------

    def helper(self, *args: str) -> str:
        """`_wire_data.py` under the measured checkout's `bot`."""
        env = {**os.environ, "PYTHONPATH": str(self.code)}
        done = subprocess.run(
            [sys.executable, str(DATA), *args],
            cwd=self.code, env=env, capture_output=True, text=True, timeout=600, check=False,
        )  # fmt: skip
        if done.returncode != 0:
            raise RuntimeError(f"{DATA.name} {args[0]} failed:\n{done.stderr}")
        return done.stdout.strip()

    async def start(self) -> None:
        self.fake.clear_abort()
        env = clean_env(self.fake, self.database, LOG_LEVEL="WARNING", DEFAULT_EDITION="10th")
        env["PYTHONPATH"] = str(self.code)
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "bot", cwd=self.code, env=env,
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE, limit=1 << 22,
        )  # fmt: skip
        self.runs += 1
        self.bot = BotProcess(f"run {self.runs}", proc, self.fake)
        await self.fake.wait_for_session(self.runs, within=30.0)

    async def stop(self) -> None:
        bot, self.bot = self.bot, None
        if bot is None:
            return
        left = descendants(bot.proc.pid)
        try:
            await bot.stop(within=15.0)
        except AssertionError:
            await bot.kill()
        end(left)  # a compute worker left behind, by its own pid

    # ---- measures -----------------------------------------------------------------------------

    def keywords(self) -> str:
        """A keyword no request had before: the same odds, never in a cache."""
        self.unique += 1
        return f"bench{self.unique}"

    async def restarts(self, count: int) -> None:
        odds, status, campaign = [], [], []
        for i in range(count):
            await self.start()
            odds.append((await ask(self.fake, "odds", TYPICAL, chart=True)).complete)
            status.append((await ask(self.fake, "game status", {}, channel=GAME_CHANNEL)).first)
            reply = await ask(self.fake, "campaign status", {"campaign": "Long War"})
            campaign.append(reply.first)
            if i + 1 < count:
                await self.stop()
        t = self.table
        t.add(f"first /odds after start (typical), {count} starts", spread(odds), "<= 50 ms",
              p99(odds) <= 50)  # fmt: skip
        t.add(f"first /game status after restart, {self.events}", spread(status), "<= 50 ms",
              p99(status) <= 50)  # fmt: skip
        t.add(f"first /campaign status after restart, {self.battles}", spread(campaign),
              "<= 100 ms", p99(campaign) <= 100)  # fmt: skip

    async def repeat(self, count: int, send: Callable[[], Awaitable[Reply]]) -> list[Reply]:
        return [await send() for _ in range(count)]

    async def warm(self, n: int) -> None:
        t, fake = self.table, self.fake
        status = await self.repeat(n, lambda: ask(fake, "game status", {}, channel=GAME_CHANNEL))
        t.add(f"/game status, warm, {self.events}", spread([r.first for r in status]), "-", None)
        campaign = await self.repeat(n, lambda: ask(fake, "campaign status",
                                                    {"campaign": "Long War"}))  # fmt: skip
        t.add(f"/campaign status, warm, {self.battles}", spread([r.first for r in campaign]), "-",
              None)  # fmt: skip
        every: list[float] = []
        for label, options in ROLLS.items():
            await self.repeat(5, lambda o=options: ask(fake, "roll", o))  # type: ignore[misc]
            times = [r.first for r in await self.repeat(n, lambda o=options: ask(fake, "roll", o))]  # type: ignore[misc]
            every += times
            t.add(f"/roll {label}", spread(times), "p99 <= 20 ms", p99(times) <= 20)
        t.add("/roll, every form together", spread(every), "p99 <= 20 ms", p99(every) <= 20)
        for label, options in (("typical, 10 attacks", TYPICAL), ("worst case", WORST)):
            replies = await self.repeat(n, lambda o=options: ask(fake, "attack", o, edited=True))  # type: ignore[misc]
            first = [r.first for r in replies]
            t.add(f"/attack {label}: first reply (dice)", spread(first), "p99 <= 50 ms",
                  p99(first) <= 50)  # fmt: skip
            t.add(f"/attack {label}: with its odds", spread([r.complete for r in replies]),
                  "-", None)  # fmt: skip
        for label, options in (("typical, 10 attacks", TYPICAL), ("whole unit + Leader", WHOLE)):
            fresh = [
                (await ask(fake, "odds", {**options, "keywords": self.keywords()}, chart=True))
                for _ in range(n)
            ]  # each new to the cache: the odds and the chart are worked out every time
            t.add(f"/odds {label}, uncached: whole reply", spread([r.complete for r in fresh]),
                  "-", None)  # fmt: skip

    async def odds_ratio(self, n: int, sim_ms: float) -> None:
        t, fake = self.table, self.fake
        cold = [
            (await ask(fake, "odds", {**WORST, "keywords": self.keywords()}, chart=True)).complete
            for _ in range(n)
        ]
        same = {**WORST, "keywords": self.keywords()}
        await ask(fake, "odds", same, chart=True)
        cached = [(await ask(fake, "odds", same, chart=True)).complete for _ in range(n)]
        for label, times, target in (("cache cold", cold, 30), ("cached", cached, 100)):
            ratio = sim_ms / statistics.median(times)
            t.add(f"worst-case /odds whole reply, {label}", spread(times), "-", None)
            t.add(f"  simulation / median reply ({sim_ms:.0f} ms / med)", f"{ratio:.1f}x",
                  f">= {target}x", ratio >= target)  # fmt: skip

    async def flood(self, heavy: int) -> None:
        """Bob floods `heavy` heavy /odds; then Alice's light /attack (each new to the cache)."""
        fake = self.fake
        sent = [
            await fake.dispatch_command("odds", {**HEAVY, "keywords": self.keywords()}, BOB)
            for _ in range(heavy)
        ]
        light = await ask(fake, "attack", {**TYPICAL, "keywords": self.keywords()}, edited=True)
        floods = [await reply_to(fake, i, chart=True) for i in sent]
        refused = sum(r.refused for r in floods)
        self.table.add(f"light /attack while Bob floods {heavy} heavy /odds: first",
                       f"{light.first:.1f} ms", "<= 1 s", light.first <= 1000)  # fmt: skip
        self.table.add("  ... its odds", f"{light.complete:.1f} ms", "-", None)
        last = max(r.complete for r in floods)
        self.table.add(
            "  ... the flood's last reply", f"{last:.0f} ms, {refused} refused", "-", None
        )

    async def slowest(self) -> None:
        reply = await ask(self.fake, "odds", {**SLOWEST, "keywords": self.keywords()}, chart=True)
        what = "refused" if reply.refused else "answered"
        ok = reply.complete <= (50 if reply.refused else 2000)
        self.table.add("slowest valid /odds (1,000 attacks, 8D6, 100 x W50)",
                       f"{what} in {reply.complete:.0f} ms",
                       "answered <= 2 s / refused <= 50 ms", ok)  # fmt: skip

    async def storm(self, channels: int, rounds: int, heavy: int) -> None:
        """/roll D6 every 10 ms while `channels` games take /cp add `rounds` times each (paced at
        500 commands a second) and Bob sends `heavy` worst-case /odds, each new."""
        fake = self.fake
        for c in range(channels):
            await ask(fake, "game start", {"opponent": BOB, "first": "me"},
                      channel=STORM_BASE + c)  # fmt: skip
        idle = [(await ask(fake, "roll", {"dice": "D6"})).first for _ in range(20)]
        probes: list[float] = []
        running = True

        async def probe() -> None:
            while running:
                probes.append((await ask(fake, "roll", {"dice": "D6"})).first)
                await asyncio.sleep(0.01)

        prober = asyncio.create_task(probe())
        await asyncio.sleep(0.05)
        sent: list[tuple[Interaction, bool]] = []
        for _ in range(heavy):
            options = {**WORST, "keywords": self.keywords()}
            sent.append((await fake.dispatch_command("odds", options, BOB), True))
        start = time.monotonic()
        for k in range(rounds * channels):
            channel = STORM_BASE + k % channels
            options = {"amount": 1}
            sent.append((await fake.dispatch_command("cp add", options, channel_id=channel), False))
            await asyncio.sleep(max(0.0, start + (k + 1) / 500 - time.monotonic()))
        for interaction, chart in sent:
            await reply_to(fake, interaction, chart=chart)
        running = False
        await prober
        self.table.add("trivial /roll D6 when idle", spread(idle), "-", None)
        self.table.add(
            f"/roll D6 during {heavy} heavy /odds + {channels}-channel storm ({len(probes)})",
            f"max {max(probes):.1f} ms", "never > 20 ms", max(probes) <= 20,
        )  # fmt: skip
        self.table.add("  ... the same probes", spread(probes), "-", None)

    def writes(self, channels: int, per_channel: int) -> None:
        rate = float(self.helper("writes", str(channels), str(per_channel)))
        self.table.add(f"tracked writes, {channels} channels (in-process Tracker)",
                       f"{rate:,.0f} events/s", ">= 3,000 events/s", rate >= 3000)  # fmt: skip


def time_simulation(trials: int, runs: int) -> float:
    times = []
    for seed in range(runs):
        start = time.perf_counter()
        simulate(WIRE_WORST, trials, seed)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


async def run(code: Path, quick: bool) -> int:
    events, battles = (1_000, 50) if quick else (10_000, 1_000)
    n = 5 if quick else 100
    with tempfile.TemporaryDirectory() as tmp:
        bench = Bench(code, quick, Path(tmp), events, battles)
        print(f"code: {code}; {'--quick: small sizes, few calls' if quick else 'full run'}")
        print(bench.helper("build", str(bench.database), str(GUILD_ID), str(GAME_CHANNEL),
                           str(ALICE.id), str(BOB.id), str(events), str(battles)))  # fmt: skip
        sim_ms = time_simulation(100_000, 1 if quick else 3)
        print(f"100,000-trial simulation of the worst case: {sim_ms:.0f} ms (median)")
        async with bench.fake:
            try:
                await bench.restarts(1 if quick else 5)
                await bench.warm(n)
                await bench.odds_ratio(3 if quick else 30, sim_ms)
                await bench.flood(6 if quick else 60)
                await bench.slowest()
                await bench.storm(20 if quick else 500, 1 if quick else 2, 3 if quick else 20)
            finally:
                await bench.stop()
        bench.writes(*((20, 5) if quick else (500, 10)))
        if bench.fake.errors or bench.fake.unexpected:
            print(f"the fake Discord: {bench.fake.errors} {bench.fake.unexpected}")
            return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--quick", action="store_true", help="small sizes and a few calls")
    parser.add_argument("--code", type=Path, default=HERE.parents[1],
                        help="the checkout whose `python -m bot` is measured")  # fmt: skip
    args = parser.parse_args(argv)
    with contextlib.suppress(KeyboardInterrupt):
        return asyncio.run(run(args.code.resolve(), args.quick))
    return 1


if __name__ == "__main__":
    sys.exit(main())

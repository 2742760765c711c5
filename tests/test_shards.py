"""SHARD_COUNT and SHARD_IDS (each bound, each refusal one sentence), when shards may identify,
and the health line each shard logs."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from dataclasses import dataclass, field

import pytest
from pydantic import ValidationError

from bot.health import TASK_NAME, ShardHealth, health_line
from bot.settings import Settings, invalid_setting
from bot.shards import IDENTIFY_GAP, MAX_SHARDS, IdentifyPacer, parse_shard_ids, shard_of


def settings(**env: str) -> Settings:
    return Settings(_env_file=None, **env)  # type: ignore[arg-type]


def refusal(**env: str) -> str:
    with pytest.raises(ValidationError) as refused:
        settings(**env)
    return invalid_setting(refused.value)


@pytest.mark.parametrize(
    ("count", "ids", "shards"),
    [
        (None, None, None),  # unset: every shard Discord recommends, in this one process
        ("1", None, None),
        (str(MAX_SHARDS), None, None),
        ("4", "0-3", (0, 1, 2, 3)),  # as many ids as shards: the most there may be
        ("4", "3", (3,)),  # the highest id, SHARD_COUNT - 1
        ("10", "0,2,5", (0, 2, 5)),
        ("10", " 0 - 3 , 8 ", (0, 1, 2, 3, 8)),
        ("10", "8,0-3", (8, 0, 1, 2, 3)),
        ("4", "", None),
        (" ", " ", None),
    ],
)
def test_good_shard_settings(count: str | None, ids: str | None, shards: tuple[int, ...]) -> None:
    env = {k: v for k, v in (("shard_count", count), ("shard_ids", ids)) if v is not None}
    got = settings(**env)
    assert got.shards == shards
    assert got.shard_count == (int(count) if count and count.strip() else None)


@pytest.mark.parametrize(
    ("env", "sentence"),
    [
        ({"shard_count": "0"}, "SHARD_COUNT (in .env or the environment) is not valid ('0'): it "
         f"must be a whole number from 1 to {MAX_SHARDS}, or empty for the count Discord "
         "recommends."),
        ({"shard_count": str(MAX_SHARDS + 1)}, "from 1 to 4096"),
        ({"shard_count": "two"}, "from 1 to 4096"),
        ({"shard_count": "1.5"}, "from 1 to 4096"),
        ({"shard_ids": "0-3"}, "SHARD_IDS (in .env or the environment) is not valid ('0-3'): it "
         "must be used with SHARD_COUNT (the total number of shards), which is empty."),
        ({"shard_count": "4", "shard_ids": "0-4"}, "SHARD_IDS (in .env or the environment) is "
         "not valid ('0-4'): it must be ids from 0 to 3, as SHARD_COUNT is 4."),
        ({"shard_count": "4", "shard_ids": "4"}, "ids from 0 to 3, as SHARD_COUNT is 4."),
        ({"shard_count": "4", "shard_ids": "0-2,2"}, "a list naming each shard once (2 is named "
         "twice)."),
        ({"shard_count": "4", "shard_ids": "3-1"}, "ranges from low to high, such as 1-3."),
        ({"shard_count": "4", "shard_ids": "0-3,"}, "shard ids such as 0-3, 0,2,5 or 0-3,8, or "
         "empty for all of them."),
        ({"shard_count": "4", "shard_ids": "-1"}, "such as 0-3"),
        ({"shard_count": "4", "shard_ids": "one"}, "such as 0-3"),
        ({"shard_count": "4", "shard_ids": "1" * 12}, "such as 0-3"),
        ({"shard_count": "4", "shard_ids": "0-99999999"}, "ids from 0 to 3"),
    ],
)  # fmt: skip
def test_each_bad_shard_setting_gets_one_sentence(env: dict[str, str], sentence: str) -> None:
    said = refusal(**env)
    if sentence.startswith("SHARD"):
        assert said == sentence
    else:
        assert sentence in said and said.endswith("."), said
    assert "\n" not in said and "Value error" not in said


def test_a_bad_count_is_said_before_the_ids_it_makes_meaningless() -> None:
    assert refusal(shard_count="0", shard_ids="5").startswith("SHARD_COUNT ")


def test_shard_ids_without_a_count_are_refused_even_when_well_formed() -> None:
    with pytest.raises(ValueError, match="SHARD_COUNT"):
        parse_shard_ids("0", None)


def test_a_guild_is_on_the_shard_its_id_names() -> None:
    assert [shard_of(n << 22, 4) for n in range(6)] == [0, 1, 2, 3, 0, 1]
    assert shard_of((5 << 22) + (1 << 21), 4) == 1  # the low 22 bits do not count


# ---- identify pacing ----------------------------------------------------------------------------


@dataclass
class Clock:
    now: float = 100.0

    def __call__(self) -> float:
        return self.now


def test_shards_sharing_a_rate_limit_key_identify_5_seconds_apart() -> None:
    clock = Clock()
    pacer = IdentifyPacer(max_concurrency=1, clock=clock)
    assert [pacer.delay(s) for s in range(3)] == [0.0, IDENTIFY_GAP, 2 * IDENTIFY_GAP]
    clock.now += 60  # long after: a reconnect identifies at once
    assert pacer.delay(1) == 0.0


def test_with_max_concurrency_a_batch_identifies_together() -> None:
    clock = Clock()
    pacer = IdentifyPacer(max_concurrency=4, clock=clock)
    assert [pacer.delay(s) for s in range(6)] == [0, 0, 0, 0, IDENTIFY_GAP, IDENTIFY_GAP]
    clock.now += 2.0
    assert pacer.delay(2) == IDENTIFY_GAP - 2.0  # key 2 identified 2 s ago


# ---- health lines -------------------------------------------------------------------------------


@dataclass
class Shard:
    latency: float
    closed: bool = False

    def is_closed(self) -> bool:
        return self.closed


@dataclass
class Guild:
    id: int


@dataclass
class Client:
    shard_count: int | None
    shards: dict[int, Shard]
    guilds: list[Guild] = field(default_factory=list)


def on(shard: int, n: int, count: int = 2) -> list[Guild]:
    """`n` guilds whose ids land on `shard` of `count`."""
    return [Guild(((i * count + shard) << 22) + 7) for i in range(n)]


def test_the_line_names_the_shard_its_latency_and_its_guilds() -> None:
    assert health_line(1, 2, Shard(0.0421), 1234) == "shard 1/2: latency 42 ms, 1,234 guilds"
    assert health_line(0, 1, Shard(0.0004), 1) == "shard 0/1: latency 0 ms, 1 guild"
    assert health_line(3, 4, Shard(float("inf")), 0) == "shard 3/4: latency unknown, 0 guilds"
    assert health_line(3, 4, Shard(0.01, closed=True), 2) == "shard 3/4: disconnected, 2 guilds"


def test_guilds_are_counted_by_the_shard_discord_sends_them_to() -> None:
    client = Client(2, {0: Shard(0.010), 1: Shard(0.020)}, on(0, 3) + on(1, 1234))
    assert ShardHealth(client).lines() == [
        "shard 0/2: latency 10 ms, 3 guilds",
        "shard 1/2: latency 20 ms, 1,234 guilds",
    ]
    assert ShardHealth(client).lines([1]) == ["shard 1/2: latency 20 ms, 1,234 guilds"]


def test_a_process_of_some_shards_reports_only_those() -> None:
    client = Client(4, {2: Shard(0.005)}, on(2, 2, count=4) + on(3, 5, count=4))
    assert ShardHealth(client).lines() == ["shard 2/4: latency 5 ms, 2 guilds"]
    assert ShardHealth(client).lines([0]) == []  # a shard it does not run: nothing to say


class Rounds(ShardHealth):
    """Says when its second round is logged."""

    def __init__(self, client: Client, every: float) -> None:
        super().__init__(client, every)
        self.rounds = 0
        self.second = asyncio.Event()

    def report(self, shard_ids: Sequence[int] | None = None) -> None:
        super().report(shard_ids)
        self.rounds += 1
        if self.rounds == 2:
            self.second.set()


async def test_every_round_logs_a_line_per_shard_until_stopped(
    caplog: pytest.LogCaptureFixture,
) -> None:
    client = Client(2, {0: Shard(0.001), 1: Shard(0.002)}, on(0, 1) + on(1, 2))
    health = Rounds(client, every=0.01)
    with caplog.at_level(logging.INFO, logger="vox"):
        health.start()
        health.start()  # starting twice adds no second round
        async with asyncio.timeout(5):
            await health.second.wait()
        await health.stop()
    assert caplog.messages[:2] == [
        "shard 0/2: latency 1 ms, 1 guild",
        "shard 1/2: latency 2 ms, 2 guilds",
    ]
    assert caplog.messages[2:4] == caplog.messages[:2]  # the second round, the same lines
    assert not [t for t in asyncio.all_tasks() if t.get_name() == TASK_NAME]
    await health.stop()  # stopping twice is harmless

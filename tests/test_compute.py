"""The compute pool: off the event loop, cached by input, one computation for concurrent asks."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Hashable

import pytest

from bot.compute import ComputePool

CALLS: list[Hashable] = []


def square(arg: Hashable) -> int:
    CALLS.append(arg)
    assert isinstance(arg, int)
    return arg * arg


def slow_square(arg: Hashable) -> int:
    time.sleep(0.3)
    assert isinstance(arg, int)
    return arg * arg


def fail(arg: Hashable) -> int:
    raise ValueError(f"bad {arg}")


async def test_inline_pool_caches_by_input() -> None:
    CALLS.clear()
    pool = ComputePool(processes=0)
    assert await pool.run(square, 7) == 49
    assert await pool.run(square, 7) == 49
    assert CALLS == [7]


async def test_cache_is_bounded_least_recently_used_first() -> None:
    CALLS.clear()
    pool = ComputePool(processes=0, cache_size=2)
    for n in (1, 2, 1, 3, 1, 2):
        await pool.run(square, n)
    assert CALLS == [1, 2, 3, 2]


async def test_errors_propagate_and_are_not_cached() -> None:
    pool = ComputePool(processes=0)
    for _ in range(2):
        with pytest.raises(ValueError, match="bad 3"):
            await pool.run(fail, 3)


async def test_process_pool_keeps_the_event_loop_free() -> None:
    pool = ComputePool(processes=1)
    await pool.start()
    try:
        lateness: list[float] = []

        async def heartbeat() -> None:
            for _ in range(30):
                start = time.perf_counter()
                await asyncio.sleep(0.01)
                lateness.append(time.perf_counter() - start - 0.01)

        results = await asyncio.gather(
            pool.run(slow_square, 5), pool.run(slow_square, 5), heartbeat()
        )
        assert list(results[:2]) == [25, 25]
        # Computed on the loop, the two 0.3 s squares would hold a heartbeat back 0.3 s or more;
        # the bound leaves room for a busy shared machine (timings are measured in tests/bench).
        assert max(lateness) < 0.2
    finally:
        await pool.close()


async def test_worst_case_odds_in_the_pool_leave_the_heartbeat_running() -> None:
    from bot.rules.odds import compute
    from bot.rules.profiles import AttackSpec, target_from_text, weapon_from_text
    from bot.rules.rulesets import ruleset

    rules = ruleset("10th")
    weapon = weapon_from_text(
        rules, attacks="10", skill="3+", strength="5", ap="-1", damage="D6",
        abilities="devastating wounds (mortal)", attackers=20,
    )  # fmt: skip
    spec = AttackSpec(
        rules, (weapon,), target_from_text(toughness=4, save="3+", wounds=3, models=20)
    )
    pool = ComputePool(processes=1)
    await pool.start()
    try:
        lateness: list[float] = []
        work = asyncio.ensure_future(pool.run(compute, spec))
        while not work.done():
            start = time.perf_counter()
            await asyncio.sleep(0.005)
            lateness.append(time.perf_counter() - start - 0.005)
        odds = await work
        assert sum(odds.destroyed.pmf) == pytest.approx(1)
        # The loop kept beating while the odds were computed: a computation on the loop would
        # end before a second heartbeat (figures: tests/bench, not a timed assertion here).
        assert len(lateness) >= 2, "the loop did not run while the odds were computed"
    finally:
        await pool.close()

"""The compute pool: off the event loop, cached by input, one computation for concurrent asks."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, Future
from types import SimpleNamespace
from typing import Any, cast

import pytest

from bot.compute import ONE_THREAD, ComputePool, _warm
from bot.errors import Busy

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


async def test_heavy_odds_in_the_pool_leave_the_heartbeat_running() -> None:
    from bot.rules.odds import compute
    from bot.rules.odds.cost import seconds
    from bot.rules.profiles import AttackSpec, target_from_text, weapon_from_text
    from bot.rules.rulesets import ruleset

    rules = ruleset("10th")
    weapons = tuple(
        weapon_from_text(rules, attacks="D6", skill="3+", strength="5", ap="-1", damage="D6",
                         abilities=a, attackers=80)
        for a in ("devastating wounds", "")
    )  # fmt: skip
    spec = AttackSpec(rules, weapons, target_from_text(toughness=4, save="3+", wounds=5, models=30))
    assert seconds(spec) > 0.05  # some 0.1 s of work, warm workers or not
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


class ManualExecutor(Executor):
    """Jobs start when submitted and end when the test says so: the order they started in."""

    def __init__(self) -> None:
        self.started: list[Any] = []
        self.pending: list[tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        self.started.append(args[0])
        self.pending.append((future, fn, args))
        return future

    async def finish_all(self) -> None:
        while self.pending:
            future, fn, args = self.pending.pop(0)
            future.set_result(fn(*args))
            for _ in range(5):  # the result reaches the loop, the pool starts the next job
                await asyncio.sleep(0)


async def started(count: int, executor: ManualExecutor) -> None:
    for _ in range(20):
        if len(executor.started) >= count:
            return
        await asyncio.sleep(0)


async def test_a_burst_never_queues_ahead_of_another_members_first_request() -> None:
    executor = ManualExecutor()
    pool = ComputePool(processes=1, per_owner=100, executor=executor)
    burst = [asyncio.ensure_future(pool.run(square, n, owner=1)) for n in range(20)]
    await started(1, executor)
    other = asyncio.ensure_future(pool.run(square, 1000, owner=2))
    await asyncio.sleep(0)
    await executor.finish_all()
    assert await other == 1000 * 1000
    assert [await b for b in burst] == [n * n for n in range(20)]
    # The burst's first job was running when the other member asked: theirs came next.
    assert executor.started[:3] == [0, 1000, 1]
    assert executor.started[3:] == list(range(2, 20))


async def test_members_take_turns_on_every_worker() -> None:
    executor = ManualExecutor()
    pool = ComputePool(processes=2, per_owner=100, executor=executor)
    jobs = [asyncio.ensure_future(pool.run(square, n, owner=1)) for n in range(10)]
    jobs += [asyncio.ensure_future(pool.run(square, 100 + n, owner=2)) for n in range(3)]
    jobs += [asyncio.ensure_future(pool.run(square, 200, owner=3))]
    await started(2, executor)
    await executor.finish_all()
    await asyncio.gather(*jobs)
    first_six = executor.started[:6]
    assert first_six[:2] == [0, 1]  # both workers were free for the first member
    assert {100, 200} <= set(first_six[2:4])  # then each other member's first request
    assert executor.started.index(102) < executor.started.index(5)


async def test_a_member_has_at_most_three_computations_going() -> None:
    executor = ManualExecutor()
    pool = ComputePool(processes=1, executor=executor)
    mine = [asyncio.ensure_future(pool.run(square, n, owner=1)) for n in range(3)]
    await started(1, executor)
    with pytest.raises(Busy) as refused:
        await pool.run(square, 3, owner=1)
    assert str(refused.value) == "You already have 3 odds being worked out; wait for them."
    same = asyncio.ensure_future(pool.run(square, 2, owner=1))  # already asked for: not refused
    theirs = asyncio.ensure_future(pool.run(square, 3, owner=2))  # another member: not refused
    anonymous = [asyncio.ensure_future(pool.run(square, 10 + n)) for n in range(5)]  # no owner
    await asyncio.sleep(0)
    await executor.finish_all()
    assert [await m for m in mine] == [0, 1, 4]
    assert (await same, await theirs) == (4, 9)
    assert [await a for a in anonymous] == [(10 + n) ** 2 for n in range(5)]
    assert sorted(executor.started) == [0, 1, 2, 3, 10, 11, 12, 13, 14]  # 2 was computed once
    again = asyncio.ensure_future(pool.run(square, 5, owner=1))  # room again
    await started(10, executor)
    await executor.finish_all()
    assert await again == 25


async def test_a_cancelled_request_leaves_the_queue_and_frees_its_place() -> None:
    executor = ManualExecutor()
    pool = ComputePool(processes=1, executor=executor)
    running = asyncio.ensure_future(pool.run(square, 1, owner=1))
    waiting = [asyncio.ensure_future(pool.run(square, n, owner=1)) for n in (2, 3)]
    await started(1, executor)
    waiting[0].cancel()
    await asyncio.sleep(0)
    later = asyncio.ensure_future(pool.run(square, 4, owner=1))  # its place was given back
    await asyncio.sleep(0)
    await executor.finish_all()
    assert (await running, await waiting[1], await later) == (1, 9, 16)
    assert executor.started == [1, 3, 4]  # the cancelled request was never computed


async def test_close_cancels_what_is_still_waiting() -> None:
    executor = ManualExecutor()
    pool = ComputePool(processes=1, executor=executor)
    running = asyncio.ensure_future(pool.run(square, 1, owner=1))
    waiting = asyncio.ensure_future(pool.run(square, 2, owner=2))
    await started(1, executor)
    await pool.close()
    await executor.finish_all()
    assert await running == 1
    with pytest.raises(asyncio.CancelledError):
        await waiting
    assert executor.started == [1]


async def test_odds_over_the_budget_are_refused_before_anything_is_computed() -> None:
    from bot.play.attack import exact_odds
    from bot.rules.errors import TooManyDice
    from bot.rules.profiles import AttackSpec, target_from_text, weapon_from_text
    from bot.rules.rulesets import ruleset

    rules = ruleset("10th")
    weapons = tuple(
        weapon_from_text(rules, attacks="500", skill="3+", strength=5, ap=-1, damage="D6",
                         abilities=a)
        for a in ("devastating wounds", "")
    )  # fmt: skip
    spec = AttackSpec(
        rules, weapons, target_from_text(toughness=4, save="3+", wounds=50, models=20)
    )
    executor = ManualExecutor()
    bot = SimpleNamespace(compute=ComputePool(processes=1, executor=executor))
    with pytest.raises(TooManyDice, match=r"too large to work out exactly .* fewer target models"):
        await exact_odds(cast(Any, bot), spec, owner=1)
    assert executor.started == []


def worker_blas_threads(arg: Hashable) -> tuple[str | None, ...]:
    import numpy  # noqa: F401  (already loaded, with the settings read when it was)

    return tuple(os.environ.get(name) for name in ONE_THREAD)


async def test_workers_run_one_blas_thread_and_the_bot_keeps_its_own() -> None:
    before = tuple(os.environ.get(name) for name in ONE_THREAD)
    pool = ComputePool(processes=1)
    await pool.start()
    try:
        assert await pool.run(worker_blas_threads, 0) == ("1", "1", "1")
    finally:
        await pool.close()
    assert tuple(os.environ.get(name) for name in ONE_THREAD) == before


def test_the_warm_up_is_real_odds() -> None:
    _warm()  # every path of the engine, in each worker before its first request

"""Heavy pure computations (exact odds) off the event loop: a warmed process pool and a cache.

The pool is started with the bot and shut down with it. Results are cached by their (hashable)
input, so the same profile asked twice costs one computation. `processes=0` computes inline, for
tests and benchmarks that measure the computation itself.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor
from typing import Any, TypeVar, cast

T = TypeVar("T")
A = TypeVar("A", bound=Hashable)
CACHE_SIZE = 512


def _start_worker(parent: int) -> None:
    """In each worker: leave Ctrl-C to the bot, and exit when the bot's process is gone."""
    # A terminal's Ctrl-C reaches the whole process group; the bot shuts its workers down itself,
    # so a worker interrupted mid-wait would only print a KeyboardInterrupt traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _exit_with_parent(parent)


def _exit_with_parent(parent: int) -> None:
    """Exit when the bot's process is gone (even after SIGKILL), not linger."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="vox-parent-watch", daemon=True).start()


def _warm() -> int:
    """Run once in each worker so the first real request does not pay for imports."""
    import bot.rules  # noqa: F401

    return 0


class ComputePool:
    def __init__(self, processes: int = 1, cache_size: int = CACHE_SIZE) -> None:
        self.processes = processes
        self._executor: Executor | None = None
        self._cache: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._cache_size = cache_size
        self._inflight: dict[tuple[Any, ...], asyncio.Future[Any]] = {}

    async def start(self) -> None:
        if self.processes <= 0 or self._executor is not None:
            return
        # spawn, not fork: the parent has threads (aiosqlite) that a fork would copy half-way.
        ctx = multiprocessing.get_context("spawn")
        self._executor = ProcessPoolExecutor(
            max_workers=self.processes,
            mp_context=ctx,
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )
        loop = asyncio.get_running_loop()
        await asyncio.gather(
            *(loop.run_in_executor(self._executor, _warm) for _ in range(self.processes))
        )

    async def close(self) -> None:
        executor, self._executor = self._executor, None
        if executor is not None:
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)

    async def run(self, fn: Callable[[A], T], arg: A) -> T:
        """`fn(arg)` in the pool (inline when there is none), cached by (fn, arg)."""
        key = (fn.__module__, fn.__qualname__, arg)
        if key in self._cache:
            self._cache.move_to_end(key)
            return cast(T, self._cache[key])
        if key in self._inflight:  # the same profile asked twice at once: compute it once
            return cast(T, await asyncio.shield(self._inflight[key]))
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._inflight[key] = future
        try:
            result = await self._compute(fn, arg)
        except BaseException as error:
            future.set_exception(error)
            future.exception()  # retrieved: waiters re-raise it, nobody else needs to
            raise
        finally:
            self._inflight.pop(key, None)
        future.set_result(result)
        self._cache[key] = result
        if len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)
        return result

    async def _compute(self, fn: Callable[[A], T], arg: A) -> T:
        if self._executor is None:
            return fn(arg)
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, arg)

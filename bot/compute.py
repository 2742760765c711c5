"""Heavy pure computations (exact odds) off the event loop: warmed worker processes, fair turns,
and a cache.

The pool is started with the bot and shut down with it. Results are cached by their (hashable)
input, so the same profile asked twice costs one computation. `processes=0` computes inline, for
tests and benchmarks that measure the computation itself.

Fairness: each owner (the member who asked) has a queue of its own, and a free worker takes the
next job of the owner served least recently, so one member's burst never waits ahead of another
member's first request; a member has at most `per_owner` computations waiting or running, and one
more is refused at once.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor
from dataclasses import dataclass, replace
from typing import Any, TypeVar, cast

from bot.errors import Busy

T = TypeVar("T")
A = TypeVar("A", bound=Hashable)
CACHE_SIZE = 512
PER_OWNER = 3  # computations one member may have waiting or running at once
# One BLAS thread in each worker: the pool already runs a worker per core, and BLAS threads of
# several processes spinning on the same cores made a 200-health-state target several times slower.
ONE_THREAD = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def _start_worker(parent: int) -> None:
    """In each worker, before its first job: one BLAS thread, Ctrl-C left to the bot, exit with
    the bot's process, and a real computation so the first request finds everything warm."""
    # Read by numpy's BLAS when it loads, so set before this process first imports numpy: the
    # initializer runs before any job, and `python -m bot` workers do not import the bot's main.
    for name in ONE_THREAD:
        os.environ[name] = "1"
    # A terminal's Ctrl-C reaches the whole process group; the bot shuts its workers down itself,
    # so a worker interrupted mid-wait would only print a KeyboardInterrupt traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _exit_with_parent(parent)
    _warm()


def _exit_with_parent(parent: int) -> None:
    """Exit when the bot's process is gone (even after SIGKILL), not linger."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="vox-parent-watch", daemon=True).start()


def _warm() -> None:
    """Small real odds through every path of the engine: imports, numpy and FFT code all warm."""
    from bot.rules.odds import compute
    from bot.rules.profiles import AttackSpec, Part, Weapon, target_from_text, weapon_from_text
    from bot.rules.rulesets import ruleset

    rules = ruleset("10th")

    def weapon(abilities: str, damage: str = "D3") -> Weapon:
        return weapon_from_text(
            rules, attacks="D6", skill="3+", strength=5, ap=-1, damage=damage, abilities=abilities
        )

    queued = weapon("devastating wounds, sustained hits 1, lethal hits")
    mortal = weapon("devastating wounds (mortal)")
    compute(
        AttackSpec(rules, (queued, mortal), target_from_text(toughness=4, save="3+", wounds=2,
                                                             models=3, fnp="5+"))
    )  # fmt: skip
    big = target_from_text(toughness=4, save="3+", wounds=50, models=9)  # past DENSE_LIMIT
    compute(AttackSpec(rules, (weapon("devastating wounds", "D6"),), big))
    # A Bodyguard with its Leader: the line of states, the grid (Precision), the queues.
    led = replace(
        target_from_text(toughness=4, save="3+", wounds=2, models=3),
        leader=Part(save=3, wounds=4, invuln=4, fnp=5),
    )
    sniper = weapon("precision, devastating wounds, critical hits: 1 mortal wound")
    compute(
        AttackSpec(rules, (weapon("critical wounds: +1 damage, mortal wounds last"), sniper), led)
    )


def _ready() -> int:
    """Answered once a worker's initializer (and so its warm-up) is done."""
    return os.getpid()


@dataclass(eq=False)
class _Job:
    key: tuple[Any, ...]
    fn: Callable[[Any], Any]
    arg: Any
    owner: int | None
    future: asyncio.Future[Any]
    waiters: int = 1
    started: bool = False


class ComputePool:
    def __init__(
        self,
        processes: int = 1,
        cache_size: int = CACHE_SIZE,
        *,
        per_owner: int = PER_OWNER,
        executor: Executor | None = None,
    ) -> None:
        """`processes` workers (0: inline); `executor` replaces the process pool (tests)."""
        self.processes = processes
        self.per_owner = per_owner
        self._executor: Executor | None = executor
        self._owns_executor = executor is None
        self._cache: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self._cache_size = cache_size
        self._inflight: dict[tuple[Any, ...], _Job] = {}
        self._queues: dict[int | None, deque[_Job]] = {}  # jobs waiting, by owner
        self._owned: Counter[int | None] = Counter()  # waiting or running, by owner
        self._served: dict[int | None, int] = {}  # when each owner with jobs going last had a turn
        self._turns = 0
        self._running = 0
        self._working: set[asyncio.Future[Any]] = set()

    async def start(self) -> None:
        """Start the workers and wait until they are warm (see `_start_worker`)."""
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
        # Each call starts a worker, and none answers before its warm-up is done.
        await asyncio.gather(
            *(loop.run_in_executor(self._executor, _ready) for _ in range(self.processes))
        )

    async def close(self) -> None:
        executor, self._executor = self._executor, None
        for queue in self._queues.values():
            for job in queue:
                self._release(job)
                job.future.cancel()
        self._queues.clear()
        if executor is not None and self._owns_executor:
            await asyncio.to_thread(executor.shutdown, True, cancel_futures=True)

    def admit(self, owner: int | None) -> None:
        """Refuse at once (`Busy`) when `owner` already has `per_owner` computations going."""
        if owner is not None and self._owned[owner] >= self.per_owner:
            raise Busy(f"You already have {self.per_owner} odds being worked out; wait for them.")

    async def run(self, fn: Callable[[A], T], arg: A, *, owner: int | None = None) -> T:
        """`fn(arg)` in the pool (inline when there is none), cached by (fn, arg).

        A cached result, or the same computation already asked for, costs nothing and is never
        refused; otherwise the computation waits in `owner`'s queue for that queue's turn.
        """
        key = (fn.__module__, fn.__qualname__, arg)
        if key in self._cache:
            self._cache.move_to_end(key)
            return cast(T, self._cache[key])
        job = self._inflight.get(key)
        if job is not None:  # the same profile asked twice at once: compute it once
            job.waiters += 1
        else:
            self.admit(owner)
            job = _Job(key, fn, arg, owner, asyncio.get_running_loop().create_future())
            self._inflight[key] = job
            self._owned[owner] += 1
            self._queues.setdefault(owner, deque()).append(job)
            self._dispatch()
        try:
            return cast(T, await asyncio.shield(job.future))
        except asyncio.CancelledError:
            self._leave(job)
            raise

    def _dispatch(self) -> None:
        """Start queued jobs while a worker is free: the next job of the owner served least
        recently (one not served since its last job ended comes first, in order of asking)."""
        while self._running < max(1, self.processes) and self._queues:
            owner = min(self._queues, key=lambda o: self._served.get(o, -1))
            queue = self._queues[owner]
            job = queue.popleft()
            if not queue:
                del self._queues[owner]
            self._turns += 1
            self._served[owner] = self._turns
            self._start(job)

    def _start(self, job: _Job) -> None:
        job.started = True
        self._running += 1

        def done(work: asyncio.Future[Any]) -> None:
            if work.cancelled():
                self._finish(job, error=asyncio.CancelledError())
            elif (error := work.exception()) is not None:
                self._finish(job, error=error)
            else:
                self._finish(job, work.result())
            self._dispatch()

        work = asyncio.ensure_future(self._compute(job.fn, job.arg))
        self._working.add(work)  # a strong reference until it is done
        work.add_done_callback(self._working.discard)
        work.add_done_callback(done)

    async def _compute(self, fn: Callable[[A], T], arg: A) -> T:
        if self._executor is None:
            return fn(arg)
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, arg)

    def _finish(self, job: _Job, result: Any = None, error: BaseException | None = None) -> None:
        self._running -= 1
        self._release(job)
        if job.future.done():  # cancelled: closed, or everyone waiting went away
            return
        if isinstance(error, asyncio.CancelledError):
            job.future.cancel()
        elif error is not None:
            job.future.set_exception(error)
            job.future.exception()  # retrieved: waiters re-raise it, nobody else needs to
        else:
            job.future.set_result(result)
            self._cache[job.key] = result
            if len(self._cache) > self._cache_size:
                self._cache.popitem(last=False)

    def _release(self, job: _Job) -> None:
        if self._inflight.get(job.key) is job:
            del self._inflight[job.key]
        self._owned[job.owner] -= 1
        if self._owned[job.owner] <= 0:
            del self._owned[job.owner]
            self._served.pop(job.owner, None)

    def _leave(self, job: _Job) -> None:
        """A waiter was cancelled: a queued job nobody waits for any more is dropped."""
        job.waiters -= 1
        if job.waiters > 0 or job.started or job.future.done():
            return
        queue = self._queues.get(job.owner)
        if queue is not None and job in queue:
            queue.remove(job)
            if not queue:
                del self._queues[job.owner]
        self._release(job)
        job.future.cancel()

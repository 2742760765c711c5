"""A health line per shard in the log: when a shard becomes ready or resumes, then every
`HEALTH_EVERY` seconds, e.g. `shard 1/2: latency 42 ms, 1,234 guilds`, so that whoever reads the
log of one process of many sees which shards it runs and whether each is alive and how loaded."""

from __future__ import annotations

import asyncio
import logging
import math
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Protocol

from bot.shards import shard_of

log = logging.getLogger("vox")

HEALTH_EVERY = 300.0  # seconds between two rounds of health lines
TASK_NAME = "vox-shard-health"


class ShardState(Protocol):
    """What discord.py's `ShardInfo` tells of one shard."""

    @property
    def latency(self) -> float: ...

    def is_closed(self) -> bool: ...


class HasId(Protocol):
    @property
    def id(self) -> int: ...


class Sharded(Protocol):
    """What the health lines read of a sharded client (discord.py's `AutoShardedClient`)."""

    @property
    def shard_count(self) -> int | None: ...

    @property
    def shards(self) -> Mapping[int, ShardState]: ...

    @property
    def guilds(self) -> Sequence[HasId]: ...


def health_line(shard_id: int, shard_count: int, shard: ShardState, guilds: int) -> str:
    """`shard 1/2: latency 42 ms, 1,234 guilds`; the latency is unknown until a heartbeat was
    answered, and a shard whose connection is down (reconnecting) says so instead."""
    if shard.is_closed():
        state = "disconnected"
    elif math.isfinite(shard.latency):
        state = f"latency {shard.latency * 1000:.0f} ms"
    else:
        state = "latency unknown"
    return f"shard {shard_id}/{shard_count}: {state}, {guilds:,} guild{'' if guilds == 1 else 's'}"


class ShardHealth:
    """Logs the health lines of `client`'s shards; `start` begins the periodic round, `stop`
    ends it (the client's close must call it, so no task outlives the bot)."""

    def __init__(self, client: Sharded, every: float = HEALTH_EVERY) -> None:
        self.client = client
        self.every = every
        self._task: asyncio.Task[None] | None = None

    def lines(self, shard_ids: Sequence[int] | None = None) -> list[str]:
        """The lines for `shard_ids` (default: every shard this process runs), guilds counted
        by the shard Discord sends them to."""
        count = self.client.shard_count or 1
        shards = self.client.shards
        per_shard = Counter(shard_of(g.id, count) for g in self.client.guilds)
        ids = sorted(shards) if shard_ids is None else shard_ids
        return [health_line(i, count, shards[i], per_shard[i]) for i in ids if i in shards]

    def report(self, shard_ids: Sequence[int] | None = None) -> None:
        for line in self.lines(shard_ids):
            log.info("%s", line)

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._rounds(), name=TASK_NAME)

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            await asyncio.gather(task, return_exceptions=True)  # its cancellation, not ours

    async def _rounds(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            self.report()

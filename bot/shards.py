"""Which shards this process runs (SHARD_COUNT and SHARD_IDS read into numbers), and when each may
identify.

Discord splits a bot's guilds into shards, `(guild_id >> 22) % shard_count`, one gateway session
each. SHARD_COUNT and SHARD_IDS let several processes share them (say 0-3 here, 4-7 on another
machine); unset, one process runs every shard Discord recommends, as a single process always did.
"""

from __future__ import annotations

import re
import time
from collections import Counter
from collections.abc import Callable

MAX_SHARDS = 4096  # far above what a Warhammer bot needs; a typo such as 40000 is refused
SHARD_IDS_FORM = "shard ids such as 0-3, 0,2,5 or 0-3,8, or empty for all of them"
IDENTIFY_GAP = 5.0  # seconds between identifies sharing a rate-limit key (Discord's rule)
PART = re.compile(r"\s*(\d{1,9})\s*(?:-\s*(\d{1,9})\s*)?")


def shard_of(guild_id: int, shard_count: int) -> int:
    """The shard Discord sends a guild's events to."""
    return (guild_id >> 22) % shard_count


def parse_shard_ids(spec: str, shard_count: int | None) -> tuple[int, ...]:
    """The ids in `spec` ("0-3", "0,2,5", "0-3,8"), in order; `ValueError` whose text ends the
    sentence "SHARD_IDS ... must be ..." when the spec is malformed, names an id twice or an id
    not below `shard_count`, or comes without a SHARD_COUNT."""
    parts = [PART.fullmatch(p) for p in spec.split(",")]
    if not all(parts):
        raise ValueError(SHARD_IDS_FORM)
    if shard_count is None:
        raise ValueError("used with SHARD_COUNT (the total number of shards), which is empty")
    ids: list[int] = []
    for part in parts:
        assert part is not None  # checked above
        low = int(part[1])
        high = low if part[2] is None else int(part[2])
        if high < low:
            raise ValueError(f"ranges from low to high, such as {high}-{low}")
        if high >= shard_count:
            last = shard_count - 1
            raise ValueError(f"ids from 0 to {last}, as SHARD_COUNT is {shard_count}")
        ids.extend(range(low, high + 1))
    twice = sorted(i for i, n in Counter(ids).items() if n > 1)
    if twice:
        raise ValueError(f"a list naming each shard once ({twice[0]} is named twice)")
    return tuple(ids)


class IdentifyPacer:
    """When each shard may identify. Discord lets `max_concurrency` sessions identify at once:
    shards sharing a rate-limit key (`shard_id % max_concurrency`) must start 5 s apart, others
    need not wait. discord.py waits 5 s before every identify but the first; this waits only
    where Discord asks it to, so the shards of a large bot come up together."""

    def __init__(self, max_concurrency: int = 1, clock: Callable[[], float] = time.monotonic):
        self.max_concurrency = max_concurrency
        self._clock = clock
        self._next: dict[int, float] = {}  # rate-limit key -> when its next identify may start

    def delay(self, shard_id: int) -> float:
        """Seconds shard `shard_id` must wait before identifying; books that identify."""
        key = shard_id % max(1, self.max_concurrency)
        now = self._clock()
        start = max(now, self._next.get(key, now))
        self._next[key] = start + IDENTIFY_GAP
        return start - now

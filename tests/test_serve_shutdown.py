"""`python -m bot` on SIGTERM: the whole close (workers, snapshots still being saved) ends
before `_serve` returns and the database is closed.

Found by the end-to-end benchmark: `bot.start` returns as soon as the signal's close has shut the
connection, so `asyncio.run` cancelled the rest of that close and no campaign snapshot was ever
saved by a real process."""

from __future__ import annotations

import asyncio
import signal
from typing import cast

from bot import __main__ as entry
from bot.client import VoxBot


class SlowClosingBot:
    """Closes its connection at once, then takes a moment for its workers and snapshots."""

    draining = False

    def __init__(self) -> None:
        self.connection_closed = asyncio.Event()
        self.finished = False

    def is_closed(self) -> bool:
        return self.connection_closed.is_set()

    async def start(self, token: str) -> None:
        await self.connection_closed.wait()

    async def shutdown(self) -> None:
        await self.close()

    async def close(self) -> None:
        self.connection_closed.set()
        await asyncio.sleep(0.05)  # the compute workers, the snapshots being saved
        self.finished = True


async def test_sigterm_close_finishes_before_serve_returns() -> None:
    bot = SlowClosingBot()
    asyncio.get_running_loop().call_later(0.01, entry._stop, cast(VoxBot, bot), signal.SIGTERM)
    assert await entry._serve(cast(VoxBot, bot), "token", sync_only=False) == 0
    assert bot.finished

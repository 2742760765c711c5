"""Start-up objects leave the collector's sight once, at the first READY (not per reconnect)."""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from bot import client
from tests.harness import Harness


async def test_the_first_ready_settles_the_heap_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[None] = []
    monkeypatch.setattr(client, "settle_heap", lambda: calls.append(None))
    async with Harness.running(tmp_path) as h:
        assert not calls  # tests and start-up itself do not freeze
        await h.bot.on_ready()
        await h.bot.on_ready()  # a reconnect
    assert len(calls) == 1


def test_settling_freezes_what_is_alive_and_raises_the_thresholds() -> None:
    before = gc.get_threshold()
    try:
        client.settle_heap()
        assert gc.get_freeze_count() > 0
        assert gc.get_threshold() == client.GC_THRESHOLDS
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)

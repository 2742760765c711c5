"""Shared fixtures: an in-process bot with scripted or seeded dice."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.rules.dice import Dice
from tests.harness import Harness


@pytest.fixture
async def harness(tmp_path: Path) -> AsyncIterator[Harness]:
    async with Harness.running(tmp_path, dice=Dice(random.Random(40_000))) as h:
        yield h

"""What a use case may use: the bot's services, named by a protocol so no Discord comes with it."""

from __future__ import annotations

from typing import Protocol

from bot.chronicle import Chronicle
from bot.compute import ComputePool
from bot.rules.dice import Dice
from bot.settings import Settings
from bot.store.database import Database
from bot.tracker import Tracker


class Services(Protocol):
    """The bot (`VoxBot`) or a test's stand-in: the database, the dice, the ledgers."""

    @property
    def db(self) -> Database: ...
    @property
    def dice(self) -> Dice: ...
    @property
    def settings(self) -> Settings: ...
    @property
    def tracker(self) -> Tracker: ...
    @property
    def chronicle(self) -> Chronicle: ...
    @property
    def compute(self) -> ComputePool: ...

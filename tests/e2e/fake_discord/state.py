"""What the fake has recorded, and waiting (always with a bound) until the bot did something."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol, TypeVar

from tests.e2e.fake_discord import records
from tests.e2e.fake_discord.protocol import DEFAULT_TIMEOUT, INTERACTION_DEADLINE
from tests.e2e.fake_discord.records import Interaction
from tests.e2e.fake_discord.world import (
    CHANNEL_ID,
    GUILD_ID,
    JSON,
    TOKEN,
    WORLD,
    World,
    guild_on_shard,
    shard_of,
)

if TYPE_CHECKING:
    from tests.e2e.fake_discord.gateway import GatewaySession

T = TypeVar("T")


class AboutInteraction(Protocol):
    @property
    def interaction(self) -> Interaction | None: ...


A = TypeVar("A", bound=AboutInteraction)


def nth(items: Sequence[T], count: int) -> T | None:
    """The `count`-th item (from 1), or None while there are fewer."""
    return items[count - 1] if len(items) >= count else None


class FakeState:
    """Everything the bot asked for, and the messages as the fake now stores them."""

    def __init__(self, *, token: str = TOKEN) -> None:
        self.token = token
        self.port = 0
        self.requests: list[records.Request] = []
        self.unexpected: list[records.Request] = []
        self.errors: list[str] = []  # exceptions inside the fake itself
        self.command_syncs: list[records.CommandSync] = []
        self.interactions: dict[int, Interaction] = {}
        self.callbacks: list[records.Callback] = []
        self.followups: list[records.WebhookMessage] = []
        self.original_edits: list[records.WebhookMessage] = []
        self.channel_messages: list[records.ChannelMessage] = []
        self.messages: dict[int, JSON] = {}
        self.sessions: list[GatewaySession] = []
        self.worlds: dict[int, World] = {GUILD_ID: WORLD}  # the guilds the bot is in, by id
        self._changed = asyncio.Event()
        self._abort: str | None = None

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    def add_guild(self, shard: int, shard_count: int) -> World:
        """Put the bot in one more guild, whose id lands on `shard` of `shard_count`; add guilds
        before the bot connects (a session gets its shard's guilds at IDENTIFY)."""
        world = guild_on_shard(shard, shard_count, set(self.worlds))
        self.worlds[world.guild_id] = world
        return world

    def world_of_channel(self, channel_id: int) -> World | None:
        """The guild holding text channel `channel_id` (None for a channel the fake lacks)."""
        return next((w for w in self.worlds.values() if w.channel_id == channel_id), None)

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The newest ready session of the shard that gets `guild_id`'s events (None: a DM),
        as Discord routes them; None while no such session is connected."""
        live = [s for s in self.sessions if s.ready and not s.closed]
        owning = [s for s in live if s.shard_id == shard_of(guild_id, s.shard_count)]
        return owning[-1] if owning else None

    def notify(self) -> None:
        """Wake every waiter: something was recorded."""
        self._changed.set()
        self._changed = asyncio.Event()

    def abort_waits(self, reason: str) -> None:
        """Make every current and later wait fail at once (e.g. the bot process died)."""
        self._abort = reason
        self.notify()

    def clear_abort(self) -> None:
        self._abort = None

    async def wait_for(
        self, probe: Callable[[], T | None], *, what: str, within: float = DEFAULT_TIMEOUT
    ) -> T:
        """Return `probe()` as soon as it is not None (or falsy); fail after `within` seconds."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + within
        while True:
            if self.errors:
                raise AssertionError(f"the fake Discord failed: {self.errors[0]}")
            result = probe()
            if result is not None and result is not False:
                return result
            if self._abort is not None:
                raise AssertionError(f"while waiting for {what}: {self._abort}")
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise AssertionError(
                    f"timed out after {within:g}s waiting for {what}; "
                    f"the bot's requests: {self.summary()}"
                )
            changed = self._changed
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(changed.wait(), remaining)

    def summary(self) -> str:
        parts = [str(r) for r in self.requests[-20:]]
        return ", ".join(parts) or "none"

    async def wait_for_session(
        self, count: int = 1, *, shard: int | None = None, within: float = 10.0
    ) -> GatewaySession:
        """The `count`-th gateway session (of shard `shard`, if given) once it got READY and its
        guilds' GUILD_CREATE."""
        where = "" if shard is None else f" of shard {shard}"
        return await self.wait_for(
            lambda: nth(
                [s for s in self.sessions if s.ready and shard in (None, s.shard_id)], count
            ),
            what=f"gateway session #{count}{where} to be ready",
            within=within,
        )

    async def _wait_on(
        self, items: Sequence[A], interaction: Interaction, count: int, what: str, within: float
    ) -> A:
        """The `count`-th of `items` about `interaction`."""
        return await self.wait_for(
            lambda: nth([i for i in items if i.interaction is interaction], count),
            what=f"{what} to interaction {interaction.id}",
            within=within,
        )

    async def wait_for_callback(
        self, interaction: Interaction, *, within: float = INTERACTION_DEADLINE
    ) -> records.Callback:
        """The first answer to `interaction`; by default within Discord's 3 s deadline."""
        return await self._wait_on(self.callbacks, interaction, 1, "the answer", within)

    async def wait_for_followup(
        self, interaction: Interaction, *, count: int = 1, within: float = DEFAULT_TIMEOUT
    ) -> records.WebhookMessage:
        what = f"follow-up #{count}"
        return await self._wait_on(self.followups, interaction, count, what, within)

    async def wait_for_original_edit(
        self, interaction: Interaction, *, within: float = DEFAULT_TIMEOUT
    ) -> records.WebhookMessage:
        edits = self.original_edits
        return await self._wait_on(edits, interaction, 1, "an edit of the reply", within)

    async def wait_for_channel_message(
        self, channel_id: int = CHANNEL_ID, *, count: int = 1, within: float = DEFAULT_TIMEOUT
    ) -> records.ChannelMessage:
        return await self.wait_for(
            lambda: nth([m for m in self.channel_messages if m.channel_id == channel_id], count),
            what=f"message #{count} in channel {channel_id}",
            within=within,
        )

    async def wait_for_sync(
        self, count: int = 1, *, within: float = DEFAULT_TIMEOUT
    ) -> records.CommandSync:
        return await self.wait_for(
            lambda: nth(self.command_syncs, count), what=f"command sync #{count}", within=within
        )

"""What the fake received from the bot, one dataclass per kind of request."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tests.e2e.fake_discord.protocol import EPHEMERAL
from tests.e2e.fake_discord.world import JSON, Person, custom_ids


@dataclass
class Request:
    """One HTTP request the bot made (REST, callbacks and webhooks alike)."""

    method: str
    path: str  # below the API base, e.g. /users/@me
    query: dict[str, str]
    body: Any
    files: list[tuple[str, bytes]] = field(default_factory=list)
    status: int = 0

    def __str__(self) -> str:
        return f"{self.method} {self.path} -> {self.status}"


@dataclass
class CommandSync:
    """A bulk overwrite of the application commands (`PUT .../commands`)."""

    path: str
    guild_id: int | None
    commands: list[JSON]

    def command(self, name: str) -> JSON:
        for c in self.commands:
            if c["name"] == name:
                return c
        raise KeyError(f"/{name} was not synced (synced: {sorted(self.names)})")

    @property
    def names(self) -> set[str]:
        return {c["name"] for c in self.commands}


@dataclass
class Interaction:
    """An INTERACTION_CREATE the test dispatched."""

    id: int
    token: str
    payload: JSON
    user: Person
    sent_at: float
    original: JSON | None = None  # the message created by the first answer (type 4 or 5)


class MessageBody:
    """What a message body the bot sent says: flags, content, embeds and components."""

    def sent_body(self) -> JSON:
        raise NotImplementedError

    @property
    def flags(self) -> int:
        return int(self.sent_body().get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def content(self) -> str:
        return str(self.sent_body().get("content") or "")

    @property
    def embeds(self) -> list[JSON]:
        return list(self.sent_body().get("embeds") or [])

    def custom_ids(self) -> list[str]:
        return custom_ids(self.sent_body())


@dataclass
class Callback(MessageBody):
    """`POST /interactions/{id}/{token}/callback`: the first answer to an interaction."""

    interaction: Interaction
    type: int
    data: JSON
    files: list[tuple[str, bytes]]
    elapsed: float  # seconds from dispatch to callback
    message: JSON | None  # the message created or updated, as the fake now stores it

    def sent_body(self) -> JSON:
        return self.data


@dataclass
class WebhookMessage(MessageBody):
    """A follow-up (`POST /webhooks/{app}/{token}`) or an edit of the original response."""

    interaction: Interaction | None
    body: JSON
    files: list[tuple[str, bytes]]
    message: JSON

    def sent_body(self) -> JSON:
        return self.body


@dataclass
class ChannelMessage(MessageBody):
    """`POST /channels/{id}/messages`: a message the bot posted on its own (e.g. a phase prompt)."""

    channel_id: int
    body: JSON
    files: list[tuple[str, bytes]]
    message: JSON

    def sent_body(self) -> JSON:
        return self.body

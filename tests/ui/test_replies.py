"""The one error handler: a sentence for a member's mistake, an id for a bug, and a fallback when
the interaction has expired (Discord no longer takes a reply to it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.errors import NotAllowed
from bot.ui.replies import report_error


class Channel(discord.abc.Messageable):
    def __init__(self) -> None:
        self.sent: list[tuple[str, discord.AllowedMentions | None]] = []

    async def send(self, content: Any = None, **options: Any) -> Any:
        self.sent.append((content, options.get("allowed_mentions")))


@dataclass
class Response:
    replies: list[str] = field(default_factory=list)
    gone: bool = False  # Discord answers 404 Unknown interaction

    def is_done(self) -> bool:
        return False

    async def send_message(self, text: str, *, ephemeral: bool) -> None:
        if self.gone:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"), "gone")
        self.replies.append(text)


@dataclass
class Interaction:
    response: Response = field(default_factory=Response)
    channel: Channel = field(default_factory=Channel)
    user: Any = field(default_factory=lambda: SimpleNamespace(id=42, mention="<@42>"))
    command: Any = None
    id: int = 7


async def report(interaction: Interaction, error: BaseException) -> None:
    await report_error(cast(discord.Interaction, interaction), error)


async def test_a_members_mistake_is_answered_with_its_sentence_only_to_them() -> None:
    interaction = Interaction()
    await report(interaction, NotAllowed("Only the two players can change this game."))
    assert interaction.response.replies == ["Only the two players can change this game."]
    assert interaction.channel.sent == []


async def test_an_expired_interaction_tells_the_member_in_the_channel_notifying_only_them() -> None:
    interaction = Interaction(response=Response(gone=True))
    await report(interaction, NotAllowed("Only the two players can change this game."))
    assert interaction.response.replies == []
    [(text, mentions)] = interaction.channel.sent
    assert text == "<@42> Only the two players can change this game."
    assert mentions is not None and [u.id for u in mentions.users] == [42]  # type: ignore[union-attr]
    assert mentions.everyone is False and mentions.roles is False


async def test_a_bug_in_an_expired_interaction_still_gets_its_error_id() -> None:
    interaction = Interaction(response=Response(gone=True))
    await report(interaction, ZeroDivisionError("a bug"))
    [(text, _)] = interaction.channel.sent
    assert text.startswith("<@42> Sorry, something went wrong on Vox's side (error id `")

"""Playing a game through the real command tree as a table would: seeded dice with forced faces
where a script needs them, a channel that keeps everything the bot sent (to count its public posts),
and the live prompt as the channel shows it after every edit."""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from bot.rules.dice import Dice
from tests.harness import ALICE, BOB, CHANNEL_ID, Harness, Person, Sent
from tests.harness.posts import public_posts, refusals


class TableDice(Dice):
    """Seeded dice, with faces forced where the script needs a given roll."""

    def __init__(self, seed: int) -> None:
        super().__init__(random.Random(seed))
        self.forced: deque[int] = deque()

    def force(self, *faces: int) -> None:
        self.forced.extend(faces)

    def roll(self, sides: int) -> int:
        return self.forced.popleft() if self.forced else super().roll(sides)


class Table:
    """The channel: every command and click goes through here, and everything the bot sent is
    kept to be counted."""

    def __init__(self, h: Harness, dice: TableDice) -> None:
        self.h, self.dice = h, dice
        self.sent: list[Sent] = []

    async def say(self, command: str, user: Person = ALICE, **options: Any) -> list[Sent]:
        sent = await self.h.slash(command, user=user, **options)
        return self._kept(sent, command)

    async def click(self, custom_id: str, on: Sent, user: Person = ALICE) -> list[Sent]:
        return self._kept(await self.h.click(custom_id, on=on, user=user), custom_id)

    def _kept(self, sent: list[Sent], what: str) -> list[Sent]:
        assert not refusals(sent), f"{what}: {refusals(sent)}"
        self.sent += sent
        return sent

    async def next(self, user: Person = ALICE) -> None:
        await self.say("game next", user)

    async def to(self, phase: str) -> None:
        for _ in range(8):
            state = (await self.h.bot.tracker.require(CHANNEL_ID)).state
            if state.phase is not None and state.phase.key == phase:
                return
            await self.next(self.player(state.active))
        raise AssertionError(f"never reached {phase}")

    async def until(self, round_: int, player: Person, phase: str) -> None:
        """Next phase, by whoever's turn it is, until `phase` of `player`'s turn in `round_`."""
        for _ in range(40):
            state = await self.state()
            here = (state.round, state.active, state.phase.key if state.phase else None)
            if here == (round_, player.id, phase):
                return
            await self.next(self.player(state.active))
        raise AssertionError(f"never reached {phase} of round {round_}")

    @staticmethod
    def player(user_id: int | None) -> Person:
        return ALICE if user_id == ALICE.id else BOB

    async def state(self) -> Any:
        """The channel's game (the finished one, once it has ended)."""
        table = await self.h.bot.tracker.latest(CHANNEL_ID)
        assert table is not None
        return table.state

    async def live(self) -> tuple[dict[str, Any], Sent]:
        """The live prompt as the channel shows it now (after every edit), and a `Sent` of it to
        click its buttons on."""
        state = await self.state()
        assert state.prompt_message is not None
        message = self.h.recorder.messages[state.prompt_message]
        on = Sent("channel", "GET", "", message, message_id=state.prompt_message)
        return dict(message["embeds"][-1]), on


def field(embed: dict[str, Any], name: str) -> str:
    for f in embed.get("fields", []):
        if f["name"] == name:
            return str(f["value"])
    raise KeyError(f"no field {name!r} in {[f['name'] for f in embed.get('fields', [])]}")


def button(embed_on: Sent, starts: str) -> str:
    """The custom_id of the button whose label starts with `starts`."""
    for b in embed_on.buttons:
        if str(b.get("label", "")).startswith(starts):
            return str(b["custom_id"])
    raise KeyError(f"no button {starts!r} among {[b.get('label') for b in embed_on.buttons]}")


async def attack(t: Table, user: Person, **options: Any) -> Sent:
    """`/attack`; through its weapon choice when it offers one; the public card."""
    sent = await t.say("attack", user, **options)
    offer = sent[0]
    if offer.ephemeral and offer.selects:
        sent = await t.click(offer.button("Attack")["custom_id"], offer, user)
    [card] = public_posts(sent)
    return card

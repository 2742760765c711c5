"""A burst of game changes over the wire, the bot SIGKILLed in the middle of it, and the check that
every change the bot acknowledged is in the game's log (whichever database holds it).

The tracker commits each event before the command answers, so an answer the fake received is an
acknowledged event: it must be in the log after the crash, whatever was still in flight when the
process died.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
from collections import Counter
from dataclasses import dataclass, field

from tests.e2e.conftest import BotProcess, BotRunner
from tests.e2e.fake_discord import (
    ALICE,
    BOB,
    MESSAGE,
    UPDATE_MESSAGE,
    Callback,
    FakeDiscord,
    Interaction,
    Rejected,
    custom_ids,
)
from tests.e2e.fake_discord.world import JSON
from tests.e2e.game_wire import (
    NEXT_ID,
    Logged,
    acted,
    answer,
    confirms,
    online,
    prompt_seq,
    shown_points,
    titles,
)
from tests.e2e.processes import descendants, end

BURST = 400  # interactions at most, far more than the bot answers before the kill
IN_FLIGHT = 8  # interactions sent but not yet answered, at any moment of the burst
KILL_AFTER = 40  # changes acknowledged (public answers) before SIGKILL
FINAL = 64  # changes put on the wire right before SIGKILL: more than a fast bot answers in time
NEXT_EVERY = 16  # one /game next in so many commands (the game must not end in the burst)
POINTS_REPLY = re.compile(
    r"✅ <@(?P<player>\d+)> now has \*\*(?P<cp>\d+)\*\* CP and \*\*(?P<vp>\d+)\*\* VP "
    r"\((?P<reason>burst \d+)\)\."
)
POINT_KINDS = {"cp add": "cp_gained", "vp add": "vp_scored"}
Totals = dict[int, tuple[int, int]]  # {player: (CP, VP)}


@dataclass
class Burst:
    """What was sent during the burst, and (after the kill) what the bot acknowledged."""

    sent: dict[int, str] = field(default_factory=dict)  # interaction id -> command or "click"
    points: list[tuple[str, Callback]] = field(default_factory=list)  # (command, answer)
    prompts: list[Callback] = field(default_factory=list)  # prompts posted or edited by a click
    moved: list[Callback] = field(default_factory=list)  # /game next's private confirmations
    refused: Counter[str] = field(default_factory=Counter)  # ephemeral answers, by sentence
    stopped: bool = False  # the bot was killed: send nothing more

    def answers(self, fake: FakeDiscord) -> list[Callback]:
        return [c for c in fake.callbacks if c.interaction.id in self.sent]

    def acknowledged(self, fake: FakeDiscord) -> int:
        return sum(confirms(c) for c in self.answers(fake))

    def in_flight(self, fake: FakeDiscord) -> int:
        return len(self.sent) - len(self.answers(fake))

    def sort(self, fake: FakeDiscord) -> None:
        for reply in self.answers(fake):
            assert reply.type in (MESSAGE, UPDATE_MESSAGE), reply
            command = self.sent[reply.interaction.id]
            if not confirms(reply):
                self.refused[reply.content] += 1
            elif command in POINT_KINDS:
                self.points.append((command, reply))
            elif reply.ephemeral:  # /game next within a turn: the live prompt was edited
                assert reply.content.startswith("➡️ "), reply.content
                self.moved.append(reply)
            else:
                assert titles(reply)[-1].startswith("Battle round "), titles(reply)
                self.prompts.append(reply)

    def check_killed_midway(self, fake: FakeDiscord) -> None:
        """The kill landed mid-burst, after enough acknowledged changes of every sort."""
        assert self.in_flight(fake) > 0, "the bot answered the whole burst before it was killed"
        # Every acknowledgement counts: points, prompts a click posted or edited, and /game
        # next's private "➡️ <phase>" (the live prompt edited within a turn).
        assert len(self.points) + len(self.prompts) + len(self.moved) >= KILL_AFTER
        assert self.prompts, f"no Next phase was acknowledged; refused: {self.refused}"


async def send_commands(fake: FakeDiscord, burst: Burst) -> None:
    """/vp add and /cp add from both players, each with its own reason, and some /game next."""
    for k in range(BURST):
        user = (ALICE, BOB)[k % 2]
        if k % NEXT_EVERY == NEXT_EVERY - 1:
            command, options = "game next", {}
        else:
            command = ("vp add", "cp add")[k // 2 % 2]
            options = {"amount": 1, "reason": f"burst {k}"}
        await fake.wait_for(
            lambda: burst.stopped or burst.in_flight(fake) < IN_FLIGHT,
            what="room in the burst's window",
        )
        if burst.stopped:
            return
        sent = await fake.dispatch_command(command, options, user)
        burst.sent[sent.id] = command


def live_prompt(fake: FakeDiscord) -> tuple[JSON, str, int] | None:
    """The message showing the newest "Next phase" button, that button and its seq."""
    newest: tuple[JSON, str, int] | None = None
    for message in list(fake.messages.values()):
        for custom_id in custom_ids(message):
            match = NEXT_ID.fullmatch(custom_id)
            if match and (newest is None or int(match["seq"]) > newest[2]):
                newest = (message, custom_id, int(match["seq"]))
    return newest


async def click_newest_prompts(fake: FakeDiscord, burst: Burst) -> None:
    """Press "Next phase" on the live prompt each time it shows a new phase, as both players
    (one of them wins); the bot may edit the prompt in between (then the press is not sent)."""
    pressed: set[int] = set()
    while not burst.stopped:
        newest = live_prompt(fake)
        if newest is not None and newest[2] not in pressed:
            message, button, seq = newest
            pressed.add(seq)
            for user in (BOB, ALICE):
                with contextlib.suppress(Rejected):  # edited meanwhile: no longer on screen
                    clicked: Interaction = await fake.click(message, button, user)
                    burst.sent[clicked.id] = "click"
        await asyncio.sleep(0.01)


async def sigkill_mid_burst(fake: FakeDiscord, bot: BotProcess) -> Burst:
    burst = Burst()
    tasks = [
        asyncio.create_task(send_commands(fake, burst)),
        asyncio.create_task(click_newest_prompts(fake, burst)),
    ]
    try:
        await fake.wait_for(
            lambda: burst.acknowledged(fake) >= KILL_AFTER,
            what=f"{KILL_AFTER} acknowledged changes in the burst",
        )
        bot.stopping = True  # an expected death: do not fail the waits
        left = descendants(bot.proc.pid)
        # Put changes on the wire and kill without waiting for them, so the kill always lands
        # mid-burst however fast the bot answers (a timing-only precondition was flaky).
        final = await asyncio.gather(
            *(fake.dispatch_command("vp add", {"amount": 1, "reason": f"final {k}"}, BOB)
              for k in range(FINAL))
        )  # fmt: skip
        os.kill(bot.proc.pid, signal.SIGKILL)
        for sent in final:
            burst.sent[sent.id] = "vp add"
        end(left)  # belt and braces: workers also exit by themselves once the bot is gone
    finally:
        # A flag, not only cancel(): Python 3.11's asyncio.wait_for can swallow a cancellation.
        burst.stopped = True
        fake.notify()
        for task in tasks:
            with contextlib.suppress(ConnectionError):
                await asyncio.wait_for(task, 2.0)
    await bot.kill()  # reaps the process and its output readers
    # -9, or 255 when asyncio's child watcher lost the race to reap it ("Unknown child process").
    assert bot.returncode in (-signal.SIGKILL, 255)
    await asyncio.sleep(0.1)  # answers already on the wire are still acknowledgements
    burst.sort(fake)
    burst.check_killed_midway(fake)
    return burst


def totals(log: list[Logged]) -> Totals:
    """{player: (CP, VP)} folded from the log (nothing is spent or undone in this test)."""
    started = json.loads(log[0].payload)
    cp = dict.fromkeys(started["players"], started.get("starting_cp", 0))
    vp = dict.fromkeys(started["players"], 0)
    for event in log[1:]:
        data = json.loads(event.payload)
        if event.kind == "cp_gained":
            cp[data["player"]] += data["amount"]
        elif event.kind == "vp_scored":
            vp[data["player"]] += data["amount"]
        else:
            kinds = {"first_player_chosen", "phase_advanced", "turn_ended", "prompt_shown"}
            assert event.kind in kinds, event
    return {player: (cp[player], vp[player]) for player in vp}


def check_points(burst: Burst, log: list[Logged]) -> None:
    """Each acknowledged /cp add and /vp add is its own event in the log, as answered."""
    by_reason = {json.loads(e.payload).get("reason"): e for e in log}
    for command, reply in burst.points:
        match = POINTS_REPLY.fullmatch(reply.content)
        assert match is not None, reply.content
        event = by_reason.get(match["reason"])
        assert event is not None, f"acknowledged but not in the log: {reply.content}"
        assert event.kind == POINT_KINDS[command]
        assert event.actor == reply.interaction.user.id == int(match["player"])
        assert json.loads(event.payload)["amount"] == 1


def check_log(burst: Burst, log: list[Logged]) -> Totals:
    """Every change the burst's answers acknowledged is in `log`; the points the log adds up to."""
    assert [e.seq for e in log] == list(range(1, len(log) + 1))
    check_points(burst, log)
    for prompt in burst.prompts:  # its button names the event that entered its phase
        entered = log[prompt_seq(prompt) - 1]
        assert entered.kind == "phase_advanced", titles(prompt)
        phase = json.loads(entered.payload)
        assert titles(prompt)[-1] == f"Battle round {phase['round']}/5 — {phase['name']}"

    phases = {json.loads(e.payload)["name"] for e in log if e.kind == "phase_advanced"}
    for reply in burst.moved:  # the phase it said the game moved on to was logged
        assert reply.content.split(" — ")[0].removeprefix("➡️ ") in phases, reply.content

    # What any answer showed is at most what the log holds (points only ever grow here).
    logged = totals(log)
    for _, reply in burst.points:
        match = POINTS_REPLY.fullmatch(reply.content)
        assert match is not None
        cp, vp = logged[int(match["player"])]
        assert int(match["cp"]) <= cp
        assert int(match["vp"]) <= vp
    return logged


async def check_restart_carries_on(fake: FakeDiscord, bots: BotRunner, logged: Totals) -> None:
    """A new bot process shows the points the log holds and takes the game's next change."""
    again = await online(fake, bots, run=2)
    status = await answer(fake, await fake.dispatch_command("game status"))
    assert shown_points(status) == logged
    assert titles(status)[0].startswith("🎲 9th edition — battle round ")
    scored = await acted(fake, await fake.dispatch_command("vp add", {"amount": 2}, ALICE))
    cp, vp = logged[ALICE.id]
    assert scored.content == f"✅ <@{ALICE.id}> now has **{cp}** CP and **{vp + 2}** VP."
    assert await again.stop() == 0
    assert "Traceback" not in again.stderr

"""Two bot processes on one PostgreSQL database, each running one of two shards (SHARD_COUNT=2 with
SHARD_IDS=0, and with SHARD_IDS=1), against the fake Discord, which sends each guild's events to
its shard's gateway session: the fake's own guild is on shard 1, a second guild on shard 0.

What one process decided the other must not undo: a game's log is the database's, guarded by its
UNIQUE (game, seq), so a button clicked through both processes at once advances the game once and
every other click gets the tracker's "out of date" answer; and a process restarting does not
interrupt the other's guilds.
"""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass, field

from bot.store.connect import open_database
from bot.tracker import STALE
from tests.e2e.conftest import BotProcess, BotRunner
from tests.e2e.fake_discord import (
    ALICE,
    BOB,
    CHANNEL_ID,
    DEFAULT_TIMEOUT,
    MESSAGE,
    UPDATE_MESSAGE,
    Callback,
    FakeDiscord,
    GatewaySession,
    Interaction,
    World,
)
from tests.e2e.game_wire import (
    acted,
    answer,
    click_next,
    next_button,
    read_pg_log,
    start_game,
    titles,
)

SHARDS = 2
CLICKS = 50  # presses of one "Next phase" button, sent at once through both processes
AFTER_RESTART = 3  # commands the other process answers after the restarted one is back


async def start_shard(
    fake: FakeDiscord, bots: BotRunner, shard: int, run: int = 1
) -> tuple[BotProcess, GatewaySession]:
    """A bot process running shard `shard` of `SHARDS`, and its `run`-th session, connected."""
    process = await bots.start(SHARD_COUNT=str(SHARDS), SHARD_IDS=str(shard))
    session = await fake.wait_for_session(run, shard=shard)
    assert session.shard == (shard, SHARDS)
    return process, session


def served_by(interaction: Interaction, process: BotProcess, other: BotProcess) -> bool:
    """Whether `process` got the interaction (its DEBUG log shows every gateway event) and
    `other` did not."""
    mark = f"'id': '{interaction.id}'"
    return mark in process.stderr and mark not in other.stderr


async def campaign_rows(url: str) -> list[tuple[str, int]]:
    """(campaign name, channel of its game) for every campaign game in the database."""
    sql = (
        "SELECT c.name, g.channel_id FROM campaign_games cg "
        "JOIN campaigns c ON c.id = cg.campaign_id JOIN games g ON g.id = cg.game_id"
    )
    async with await open_database(url, pool_size=1) as db:
        return [(str(name), int(channel)) for name, channel in await db.fetch(sql)]


@dataclass
class Scoring:
    """/vp add sent one after another in one guild, each marked with the other process's stage
    ("up", "down" while it is stopped and starting again, "back" once it is connected again)."""

    stage: str = "up"
    sent: list[tuple[str, Interaction]] = field(default_factory=list)
    answers: list[Callback] = field(default_factory=list)
    stopped: bool = False

    async def run(self, fake: FakeDiscord, channel_id: int) -> None:
        while not self.stopped:
            stage = self.stage
            sent = await fake.dispatch_command("vp add", {"amount": 1}, BOB, channel_id=channel_id)
            self.sent.append((stage, sent))
            self.answers.append(await acted(fake, sent))
            fake.notify()

    def count(self, stage: str) -> int:
        return sum(marked == stage for marked, _ in self.sent)


async def test_each_process_serves_its_shard_and_carries_on_while_the_other_restarts(
    fake: FakeDiscord, pg_bots: BotRunner
) -> None:
    there: World = fake.add_guild(0, SHARDS)
    first, _ = await start_shard(fake, pg_bots, 0)
    other, _ = await start_shard(fake, pg_bots, 1)

    # A campaign in shard 0's guild, with a battle of it; a plain game in shard 1's guild.
    created = await fake.dispatch_command(
        "campaign create", {"name": "Vigilus"}, channel_id=there.channel_id
    )
    assert (await answer(fake, created)).content.startswith("📜 **Vigilus** begins")
    joined = await fake.dispatch_command(
        "campaign join", {"campaign": "Vigilus"}, BOB, channel_id=there.channel_id
    )
    await answer(fake, joined)
    battle = await start_game(fake, channel_id=there.channel_id, campaign="Vigilus")
    game = await start_game(fake)
    assert served_by(created, first, other) and served_by(joined, first, other)
    assert served_by(battle.interaction, first, other)
    assert served_by(game.interaction, other, first)
    assert await campaign_rows(pg_bots.database_url) == [("Vigilus", there.channel_id)]

    # Shard 0's process restarts while shard 1's keeps answering in its guild.
    scoring = Scoring()
    task = asyncio.create_task(scoring.run(fake, CHANNEL_ID))
    try:
        await fake.wait_for(lambda: scoring.answers, what="a first /vp add answered")
        scoring.stage = "down"
        assert await first.stop() == 0
        again, _ = await start_shard(fake, pg_bots, 0, run=2)
        scoring.stage = "back"
        await fake.wait_for(
            lambda: scoring.count("back") > AFTER_RESTART, what="commands after the restart"
        )
    finally:
        scoring.stopped = True
        with contextlib.suppress(ConnectionError):
            await asyncio.wait_for(task, DEFAULT_TIMEOUT)
    assert scoring.count("down") > 0, "no command was sent while the process was restarting"
    assert len(scoring.answers) == len(scoring.sent)
    total = len(scoring.sent)
    assert scoring.answers[-1].content == f"✅ <@{BOB.id}> now has **0** CP and **{total}** VP."
    for _, sent in scoring.sent:
        assert served_by(sent, other, first) and served_by(sent, other, again)

    # The restarted process carries on shard 0's game and campaign from the database.
    status = await fake.dispatch_command("game status", channel_id=there.channel_id)
    assert titles(await answer(fake, status))[0].startswith("🎲 9th edition — battle round 1/5")
    assert served_by(status, again, other)
    book = await fake.dispatch_command(
        "campaign status", {"campaign": "Vigilus"}, channel_id=there.channel_id
    )
    shown = await answer(fake, book)
    assert f"<@{ALICE.id}>" in str(shown.embeds) and f"<@{BOB.id}>" in str(shown.embeds)
    log = await read_pg_log(pg_bots.database_url)
    assert [e.kind for e in log].count("vp_scored") == total
    for process in (again, other):
        assert await process.stop() == 0
        assert "Traceback" not in process.stderr


async def test_clicks_through_both_processes_advance_a_game_once(
    fake: FakeDiscord, pg_bots: BotRunner
) -> None:
    there = fake.add_guild(0, SHARDS)
    first, own = await start_shard(fake, pg_bots, 0)
    other, foreign = await start_shard(fake, pg_bots, 1)
    started = await start_game(fake, channel_id=there.channel_id)
    assert served_by(started.interaction, first, other)

    # The button process 0 posted, clicked through process 1, which never saw this guild.
    clicked = await click_next(fake, started, ALICE, via=foreign)
    moved = await fake.wait_for_callback(clicked)
    assert served_by(clicked, other, first)
    assert moved.type == UPDATE_MESSAGE, moved
    assert titles(moved) == ["Battle round 1/5 — Movement phase"]
    # Process 0 reads the game again, so that both decide the clicks against a current cache
    # and race to append: only the database can pick the one winner.
    status = await fake.dispatch_command("game status", channel_id=there.channel_id)
    assert titles(await answer(fake, status))[0].endswith("Movement phase")
    before = await read_pg_log(pg_bots.database_url, there.channel_id)

    # The new prompt's button, pressed 50 times at once, half through each process.
    assert moved.message is not None
    button = next_button(moved)
    presses = await asyncio.gather(
        *(fake.click(moved.message, button, ALICE, via=(own, foreign)[k % 2])
          for k in range(CLICKS))
    )  # fmt: skip
    replies = [await fake.wait_for_callback(p, within=DEFAULT_TIMEOUT) for p in presses]
    advanced = [r for r in replies if not r.ephemeral]
    assert len(advanced) == 1, [r.content for r in replies]
    assert advanced[0].type == UPDATE_MESSAGE
    assert titles(advanced[0]) == ["Battle round 1/5 — Psychic phase"]
    refused = [r for r in replies if r.ephemeral]
    assert all(r.type == MESSAGE and r.content == STALE for r in refused), refused
    assert any(served_by(p, first, other) for p in presses)
    assert any(served_by(p, other, first) for p in presses)

    after = await read_pg_log(pg_bots.database_url, there.channel_id)
    assert after[: len(before)] == before
    assert [e.kind for e in after[len(before) :]] == ["phase_advanced"]
    for process in (first, other):
        assert await process.stop() == 0
        assert "Traceback" not in process.stderr

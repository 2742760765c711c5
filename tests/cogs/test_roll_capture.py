"""Every interaction's dice become one row of the channel's roll log when it is over: counted
exactly (each D6 face, a re-rolled die's first face too), never mixed between interactions running
at once, credited to whoever pressed a button, kept private when the answer was, and never written
for an action that was refused or failed; a log that cannot be written never breaks the action."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from bot.errors import RulesError
from bot.play import leadership, psychic
from bot.rules.dice import Dice, ScriptedDice
from bot.rules.morale import BattleShockTest
from bot.rules.psychic import DenyTest
from bot.store.roll_log import LoggedRoll, load_roll, page
from bot.tally import TalliedDice, Tally, current, start, tallying
from bot.ui import tallied
from tests.cogs.test_attack_choice import SIX, armies
from tests.cogs.test_attack_in_game import to_phase
from tests.harness import ALICE, BOB, CHANNEL_ID, Harness

BROKEN = "The dice fell off the table."


async def rows(h: Harness) -> list[LoggedRoll]:
    """The channel's public rolls, oldest first."""
    return list(reversed(await page(h.bot.db, CHANNEL_ID, limit=50)))


async def test_the_bot_rolls_the_given_dice_through_its_tally(tmp_path: Path) -> None:
    given = ScriptedDice([4])
    async with Harness.running(tmp_path, dice=given) as h:
        assert isinstance(h.bot.dice, TalliedDice) and h.bot.dice.inner is given
        assert h.bot.chronicle.dice is h.bot.dice  # campaign rolls are counted too
        await h.slash("advance", move=6)
    assert given.remaining == 0


async def test_every_d6_face_is_counted_a_re_rolled_die_first_face_too(tmp_path: Path) -> None:
    # A failed 1+2 re-rolled into 5+4: four physical dice.
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 5, 4])) as h:
        await h.slash("charge", distance=9, reroll=True)
        [row] = await rows(h)
    assert (row.entry.d6, row.entry.dice) == ((1, 1, 0, 1, 1, 0), 4)
    assert (row.entry.user_id, row.entry.user_name, row.entry.command) == (
        ALICE.id, "Alice", "/charge"
    )  # fmt: skip


def test_a_die_of_another_kind_is_a_die_but_no_d6_face() -> None:
    dice = TalliedDice(ScriptedDice([17, 3, 5]))
    with tallying() as tally:
        dice.roll(20)
        dice.roll(6)
    assert current() is None  # the block's tally is gone with it
    assert dice.roll(6) == 5  # outside any interaction a die still rolls, counted nowhere
    assert (tally.dice, tally.d6) == (2, [0, 0, 1, 0, 0, 0])


async def test_interleaved_interactions_count_only_their_own_dice() -> None:
    dice = TalliedDice(ScriptedDice([1, 2, 3, 4, 5, 6]))
    turns = [asyncio.Event(), asyncio.Event()]

    async def interaction(me: int) -> Tally:
        tally = start()  # as the command tree does, in the interaction's own task
        for _ in range(3):
            await turns[me].wait()
            turns[me].clear()
            dice.roll(6)
            turns[1 - me].set()
        return tally

    turns[0].set()
    first, second = await asyncio.gather(interaction(0), interaction(1))
    assert (first.d6, second.d6) == ([1, 0, 1, 0, 1, 0], [0, 1, 0, 1, 0, 1])


async def test_two_commands_at_once_each_log_their_own_dice(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3] * 7)) as h:
        await asyncio.gather(
            h.slash("desperate-escape", models=5, user=ALICE),
            h.slash("charge", distance=7, user=BOB),
        )
        logged = {r.entry.user_name: r.entry for r in await rows(h)}
    assert (logged["Alice"].dice, logged["Alice"].d6) == (5, (0, 0, 5, 0, 0, 0))
    assert (logged["Bob"].dice, logged["Bob"].d6) == (2, (0, 0, 2, 0, 0, 0))


async def test_a_button_logs_its_roll_credited_to_whoever_pressed_it(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 4])) as h:
        [cast] = await h.slash("psychic", wc=7, user=ALICE)
        await h.click(cast.button("Deny the Witch")["custom_id"], on=cast, user=BOB)
        cast_row, deny_row = await rows(h)
    assert (cast_row.entry.user_name, cast_row.entry.d6) == ("Alice", (0, 0, 0, 2, 0, 0))
    assert (deny_row.entry.user_id, deny_row.entry.command) == (BOB.id, "Deny the Witch")
    assert (deny_row.entry.d6, deny_row.entry.dice) == ((0, 0, 0, 1, 1, 0), 2)


async def test_a_refused_button_logs_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4])) as h:
        [cast] = await h.slash("psychic", wc=7, user=ALICE)
        [own] = await h.click(cast.button("Deny the Witch")["custom_id"], on=cast, user=ALICE)
        logged = await rows(h)
    assert own.ephemeral and "cannot deny their own power" in own.content
    assert [r.entry.command for r in logged] == ["/psychic"]


def _rolls_then_fails(dice: Dice, *_: object) -> BattleShockTest | DenyTest:
    dice.roll(6)
    dice.roll(6)
    raise RulesError(BROKEN)


async def test_a_command_that_fails_after_rolling_logs_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(leadership, "battle_shock_test", _rolls_then_fails)
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4])) as h:
        [reply] = await h.slash("battleshock", leadership=7)
        logged = await rows(h)
    assert reply.ephemeral and reply.content == BROKEN
    assert logged == []


async def test_a_button_that_fails_after_rolling_logs_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(psychic, "deny_the_witch", _rolls_then_fails)
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 4])) as h:
        [cast] = await h.slash("psychic", wc=7, user=ALICE)
        [failed] = await h.click(cast.button("Deny the Witch")["custom_id"], on=cast, user=BOB)
        logged = await rows(h)
    assert failed.ephemeral and failed.content == BROKEN
    assert [r.entry.command for r in logged] == ["/psychic"]


async def test_a_secret_attack_is_logged_out_of_history(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 6, 2, 3])) as h:
        [card, _] = await h.slash(
            "attack", attacks="2", skill="3+", strength="4", ap="-1", damage="1", toughness=5,
            save="5+", wounds=1, models=10, secret=True,
        )  # fmt: skip
        logged, kept = await rows(h), await load_roll(h.bot.db, 1)
    assert card.ephemeral and logged == []
    assert kept is not None and kept.entry.secret and kept.entry.dice == 6


async def test_a_secret_attack_resolved_by_its_button_stays_secret(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        [offer] = await h.slash("attack", attacker="Intercessors", target="Boyz", secret=True)
        await h.click(offer.button("Attack")["custom_id"], on=offer)
        logged, kept = await rows(h), await load_roll(h.bot.db, 1)
    assert logged == []
    assert kept is not None and kept.entry.secret and kept.entry.command == "Attack"


async def test_a_log_that_cannot_be_written_never_breaks_the_roll(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(*_: object, **__: object) -> int:
        raise OSError("disk full")

    monkeypatch.setattr(tallied, "save_tally", broken)
    async with Harness.running(tmp_path, dice=ScriptedDice([4])) as h:
        with caplog.at_level(logging.ERROR, logger="vox"):
            [reply] = await h.slash("advance", move=6)
    assert not reply.ephemeral and reply.field("Move this phase").startswith('**10"**')
    assert "could not log the dice rolled by /advance" in caplog.text


async def test_a_command_that_rolls_nothing_logs_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await h.slash("game start", opponent=BOB, first="me")
        await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+")
        assert await rows(h) == []

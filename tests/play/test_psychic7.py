"""The 7th edition psychic use cases (bot/play/psychic7.py): a tracked psyker is checked before any
die is rolled (dice that fail if rolled prove it), its attempt is recorded like 9th's, and Deny
the Witch is the opponent's, once.

Seed 001: "your psykers can invoke the power of the Warp"; the limits follow the published 7th
rulebook: a psyker attempts each of its powers at most once in a phase.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import NotAllowed, Stale, VoxError
from bot.game.events import PowerAttempted
from bot.play import psychic7
from bot.play.actor import Actor
from bot.play.psychic7 import Typed, Warped
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction
from tests.harness import ALICE, BOB, CHANNEL_ID, DAVE, Harness

ALICE_ACTS = Actor(ALICE.id, CHANNEL_ID)
BOB_ACTS = Actor(BOB.id, CHANNEL_ID)
DAVE_ACTS = Actor(DAVE.id, CHANNEL_ID)
MESSAGE = 4321


async def psychic_phase(h: Harness, edition: str = "7th") -> None:
    await h.slash("game start", opponent=BOB, edition=edition, first="me")
    for name in ("Librarian", "Epistolary"):
        await h.slash(
            "unit add", name=name, models=1, wounds=3, toughness=4, save="3+", keywords="psyker"
        )
    await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=4, save="6+", user=BOB)
    for _ in range(2):  # 7th: Start of turn → Movement → Psychic; 9th: Command → Psychic
        await h.slash("game next")


async def cast(h: Harness, who: Actor, psyker: str, power: str = "Prescience") -> Warped:
    return await psychic7.manifest(h.bot, who, 1, 2, 6, power, psyker)


async def test_a_bystanders_7th_psychic_test_rolls_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:  # a roll would raise
        await psychic_phase(h)
        with pytest.raises(NotAllowed):
            await cast(h, DAVE_ACTS, "Librarian")
        with pytest.raises(NotAllowed):
            await cast(h, BOB_ACTS, "Librarian")


async def test_a_tracked_7th_attempt_is_recorded_with_its_successes(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 2])) as h:
        await psychic_phase(h)
        rolled = await cast(h, ALICE_ACTS, "Librarian")
        table = await h.bot.tracker.require(CHANNEL_ID)
        events = await h.bot.tracker.history(table)
    assert rolled.test.passed and rolled.cast is not None and rolled.cast.opponent == BOB.id
    recorded = next(r.event for r in events if r.seq == rolled.cast.seq)
    assert isinstance(recorded, PowerAttempted)
    assert (recorded.unit, recorded.power, recorded.total, recorded.passed) == (
        "Librarian", "Prescience", 1, True,
    )  # fmt: skip


async def test_a_psyker_attempts_each_power_once_per_phase_others_may_too(tmp_path: Path) -> None:
    """Published 7th: a psyker cannot attempt the same power twice in a phase; another psyker
    of the same army may (unlike 9th's once per battle round across the army)."""
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 2, 5, 5])) as h:
        await psychic_phase(h)
        await cast(h, ALICE_ACTS, "Librarian")
        with pytest.raises(
            IllegalAction, match="Librarian already attempted Prescience this phase"
        ):
            await cast(h, ALICE_ACTS, "Librarian")
        other = await cast(h, ALICE_ACTS, "Epistolary")
    assert other.test.successes == 2


async def test_a_tracked_psyker_follows_its_games_edition(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await psychic_phase(h)
        with pytest.raises(VoxError, match="This game is 7th edition: leave edition: out"):
            await psychic7.attempt_power(
                h.bot, ALICE_ACTS, Typed(7, edition="9th"), "Prescience", "Librarian"
            )


async def test_in_a_9th_game_the_typed_7th_edition_is_refused_for_its_psykers(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await psychic_phase(h, edition="9th")
        with pytest.raises(VoxError, match="This game is 9th edition: leave edition: out"):
            await psychic7.attempt_power(
                h.bot, ALICE_ACTS, Typed(1, dice=2, edition="7th"), "Prescience", "Librarian"
            )


async def test_deny_is_the_opponents_once_and_not_after_an_undo(tmp_path: Path) -> None:
    dice = ScriptedDice([4, 5, 6, 6, 2, 4])
    async with Harness.running(tmp_path, dice=dice) as h:
        await psychic_phase(h)
        rolled = await cast(h, ALICE_ACTS, "Librarian")
        assert rolled.cast is not None
        power, tracked = (2, 1, 6), (rolled.cast.game_id, rolled.cast.seq)
        with pytest.raises(NotAllowed):
            await psychic7.deny(h.bot, ALICE_ACTS, ALICE.id, power, 2, tracked, MESSAGE)
        with pytest.raises(NotAllowed):
            await psychic7.deny(h.bot, DAVE_ACTS, ALICE.id, power, 2, tracked, MESSAGE)
        roll = await psychic7.deny(h.bot, BOB_ACTS, ALICE.id, power, 2, tracked, MESSAGE)
        with pytest.raises(Stale, match="already attempted"):
            await psychic7.deny(h.bot, BOB_ACTS, ALICE.id, power, 1, tracked, MESSAGE)
        assert roll.cancelled == 2 and roll.denied
        second = await cast(h, ALICE_ACTS, "Epistolary")
        assert second.cast is not None
        await h.slash("game undo")
        again = (second.cast.game_id, second.cast.seq)
        with pytest.raises(Stale, match="undone"):
            await psychic7.deny(h.bot, BOB_ACTS, ALICE.id, power, 1, again, MESSAGE + 1)
    assert dice.remaining == 0


async def test_the_pool_is_refused_in_a_10th_game_before_rolling(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await h.slash("game start", opponent=BOB, edition="10th", first="me")
        with pytest.raises(VoxError, match="the Warp Charge pool is 7th edition's"):
            await psychic7.pool(h.bot, ALICE_ACTS, 2, 1)

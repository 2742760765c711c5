"""The leadership use cases (bot/play/leadership.py): one roll for the standalone and the tracked
test, permission and the once-per-phase rule before any die, and what is recorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import NotAllowed, RulesError, Stale
from bot.play import leadership
from bot.play.actor import Actor
from bot.rules.dice import ScriptedDice
from tests.harness import BOB, CHANNEL_ID, DAVE, Harness

BOB_ACTS = Actor(BOB.id, CHANNEL_ID)
DAVE_ACTS = Actor(DAVE.id, CHANNEL_ID)  # plays in no game


async def boyz(h: Harness, edition: str, wounds: int) -> None:
    await h.slash("game start", opponent=BOB, first="me", edition=edition)
    await h.slash(
        "unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+", leadership=7,
        user=BOB,
    )  # fmt: skip
    await h.slash("unit damage", unit="Boyz", wounds=wounds)


async def seq(h: Harness) -> int:
    return (await h.bot.tracker.require(CHANNEL_ID)).state.seq


async def test_a_tracked_morale_test_rolls_what_the_standalone_one_rolls(tmp_path: Path) -> None:
    faces = [6, 1, 2, 3, 4, 5, 6]
    async with Harness.running(tmp_path, dice=ScriptedDice(faces)) as h:
        await boyz(h, "9th", 3)
        on = await leadership.unit_morale(h.bot, BOB_ACTS, "boyz")
    alone = leadership.morale(ScriptedDice(faces), 7, 3, 7, 10)
    assert on.roll == alone
    assert on.name == "Boyz" and on.after is not None and on.after.alive == 5


async def test_a_bystanders_morale_test_rolls_nothing_and_records_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:  # a roll would raise
        await boyz(h, "9th", 3)
        before = await seq(h)
        with pytest.raises(NotAllowed):
            await leadership.unit_morale(h.bot, DAVE_ACTS, "Boyz")
        assert await seq(h) == before


async def test_a_bystanders_battle_shock_test_rolls_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await boyz(h, "10th", 6)
        with pytest.raises(NotAllowed):
            await leadership.unit_battle_shock(h.bot, DAVE_ACTS, "Boyz")


async def test_a_bystanders_desperate_escape_rolls_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await boyz(h, "10th", 6)
        with pytest.raises(NotAllowed):
            await leadership.unit_escape(h.bot, DAVE_ACTS, "Boyz", 2)


async def test_the_second_battle_shock_test_in_a_phase_rolls_nothing(tmp_path: Path) -> None:
    dice = ScriptedDice([1, 2])
    async with Harness.running(tmp_path, dice=dice) as h:
        await boyz(h, "10th", 6)
        first = await leadership.unit_battle_shock(h.bot, BOB_ACTS, "Boyz")
        with pytest.raises(RulesError, match="already took its Battle-shock test"):
            await leadership.unit_battle_shock(h.bot, BOB_ACTS, "Boyz")
    assert not first.roll.test.passed and dice.remaining == 0


async def test_an_escape_that_destroys_nothing_records_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 6])) as h:
        await boyz(h, "10th", 6)
        before = await seq(h)
        on = await leadership.unit_escape(h.bot, BOB_ACTS, "Boyz", 2)
        assert await seq(h) == before
    assert on.roll.rolled.models_destroyed == 0 and on.after is not None and on.after.alive == 4


async def test_an_escape_removes_the_models_it_destroys(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 6])) as h:
        await boyz(h, "10th", 6)
        on = await leadership.unit_escape(h.bot, BOB_ACTS, "Boyz", 3)
    assert on.roll.rolled.models_destroyed == 2 and on.after is not None and on.after.alive == 2


async def test_a_prompt_from_another_game_or_phase_rolls_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await boyz(h, "9th", 3)
        table = await h.bot.tracker.require(CHANNEL_ID)
        game, phase = table.record.id, table.state.phase_seq
        with pytest.raises(Stale, match="That game is over"):
            await leadership.prompted(h.bot, BOB_ACTS, "morale", game + 1, phase, "Boyz")
        with pytest.raises(Stale, match="out of date"):
            await leadership.prompted(h.bot, BOB_ACTS, "morale", game, phase + 1, "Boyz")

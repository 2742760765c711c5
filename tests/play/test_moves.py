"""The movement use cases (bot/play/moves.py): a tracked move is refused before any die is rolled,
a failed charge records nothing, and standalone rolls need their numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import NotAllowed, RulesError, VoxError
from bot.play import moves
from bot.play.actor import Actor
from bot.rules.dice import ScriptedDice
from tests.cogs.test_moves_in_game import to_phase
from tests.harness import ALICE, CHANNEL_ID, DAVE, Harness

ALICE_ACTS = Actor(ALICE.id, CHANNEL_ID)
DAVE_ACTS = Actor(DAVE.id, CHANNEL_ID)


async def seq(h: Harness) -> int:
    return (await h.bot.tracker.require(CHANNEL_ID)).state.seq


async def test_a_bystanders_charge_and_advance_roll_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:  # a roll would raise
        await to_phase(h, 1)  # Movement
        with pytest.raises(NotAllowed):
            await moves.advance(h.bot, DAVE_ACTS, None, "Intercessors")
        for _ in range(3):  # Psychic, Shooting, Charge
            await h.slash("game next")
        with pytest.raises(NotAllowed):
            await moves.charge(h.bot, DAVE_ACTS, 7, False, "Intercessors")


async def test_a_move_outside_its_phase_rolls_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await to_phase(h, 0)  # Command
        with pytest.raises(RulesError, match="Movement phase"):
            await moves.advance(h.bot, ALICE_ACTS, None, "Intercessors")


async def test_a_failed_charge_records_nothing_and_a_successful_one_records(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 5, 4])) as h:
        await to_phase(h, 4)  # Charge
        before = await seq(h)
        failed = await moves.charge(h.bot, ALICE_ACTS, 7, False, "intercessors")
        assert await seq(h) == before
        charged = await moves.charge(h.bot, ALICE_ACTS, 7, False, "intercessors")
        assert await seq(h) > before
    assert not failed.roll.succeeded and failed.unit == "Intercessors"
    assert charged.roll.succeeded and charged.unit == "Intercessors"


async def test_a_tracked_advance_uses_the_units_move(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4])) as h:
        await to_phase(h, 1)
        rolled = await moves.advance(h.bot, ALICE_ACTS, None, "Intercessors")
    assert (rolled.roll.move, rolled.roll.total, rolled.unit) == (6, 10, "Intercessors")


async def test_a_standalone_advance_needs_a_move(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        with pytest.raises(VoxError, match="move:6"):
            await moves.advance(h.bot, ALICE_ACTS, None)


def test_reserves_roll_a_die_per_unit_with_their_odds() -> None:
    rolled = moves.reserves(ScriptedDice([1, 3, 6]), 3, 2, 0)
    assert rolled.rolls.arrived == 2 and sum(rolled.odds.values()) == 1

"""The movement use cases (bot/play/moves.py, bot/play/charges.py): a tracked move is refused
before any die is rolled, every declared charge is recorded, a failed one offers its re-roll to its
owner alone, and standalone rolls need their numbers."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import NotAllowed, RulesError, Stale, VoxError
from bot.play import charges, moves
from bot.play.actor import Actor
from bot.rules.dice import ScriptedDice
from tests.cogs.test_moves_in_game import to_phase
from tests.harness import ALICE, BOB, CHANNEL_ID, DAVE, Harness

ALICE_ACTS = Actor(ALICE.id, CHANNEL_ID)
DAVE_ACTS = Actor(DAVE.id, CHANNEL_ID)
BOB_ACTS = Actor(BOB.id, CHANNEL_ID)


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
            await charges.charge(h.bot, DAVE_ACTS, 7, False, "Intercessors")


async def test_a_move_outside_its_phase_rolls_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await to_phase(h, 0)  # Command
        with pytest.raises(RulesError, match="Movement phase"):
            await moves.advance(h.bot, ALICE_ACTS, None, "Intercessors")


async def test_a_failed_charge_is_recorded_and_offers_its_command_reroll(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2])) as h:
        await to_phase(h, 4)  # Charge (9th)
        before = await seq(h)
        failed = await charges.charge(h.bot, ALICE_ACTS, 7, False, "intercessors")
        assert await seq(h) == before + 1
    assert not failed.roll.succeeded and failed.unit == "Intercessors"
    assert failed.offer is not None and failed.offer.costs_cp
    assert failed.offer.seq == before + 1


async def test_only_the_owner_rerolls_and_nothing_is_rolled_for_anyone_else(
    tmp_path: Path,
) -> None:
    dice = ScriptedDice([1, 2])
    async with Harness.running(tmp_path, dice=dice) as h:
        await to_phase(h, 4)
        failed = await charges.charge(h.bot, ALICE_ACTS, 7, False, "Intercessors")
        assert failed.offer is not None
        game, at = failed.offer.game_id, failed.offer.seq
        with pytest.raises(NotAllowed, match="Only the two players"):
            await charges.reroll(h.bot, DAVE_ACTS, game, at)
        with pytest.raises(NotAllowed, match=f"Only <@{ALICE.id}>"):
            await charges.reroll(h.bot, BOB_ACTS, game, at)
        with pytest.raises(Stale):
            await charges.reroll(h.bot, ALICE_ACTS, game + 1, at)
    assert dice.remaining == 0


async def test_a_standalone_charge_reads_the_default_editions_engagement_range(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4])) as h:
        rolled = await charges.charge(h.bot, ALICE_ACTS, 9, False)
    assert (rolled.roll.needed, rolled.roll.succeeded, rolled.engagement_range) == (8, True, 1)
    assert rolled.unit is None and rolled.offer is None


async def test_a_target_needs_a_charging_unit(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        with pytest.raises(VoxError, match="Name the charging unit"):
            await charges.charge(h.bot, ALICE_ACTS, 9, False, target="Boyz")


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

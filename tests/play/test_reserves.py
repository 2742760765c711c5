"""The Reserves use cases (bot/play/reserves.py): who may decide comes first, then the rules, and
only then the die, so every refusal rolls nothing (the scripted dice run out after the set-up)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import NotAllowed, RulesError, VoxError
from bot.play import reserves
from bot.play.actor import Actor
from bot.play.moves import Reserves
from bot.rules.dice import ScriptedDice
from tests.cogs.test_eternum_reserves import SET_UP, deploy, until
from tests.harness import ALICE, BOB, CAROL, CHANNEL_ID, DAVE, Harness

ALICE_ACTS = Actor(ALICE.id, CHANNEL_ID)
BOB_ACTS = Actor(BOB.id, CHANNEL_ID)
DAVE_ACTS = Actor(DAVE.id, CHANNEL_ID)
CAROL_MODERATES = Actor(CAROL.id, CHANNEL_ID, manages_channel=True)


async def test_nobody_but_the_owner_rolls_for_a_unit_and_no_die_is_rolled(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SET_UP)) as h:  # then a roll raises
        await deploy(h, "Terminators")
        await until(h, 2, "Movement")
        with pytest.raises(NotAllowed, match="Only the two players"):
            await reserves.roll(h.bot, DAVE_ACTS, "Terminators")
        with pytest.raises(NotAllowed, match="only its owner"):
            await reserves.roll(h.bot, BOB_ACTS, "Terminators")
        with pytest.raises(NotAllowed, match="only its owner"):
            await reserves.reserve(h.bot, BOB_ACTS, "Scouts")


async def test_a_roll_the_rules_refuse_rolls_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SET_UP)) as h:
        await deploy(h, "Terminators")
        await until(h, 1, "Movement")
        with pytest.raises(RulesError, match="second turn"):
            await reserves.roll(h.bot, ALICE_ACTS, "Terminators")
        with pytest.raises(RulesError, match="not in Reserve"):
            await reserves.roll(h.bot, ALICE_ACTS, "Scouts")


async def test_a_moderator_may_roll_for_a_players_unit(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([*SET_UP, 5])) as h:
        await deploy(h, "Terminators")
        await until(h, 2, "Movement")
        rolled = await reserves.roll(h.bot, CAROL_MODERATES, "Terminators")
    assert (rolled.unit, rolled.arrived, rolled.rolled.rolls.turn) == ("Terminators", True, 2)


async def test_reserves_by_command_takes_units_or_a_unit(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 1])) as h:
        with pytest.raises(VoxError, match="not both"):
            await reserves.by_command(h.bot, ALICE_ACTS, None, None, 0, None)
        with pytest.raises(VoxError, match="not both"):
            await reserves.by_command(h.bot, ALICE_ACTS, 2, None, 0, "Terminators")
        with pytest.raises(VoxError, match="Leave out turn"):
            await reserves.by_command(h.bot, ALICE_ACTS, None, 3, 0, "Terminators")
        standalone = await reserves.by_command(h.bot, ALICE_ACTS, 2, None, 0, None)
    assert isinstance(standalone, Reserves) and standalone.rolls.turn == 2
    assert standalone.rolls.arrives == (True, False)

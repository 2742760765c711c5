"""The unit use cases (bot/play/units.py): each change by a player answers with the unit as that
change left it; a bystander is refused before an advance's die is rolled."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import NotAllowed, NotFound, VoxError
from bot.game import profile, weapon
from bot.play import units
from bot.play.actor import Actor
from bot.rules.dice import ScriptedDice
from tests.harness import ALICE, BOB, CHANNEL_ID, DAVE, Harness

ALICE_ACTS = Actor(ALICE.id, CHANNEL_ID)
DAVE_ACTS = Actor(DAVE.id, CHANNEL_ID)
BOYZ = profile(name="Boyz", models=10, wounds=1, toughness=5, save=6)


async def with_boyz(h: Harness) -> None:
    await h.slash("game start", opponent=BOB, first="me")
    await units.add(h.bot, ALICE_ACTS, BOB.id, BOYZ)


async def test_adding_answers_with_the_unit_of_its_owner(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.slash("game start", opponent=BOB, first="me")
        added = await units.add(h.bot, ALICE_ACTS, BOB.id, BOYZ)
        shown = await units.unit(h.bot, CHANNEL_ID, "boyz")
    assert added.owner == BOB.id and added.alive == 10 and shown == added


async def test_an_unknown_unit_is_not_found(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await with_boyz(h)
        with pytest.raises(NotFound, match='no unit called "Grots"'):
            await units.unit(h.bot, CHANNEL_ID, "Grots")


async def test_an_edit_without_changes_is_refused_and_a_rename_answers_renamed(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path) as h:
        await with_boyz(h)
        with pytest.raises(VoxError, match="at least one value"):
            await units.edit(h.bot, ALICE_ACTS, "Boyz", {})
        edited = await units.edit(h.bot, ALICE_ACTS, "Boyz", {"name": "Ladz", "toughness": 6})
    assert edited.name == "Ladz" and edited.profile.toughness == 6


async def test_wounds_and_healing_answer_with_the_unit_after(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await with_boyz(h)
        hurt = await units.wound(h.bot, ALICE_ACTS, "Boyz", 3)
        healed = await units.restore(h.bot, ALICE_ACTS, "Boyz", 0, 2)
    assert hurt is not None and hurt.alive == 7
    assert healed is not None and healed.alive == 9


async def test_arming_and_disarming_answer_with_their_events(tmp_path: Path) -> None:
    choppa = weapon(name="Choppa", range="Melee", attacks="3", skill=3, strength="4", damage="1")
    async with Harness.running(tmp_path) as h:
        await with_boyz(h)
        added = await units.arm(h.bot, ALICE_ACTS, "Boyz", choppa)
        again = await units.arm(
            h.bot, ALICE_ACTS, "Boyz", choppa.model_copy(update={"attacks": "4"})
        )
        removed = await units.disarm(h.bot, ALICE_ACTS, "Boyz", "choppa")
    assert added.replaced is None and again.replaced is not None
    assert removed.weapon.name == "Choppa"


async def test_a_bystanders_advance_rolls_no_die(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:  # a roll would raise
        await with_boyz(h)
        with pytest.raises(NotAllowed):
            await units.move(h.bot, DAVE_ACTS, "Boyz", "advance")
        with pytest.raises(NotAllowed):
            await units.remove(h.bot, DAVE_ACTS, "Boyz")

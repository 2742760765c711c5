"""The psychic use cases (bot/play/psychic.py): a tracked psyker is checked before any die is
rolled, and each button acts once (deny, let a Smite through, the Perils blast)."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import NotAllowed, Stale, VoxError
from bot.play import psychic
from bot.play.actor import Actor
from bot.rules.dice import ScriptedDice
from tests.harness import ALICE, BOB, CHANNEL_ID, DAVE, Harness

ALICE_ACTS = Actor(ALICE.id, CHANNEL_ID)
BOB_ACTS = Actor(BOB.id, CHANNEL_ID)
DAVE_ACTS = Actor(DAVE.id, CHANNEL_ID)
MESSAGE = 1234


async def psychic_phase(h: Harness, wounds: int = 5) -> None:
    await h.slash("game start", opponent=BOB, first="me")
    await h.slash(
        "unit add", name="Librarian", models=1, wounds=wounds, toughness=4, save="3+",
        keywords="psyker",
    )  # fmt: skip
    await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+", user=BOB)
    await h.slash("game next")  # Movement
    await h.slash("game next")  # Psychic


async def test_a_bystanders_psychic_test_and_smite_roll_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:  # a roll would raise
        await psychic_phase(h)
        with pytest.raises(NotAllowed):
            await psychic.manifest(h.bot, DAVE_ACTS, 5, "Veil of Time", "Librarian")
        with pytest.raises(NotAllowed):
            await psychic.cast_smite(h.bot, DAVE_ACTS, 0, "Librarian", "Boyz")


async def test_a_tracked_psyker_without_a_power_rolls_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await psychic_phase(h)
        with pytest.raises(VoxError, match="Name the power"):
            await psychic.manifest(h.bot, ALICE_ACTS, 5, None, "Librarian")


async def test_a_tracked_smite_counts_and_records_its_attempt(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 3, 2])) as h:  # 7 passes; D3 1
        await psychic_phase(h)
        rolled = await psychic.cast_smite(h.bot, ALICE_ACTS, 3, "Librarian", "Boyz")
    assert rolled.earlier == 0  # the game's own count, not the typed one
    assert rolled.wounds is not None and rolled.target == "Boyz"
    assert rolled.cast is not None and rolled.cast.survived and rolled.cast.opponent == BOB.id


async def test_the_caster_cannot_deny_and_a_second_deny_rolls_nothing(tmp_path: Path) -> None:
    dice = ScriptedDice([6, 6])
    async with Harness.running(tmp_path, dice=dice) as h:
        with pytest.raises(NotAllowed):
            await psychic.deny(h.bot, ALICE_ACTS, ALICE.id, 7, None, MESSAGE)
        denied = await psychic.deny(h.bot, BOB_ACTS, ALICE.id, 7, None, MESSAGE)
        with pytest.raises(Stale, match="already attempted"):
            await psychic.deny(h.bot, DAVE_ACTS, ALICE.id, 7, None, MESSAGE)
    assert denied.roll.denied and denied.smite is None and dice.remaining == 0


async def test_a_smite_let_through_lands_once_and_only_by_the_opponent(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 3, 6])) as h:  # D3 = 3
        await psychic_phase(h)
        rolled = await psychic.cast_smite(h.bot, ALICE_ACTS, 0, "Librarian", "Boyz")
        assert rolled.cast is not None
        game, seq = rolled.cast.game_id, rolled.cast.seq
        with pytest.raises(NotAllowed):
            await psychic.let_through(h.bot, ALICE_ACTS, game, seq, MESSAGE)
        smitten = await psychic.let_through(h.bot, BOB_ACTS, game, seq, MESSAGE)
        with pytest.raises(Stale, match="already resolved"):
            await psychic.let_through(h.bot, BOB_ACTS, game, seq, MESSAGE)
    assert smitten is not None and smitten.landed and smitten.after is not None
    assert smitten.after.alive == 7


async def test_only_the_psykers_player_picks_the_perils_blast(tmp_path: Path) -> None:
    # A double 1 fails; Perils D3 = 3 kills the 2-wound Librarian; the blast is not rolled.
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1, 6])) as h:
        await psychic_phase(h, wounds=2)
        rolled = await psychic.manifest(h.bot, ALICE_ACTS, 5, "Veil of Time", "Librarian")
        assert rolled.cast is not None and not rolled.cast.survived
        with pytest.raises(NotAllowed):
            await psychic.blast(h.bot, BOB_ACTS, rolled.cast.game_id, rolled.cast.seq, ["Boyz"])

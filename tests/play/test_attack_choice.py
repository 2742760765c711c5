"""bot/play/attack.py in a game's turn: the weapons offered, the warnings and Resolve anyway, and
permission before any of it; nothing is rolled until the attack resolves."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import NotAllowed, Stale
from bot.play.actor import Actor
from bot.play.attack import Ask, Attacked, Offered, Typed, Warned, attack
from bot.rules.dice import ScriptedDice
from bot.tally import TalliedDice
from tests.cogs.test_attack_choice import SIX, armies
from tests.cogs.test_attack_in_game import to_phase
from tests.harness import ALICE, CHANNEL_ID, DAVE, Harness

ALICE_HERE, DAVE_HERE = Actor(ALICE.id, CHANNEL_ID), Actor(DAVE.id, CHANNEL_ID)
AT_BOYZ = Typed(attacker="Intercessors", target="Boyz")


def untouched(h: Harness) -> bool:
    dice = h.bot.dice
    assert isinstance(dice, TalliedDice)  # the bot counts its dice for the roll log
    return isinstance(dice.inner, ScriptedDice) and dice.inner.remaining == len(SIX)


async def test_the_choice_is_offered_with_the_phase_default_and_nothing_rolled(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        offered = await attack(h.bot, ALICE_HERE, Ask(AT_BOYZ))
        assert untouched(h)
    assert isinstance(offered, Offered)
    assert offered.weapons == ((0, "Bolt rifle", "ranged"), (1, "Bolt pistol", "pistol"))
    assert offered.default == (0,) and offered.phase == "Shooting phase"


async def test_a_stranger_is_refused_before_the_weapons_are_offered(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        with pytest.raises(NotAllowed):
            await attack(h.bot, DAVE_HERE, Ask(AT_BOYZ))
        with pytest.raises(NotAllowed):
            await attack(h.bot, DAVE_HERE, Ask(AT_BOYZ, weapons=(0,), anyway=True))
        assert untouched(h)


async def test_a_forbidden_attack_is_warned_then_resolved_anyway(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)  # Alice's Command phase: no attacks
        warned = await attack(h.bot, ALICE_HERE, Ask(AT_BOYZ, weapons=(0,)))
        assert isinstance(warned, Warned) and untouched(h)
        assert warned.problems == (
            "It is the Command phase, when units neither shoot nor fight; resolve anyway only "
            "for a rule that allows it, such as Overwatch.",
        )
        ask = Ask(AT_BOYZ, warned.weapons, anyway=True, phase_seq=warned.phase_seq)
        done = await attack(h.bot, ALICE_HERE, ask)
    assert isinstance(done, Attacked) and done.target is not None
    assert [w.name for w in done.plan.spec.weapons] == ["Intercessors · Bolt rifle"]


async def test_a_choice_made_in_an_earlier_phase_is_stale(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        offered = await attack(h.bot, ALICE_HERE, Ask(AT_BOYZ))
        assert isinstance(offered, Offered)
        await h.slash("game next")
        ask = Ask(AT_BOYZ, (0,), phase_seq=offered.phase_seq)
        with pytest.raises(Stale, match="moved on to the Charge phase"):
            await attack(h.bot, ALICE_HERE, ask)
        assert untouched(h)


async def test_a_named_weapon_is_used_and_still_checked(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        knife = Typed(attacker="Intercessors", weapon="close combat weapon", target="Boyz")
        warned = await attack(h.bot, ALICE_HERE, Ask(knife))
    assert isinstance(warned, Warned) and warned.weapons == (2,)
    assert warned.problems == (
        "Close combat weapon is melee, and melee attacks come in the Fight phase.",
    )

"""Eternum Morale after the Fight's casualties (issue #13): the tests were offered as the Fight
phase began, so a unit that lost models in the fight got no button. Seed 004 ends its rules with
"MORALE AND BATTLESHOCK" after "FIGHT PHASE" (the section is empty, so 9th's Morale test is used):
the tests come in a Morale step once the fighting is done."""

from __future__ import annotations

from pathlib import Path

from bot.rules.dice import ScriptedDice
from tests.cogs.test_tests_in_game import add, next_until
from tests.harness import ALICE, BOB, Harness
from tests.harness.posts import public_posts


async def test_a_unit_that_loses_models_in_the_fight_gets_its_morale_test_button(
    tmp_path: Path,
) -> None:
    # D6 2 + 2 lost = 4, not above Ld 7: passed, nobody flees.
    async with Harness.running(tmp_path, dice=ScriptedDice([2])) as h:
        await h.slash("game start", opponent=BOB, first="me", edition="eternum")
        await add(h, "Assault Marines", 5, ALICE.id)
        await add(h, "Boyz", 10, BOB.id)
        fight = await next_until(h, "Fight")
        assert [b["label"] for b in fight.buttons] == ["Next phase"]
        await h.slash("unit damage", unit="Boyz", wounds=2)  # the Assault Marines' blows
        morale = await next_until(h, "Morale and Battleshock")
        assert [b["label"] for b in morale.buttons] == ["Next phase", "Boyz — Morale test"]
        [rolled] = await h.click(morale.button("Boyz — Morale test")["custom_id"], on=morale,
                                 user=BOB)  # fmt: skip
    # the result is shown on the prompt itself (edited), which everyone sees
    assert not rolled.ephemeral and rolled.message_id == morale.message_id
    assert "**Boyz** — 8/10 models" in rolled.field("🎲 Boyz — Morale test")


async def test_after_the_morale_step_the_other_players_turn_begins(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await h.slash("game start", opponent=BOB, first="me", edition="eternum")
        await next_until(h, "Morale and Battleshock")
        [bob] = public_posts(await h.slash("game next"))
    assert "Command" in bob.embeds[-1]["title"] and f"<@{BOB.id}>" in bob.text

"""Eternum set-up in /game start (seed 004): the roll-off winner picks the Attacker, the player
who finishes deploying first gets +1 to the first-turn roll-off, its winner picks who goes first."""

from __future__ import annotations

from pathlib import Path

from bot.rules.dice import ScriptedDice
from tests.harness import ALICE, BOB, DAVE, Harness


async def test_eternum_set_up_attacker_then_deployment_then_first_turn(tmp_path: Path) -> None:
    # Attacker roll-off: Alice 2, Bob 5 → Bob picks. First-turn roll-off: Alice 4, Bob 4+1 = 5.
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 5, 4, 4])) as h:
        [start] = await h.slash("game start", opponent=BOB, edition="eternum")
        assert f"<@{BOB.id}>, pick the Attacker." in start.embed["description"]
        role = start.buttons[0]["custom_id"]  # Alice is the Attacker
        [wrong] = await h.click(role, on=start, user=ALICE)
        assert wrong.ephemeral and "they pick the Attacker" in wrong.content
        [roles] = await h.click(role, on=start, user=BOB)
        assert f"<@{ALICE.id}> is the **Attacker**" in roles.content
        bob_first = next(b for b in roles.buttons if b["custom_id"].endswith(str(BOB.id)))
        [outsider] = await h.click(bob_first["custom_id"], on=roles, user=DAVE)
        assert outsider.ephemeral and "Only the two players" in outsider.content
        [rolloff] = await h.click(bob_first["custom_id"], on=roles, user=ALICE)
        assert "4+1 = **5**" in rolloff.embed["description"]
        assert f"<@{BOB.id}>, choose who takes the first turn." in rolloff.embed["description"]
        [again] = await h.click(bob_first["custom_id"], on=roles, user=ALICE)
        assert again.ephemeral and "already made" in again.content
        [first] = await h.click(rolloff.buttons[0]["custom_id"], on=rolloff, user=BOB)
        assert "Battle round 1/5" in first.embeds[-1]["title"]
        [status] = await h.slash("game status")
    assert f"Attacker <@{ALICE.id}> · Defender <@{BOB.id}>" in status.text


async def test_other_editions_roll_off_straight_for_the_first_turn(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 5])) as h:
        [start] = await h.slash("game start", opponent=BOB, edition="9th")
    assert "choose who takes the first turn" in start.embed["description"]

"""/campaign undo and /game undo through the real command tree at every point of a post-battle
sequence: permission before any work, scoped to the caller's own change, and always an answer.

Issue 10: `/campaign undo` by anyone, even a member outside the campaign, froze the whole bot once
the sequence had finished (the event loop spun in `undo_choice`)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot.rules.dice import ScriptedDice
from tests.cogs.test_campaign_commands import campaign_game, two_rosters
from tests.harness import ALICE, BOB, CAROL, DAVE, GUILD_ID, Harness


async def log_length(h: Harness) -> int:
    book = await h.bot.chronicle.find(GUILD_ID, "Vigilus")
    return len(book.events)


async def refused_everywhere(h: Harness, latest: int | None) -> None:
    """Nobody but the latest change's author (or a moderator naming it) takes anything back; the
    game is over, so /game undo has nothing to do; each refusal is one ephemeral sentence."""
    length = await log_length(h)
    others = [p for p in (ALICE, BOB) if p.id != latest]
    for person in (DAVE, CAROL, *others):
        async with asyncio.timeout(5):
            [campaign] = await h.slash("campaign undo", user=person, campaign="Vigilus")
            [game] = await h.slash("game undo", user=person)
        for reply in (campaign, game):
            assert reply.ephemeral and "\n" not in reply.content, reply.content
    assert await log_length(h) == length


@pytest.mark.timeout(30)
async def test_a_non_member_undo_of_a_finished_sequence_is_refused_at_once(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await two_rosters(h)
        step = await campaign_game(h)
        [_, marks] = await h.click(step.button("Devastating Blow")["custom_id"], on=step, user=BOB)
        [_, done] = await h.click(marks.selects[0]["custom_id"], on=marks, values=["Sternguard"])
        assert done.embed["title"] == "✅ After battle 1 — done"  # Bob's Boyz left the roster
        length = await log_length(h)
        async with asyncio.timeout(5):
            [refused] = await h.slash("campaign undo", user=DAVE, campaign="Vigilus")
        assert refused.ephemeral
        assert refused.content == "You are not in Vigilus; only its players undo their changes."
        assert await log_length(h) == length


@pytest.mark.timeout(60)
async def test_every_undo_at_every_point_of_a_post_battle_sequence(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await two_rosters(h)
        step = await campaign_game(h)  # Out of Action: Bob's Boyz failed
        await refused_everywhere(h, latest=ALICE.id)  # Alice recorded the battle by ending it
        [_, marks] = await h.click(step.button("Battle Scar: Fatigued")["custom_id"], on=step,
                                   user=BOB)  # fmt: skip
        await refused_everywhere(h, latest=BOB.id)
        [_, marks2] = await h.click(marks.selects[0]["custom_id"], on=marks,
                                    values=["Sternguard"])  # fmt: skip
        await refused_everywhere(h, latest=ALICE.id)
        [_, done] = await h.click(marks2.selects[0]["custom_id"], on=marks2, user=BOB,
                                  values=["Boyz"])  # fmt: skip
        assert done.embed["title"] == "✅ After battle 1 — done"
        await refused_everywhere(h, latest=BOB.id)
        # Bob takes back his mark: XP, requisition and the end go with it, and the menu is back.
        [undone] = await h.slash("campaign undo", user=BOB, campaign="Vigilus")
        assert undone.content.startswith("↩️ Undone in **Vigilus**: #")
        assert "marked for greatness." in undone.content
        [status] = await h.slash("campaign status", campaign="Vigilus")
        assert status.embeds[1]["title"] == "After battle 1 — Marked for Greatness"
        await refused_everywhere(h, latest=ALICE.id)
        # A moderator names Alice's mark to take it back.
        [unnamed] = await h.slash("campaign undo", user=CAROL, campaign="Vigilus")
        seq = int(unnamed.content.split("change:")[1].rstrip("."))
        [named] = await h.slash("campaign undo", user=CAROL, campaign="Vigilus", change=seq)
        assert named.content.endswith(f"(<@{ALICE.id}>'s).")
        # Bob's scar is next; Alice's latest is the battle, which undo never takes back.
        [scar] = await h.slash("campaign undo", user=BOB, campaign="Vigilus")
        assert "out of action chosen" in scar.content
        [battle] = await h.slash("campaign undo", user=ALICE, campaign="Vigilus")
        assert battle.ephemeral
        assert (
            battle.content == "There is nothing to undo in Vigilus since its last battle was "
            "recorded."
        )

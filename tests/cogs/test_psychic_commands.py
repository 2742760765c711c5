"""/psychic and /smite through real discord.Interactions (seeds 000 and 002)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from tests.harness import ALICE, BOB, CAROL, Harness, Rejected


async def test_psychic_test_passes_when_2d6_reaches_the_warp_charge(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 4])) as h:
        [reply] = await h.slash("psychic", wc=7, power="Veil of Time")
    assert reply.embed["title"] == "🔮 Veil of Time — warp charge 7"
    assert reply.embed["description"] == "3 + 4 = **7**: **passed**"
    # P(2D6 ≥ 7) = 21/36 = 58.3%; Perils 2/36 = 5.6%; P(2D6 > 7) = 15/36 = 41.7%.
    assert reply.field("Exact odds") == "Pass 58.3% · Perils 5.6% · Deny this result 41.7%"
    assert reply.button("Deny the Witch")["custom_id"] == f"vox:deny:{ALICE.id}:7"


async def test_a_failed_psychic_test_offers_no_deny(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 3])) as h:
        [reply] = await h.slash("psychic", wc=7)
    assert "**failed**" in reply.embed["description"]
    assert reply.buttons == []


async def test_perils_on_double_six_even_when_the_test_passes(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([6, 6, 3])) as h:  # perils D3: 3 → 2
        [reply] = await h.slash("psychic", wc=7)
    assert "**passed**" in reply.embed["description"]
    assert "D3 = **2** mortal wounds" in reply.field("⚠️ Perils of the Warp")


async def test_deny_the_witch_must_beat_the_result_and_never_by_the_caster(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 4])) as h:
        [cast] = await h.slash("psychic", wc=7, user=ALICE)
        deny = cast.button("Deny the Witch")["custom_id"]
        [own] = await h.click(deny, on=cast, user=ALICE)
        assert own.ephemeral and "cannot deny their own power" in own.content
        [denied] = await h.click(deny, on=cast, user=BOB)  # 5 + 4 = 9 > 8
        assert denied.callback_type == 7
        assert "**denied**: the power fails" in denied.field("🛡️ Deny the Witch")
    assert denied.buttons == []  # once per power: the button is gone (stale clicks: see below)


async def test_a_tie_does_not_deny(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 4, 4])) as h:
        [cast] = await h.slash("psychic", wc=7)
        [result] = await h.click(cast.button("Deny the Witch")["custom_id"], on=cast, user=BOB)
    assert "not denied: the power works" in result.field("🛡️ Deny the Witch")


async def test_two_simultaneous_deny_clicks_roll_once(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 1, 1, 6, 6])) as h:
        [cast] = await h.slash("psychic", wc=7)
        deny = cast.button("Deny the Witch")["custom_id"]
        before = len(h.sent)
        await asyncio.gather(h.click(deny, on=cast, user=BOB), h.click(deny, on=cast, user=CAROL))
        replies = h.sent[before:]
    assert sorted(r.ephemeral for r in replies) == [False, True]
    assert "already attempted" in next(r.content for r in replies if r.ephemeral)


async def test_smite_warp_charge_rises_by_one_per_earlier_attempt(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 3, 5])) as h:  # 6 vs 7: failed
        [reply] = await h.slash("smite", earlier=2)
    assert reply.embed["title"] == "🔮 Smite — warp charge 7"
    assert "**failed**" in reply.embed["description"]


async def test_smite_deals_d3_mortal_wounds_and_d6_on_11_or_more(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 3, 5, 6, 5, 4])) as h:
        [d3] = await h.slash("smite")  # 6 ≥ 5; D3 from a 5 → 3
        [d6] = await h.slash("smite")  # 11: D6 → 4
    assert d3.field("Effect").startswith("D3 = **3** mortal wounds")
    assert d6.field("Effect").startswith("D6 (the result was 11+) = **4** mortal wounds")


@pytest.mark.parametrize(("command", "options"), [("psychic", {"wc": 0}), ("psychic", {"wc": 31}),
                                                   ("smite", {"earlier": 21})])  # fmt: skip
async def test_psychic_numbers_are_bounded(
    harness: Harness, command: str, options: dict[str, Any]
) -> None:
    with pytest.raises(Rejected):
        await harness.slash(command, **options)
    [reply] = await harness.slash(command, raw=True, **options)
    assert reply.ephemeral and reply.content.endswith(".")


async def test_a_9th_warp_charge_below_2_is_refused(harness: Harness) -> None:
    # wc: reaches down to 1 for 7th's powers; a 2D6 total is never below 2 (seed 000).
    [reply] = await harness.slash("psychic", wc=1)
    assert reply.ephemeral and reply.content == "Type a warp charge from 2 to 30 (not 1)."

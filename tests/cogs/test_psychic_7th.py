"""/psychic in 7th edition and /warp-charge through real discord.Interactions.

Seed 001 gives the Psychic phase ("your psykers can invoke the power of the Warp") and the Deny
the Witch FAQ ("you will require rolls of 6 to nullify each Warp Charge point"); the rest follows
the published 7th edition rulebook (bot/rules/psychic7.py): each Warp Charge die on 4+ is a
success, Perils of the Warp on two or more 6s, and the pools are one D6 plus Mastery Levels.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from tests.harness import ALICE, BOB, CAROL, Harness, Rejected, Sent


async def seventh_game(h: Harness) -> None:
    await h.slash("game start", opponent=BOB, edition="7th", first="me")
    await h.slash(
        "unit add", name="Librarian", models=1, wounds=3, toughness=4, save="3+", keywords="psyker"
    )
    await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=4, save="6+", user=BOB)
    for _ in range(2):  # Start of turn → Movement → Psychic
        await h.slash("game next")


async def test_7th_psychic_test_counts_4_plus_successes_against_the_warp_charge(
    tmp_path: Path,
) -> None:
    """Published 7th: roll Warp Charge dice, each 4+ a success; the power is manifested with at
    least its warp charge in successes."""
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 1, 6])) as h:
        [reply] = await h.slash("psychic", wc=2, dice=3, power="Prescience", edition="7th")
    assert reply.embed["title"] == "🔮 Prescience — warp charge 2"
    assert reply.embed["description"] == "**4**, 1, **6**: **2** of 3 dice on 4+, **manifested**"
    # P(≥2 of 3 at 1/2) = 4/8 = 50.0%; P(≥2 sixes of 3) = 16/216 = 7.4%. Two successes, warp
    # charge 2: one 6 denies: 1 die 1/6 = 16.7%, 2 dice 11/36 = 30.6%, 3 dice 91/216 = 42.1%.
    assert reply.field("Exact odds") == (
        "Manifest 50.0% · Perils 7.4%\n"
        "Deny this result (each die 6+): 1 die 16.7%, 2 dice 30.6%, 3 dice 42.1%"
    )
    [select] = reply.selects
    assert select["custom_id"] == f"vox:deny7:{ALICE.id}:2:2:6"
    assert select["options"][0]["label"] == "1 die: 16.7% to deny"
    assert len(select["options"]) == 24


async def test_7th_failed_test_offers_no_deny(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 5])) as h:
        [reply] = await h.slash("psychic", wc=2, dice=2, edition="7th")
    assert "**1** of 2 dice on 4+, **failed**" in reply.embed["description"]
    assert reply.selects == [] and reply.buttons == []


async def test_7th_perils_on_two_sixes_even_when_the_power_works(tmp_path: Path) -> None:
    """Published 7th: Perils of the Warp when two or more of the Warp Charge dice roll 6."""
    async with Harness.running(tmp_path, dice=ScriptedDice([6, 6, 2])) as h:
        [reply] = await h.slash("psychic", wc=1, dice=3, edition="7th")
    assert "**manifested**" in reply.embed["description"]
    assert "Two or more 6s" in reply.field("⚠️ Perils of the Warp")


async def test_7th_deny_on_6s_cancels_successes_below_the_warp_charge(tmp_path: Path) -> None:
    """Seed 001 FAQ: "you will require rolls of 6 to nullify each Warp Charge point"."""
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 4, 6, 5])) as h:
        [cast] = await h.slash("psychic", wc=2, dice=2, edition="7th")
        [select] = cast.selects
        [own] = await h.click(select["custom_id"], on=cast, user=ALICE, values=["2"])
        assert own.ephemeral and "cannot deny their own power" in own.content
        [denied] = await h.click(select["custom_id"], on=cast, user=BOB, values=["2"])
        assert denied.field("🛡️ Deny the Witch") == (
            "Bob: **6**, 5 on 6+ cancel 1 of 2 successes, 1 left against warp charge 2: "
            "**denied**: the power fails."
        )
    assert denied.selects == []


async def test_two_simultaneous_7th_denies_roll_once(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 4, 6, 6])) as h:
        [cast] = await h.slash("psychic", wc=1, dice=2, edition="7th")
        deny, before = deny_select(cast), len(h.sent)
        await asyncio.gather(
            h.click(deny, on=cast, user=BOB, values=["1"]),
            h.click(deny, on=cast, user=CAROL, values=["1"]),
        )
        replies = h.sent[before:]
    assert sorted(r.ephemeral for r in replies) == [False, True]
    assert "already attempted" in next(r.content for r in replies if r.ephemeral)


async def test_7th_deny_on_5_plus_when_typed(tmp_path: Path) -> None:
    """Published 7th: a psyker in the target unit makes each Deny die succeed on 5+."""
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 4, 5, 1])) as h:
        [cast] = await h.slash("psychic", wc=1, dice=3, deny_on=5, edition="7th")
        [select] = cast.selects
        [result] = await h.click(select["custom_id"], on=cast, user=BOB, values=["2"])
    assert "**5**, 1 on 5+ cancel 1 of 3 successes, 2 left against warp charge 1: not denied" in (
        result.field("🛡️ Deny the Witch")
    )


async def test_in_a_7th_game_psychic_rolls_warp_charge_dice_untyped(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4])) as h:
        await seventh_game(h)
        [reply] = await h.slash("psychic", wc=1, dice=2)
    assert "**2** of 2 dice on 4+" in reply.embed["description"]


async def test_7th_needs_the_dice_and_9th_refuses_them(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        [none] = await h.slash("psychic", wc=2, edition="7th")
        [ninth] = await h.slash("psychic", wc=7, dice=3)
        [fewer] = await h.slash("psychic", wc=3, dice=2, edition="7th")
    assert none.ephemeral and none.content == (
        "Say how many Warp Charge dice to roll from your pool (dice:)."
    )
    assert ninth.ephemeral and "dice: and deny_on: are 7th edition's" in ninth.content
    assert fewer.ephemeral and fewer.content == (
        "Roll at least 3 dice: fewer can never reach warp charge 3."
    )


async def test_smite_refuses_in_a_7th_game(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await seventh_game(h)
        [reply] = await h.slash("smite", psyker="Librarian")
    assert reply.ephemeral and "which has no 9th edition Smite" in reply.content


async def test_warp_charge_rolls_one_d6_for_both_pools(tmp_path: Path) -> None:
    """Published 7th: one D6 at the start of the Psychic phase; each pool adds its own side's
    Mastery Levels."""
    async with Harness.running(tmp_path, dice=ScriptedDice([4])) as h:
        [reply] = await h.slash("warp-charge", mastery=3, opponent=2)
    assert reply.embed["title"] == "🌀 Warp Charge — D6 = 4"
    assert "= **7** dice" in reply.embed["description"]
    assert "4 + 2 = **6** dice" in reply.embed["description"]


async def test_warp_charge_refuses_in_a_game_of_another_edition(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await h.slash("game start", opponent=BOB, edition="9th", first="me")
        [reply] = await h.slash("warp-charge", mastery=2)
    assert reply.ephemeral
    assert reply.content == "This game is 9th edition: the Warp Charge pool is 7th edition's."


@pytest.mark.parametrize(
    ("command", "options"),
    [("psychic", {"wc": 0}), ("psychic", {"wc": 2, "dice": 0}),
     ("psychic", {"wc": 2, "dice": 25}), ("psychic", {"wc": 2, "dice": 3, "deny_on": 1}),
     ("psychic", {"wc": 2, "dice": 3, "deny_on": 7}),
     ("warp-charge", {"mastery": -1}), ("warp-charge", {"mastery": 31}),
     ("warp-charge", {"mastery": 1, "opponent": 31})],
)  # fmt: skip
async def test_7th_numbers_are_bounded(
    tmp_path: Path, command: str, options: dict[str, Any]
) -> None:
    typed = {"edition": "7th", **options} if command == "psychic" else options
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        with pytest.raises(Rejected):
            await h.slash(command, **typed)
        [reply] = await h.slash(command, raw=True, **typed)
    assert reply.ephemeral and reply.content.endswith(".")


async def test_7th_warp_charge_above_12_is_refused(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        [reply] = await h.slash("psychic", wc=13, dice=20, edition="7th")
    assert reply.ephemeral and reply.content == "Type a warp charge from 1 to 12 (not 13)."


def deny_select(reply: Sent) -> str:
    [select] = reply.selects
    return str(select["custom_id"])

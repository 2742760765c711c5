"""Every command and button that rolls dice names its roll in the channel's roll log in a
player's words (what was rolled, what came of it), not the fallback "N dice rolled": each driven
through the harness with scripted dice, its newest history row read back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from bot.store.roll_log import RollEntry, page
from tests.cogs.test_attack_in_game import RIFLE, table
from tests.cogs.test_campaign_commands import campaign_game, two_rosters
from tests.cogs.test_charges_in_game import reroll_id, to_charge
from tests.cogs.test_eternum_reserves import SET_UP, deploy, until
from tests.cogs.test_psychic_in_game import psyker_game
from tests.cogs.test_tests_in_game import ninth_with_losses, tenth_below_half
from tests.harness import ALICE, BOB, CHANNEL_ID, Harness


async def newest(h: Harness) -> RollEntry:
    """The channel's newest public roll."""
    [row] = await page(h.bot.db, CHANNEL_ID, limit=1)
    return row.entry


STANDALONE: list[tuple[str, dict[str, Any], list[int], str, str]] = [
    ("charge", {"distance": 9, "reroll": True}, [1, 2, 5, 4], 'Charge 9"',
     "rolled 3, re-rolled 9: made it"),
    ("morale", {"leadership": 7, "lost": 3, "models": 7, "starting": 10}, [6, 1, 2, 3, 4, 5, 6],
     "Morale test (Ld 7)", "rolled 6+3=9: failed, 2 fled"),
    ("battleshock", {"leadership": 7}, [2, 3], "Battle-shock test (Ld 7+)",
     "rolled 5: battle-shocked"),
    ("desperate-escape", {"models": 3}, [1, 2, 5], "Desperate Escape (3 tests)",
     "2 of 3 models destroyed"),
    ("advance", {"move": 6}, [4], 'Advance (Move 6")', 'rolled 4: Move 10"'),
    ("reserves", {"units": 3, "turn": 2}, [1, 3, 5], "Reserve Rolls (3 units, turn 2)",
     "2 of 3 arrive"),
    ("psychic", {"wc": 7, "power": "Veil of Time"}, [3, 5], "Veil of Time (WC 7)",
     "rolled 8: manifested"),
    ("psychic", {"wc": 7}, [1, 1, 2], "Psychic test (WC 7)",
     "rolled 2: failed · Perils: 1 mortal wound"),
    ("smite", {}, [3, 3, 5], "Smite (WC 5)", "rolled 6: manifested · 3 mortal wounds"),
    ("psychic", {"wc": 2, "dice": 3, "edition": "7th"}, [4, 1, 6],
     "Psychic test (WC 2, 3 dice)", "2 successes: manifested"),
    ("warp-charge", {"mastery": 2, "opponent": 1}, [4], "Warp Charge pools",
     "rolled 4: 6 and 5 points"),
    ("attack", {"attacks": "2", "skill": "3+", "strength": "4", "ap": "-1", "damage": "1",
                "toughness": 5, "save": "5+", "wounds": 1, "models": 10},
     [4, 4, 5, 6, 2, 3], "Attack → 10 × T5 W1", "2 hits · 2 wounds · 2 damage · 2 destroyed"),
    ("game start", {"opponent": BOB}, [2, 5], "Roll-off for who goes first",
     f"2–5: <@{BOB.id}> wins"),
    ("game start", {"opponent": BOB, "edition": "eternum"}, [3, 3, 5, 2],
     "Roll-off for Attacker and Defender", f"3–3, 5–2: <@{ALICE.id}> wins"),
    ("rolloff", {"opponent": BOB}, [4, 4, 1, 6], "Roll-off for Alice v Bob", "4–4, 1–6: Bob wins"),
    ("rolloff", {}, [6, 2], "Roll-off for Alice v Opponent", "6–2: Alice wins"),
]  # fmt: skip


@pytest.mark.parametrize(("command", "options", "faces", "what", "result"), STANDALONE)
async def test_a_command_names_its_roll(
    tmp_path: Path, command: str, options: dict[str, Any], faces: list[int], what: str,
    result: str,
) -> None:  # fmt: skip
    async with Harness.running(tmp_path, dice=ScriptedDice(faces)) as h:
        await h.slash(command, **options)
        row = await newest(h)
    assert (row.command, row.what, row.result) == (f"/{command}", what, result)
    assert row.dice == len(faces)


async def test_a_tracked_attack_names_its_weapon_and_target(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 6, 2, 3])) as h:
        await table(h)
        await h.slash("attack", **RIFLE)
        row = await newest(h)
    assert (row.what, row.result) == (
        "Intercessors · Bolt rifle → Boyz",
        "2 hits · 2 wounds · 2 damage · 2 destroyed",
    )


async def test_a_declared_charge_and_its_re_roll_button(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 5, 4])) as h:
        await to_charge(h)
        [card] = await h.slash("charge", distance=9, unit="Intercessors", target="Boyz")
        declared = await newest(h)
        await h.click(reroll_id(card), on=card)
        rerolled = await newest(h)
    assert (declared.what, declared.result) == ('Intercessors charge 9"', "rolled 3: failed")
    assert (rerolled.command, rerolled.what, rerolled.result) == (
        "Command Re-roll (1 CP)", 'Intercessors charge 9"', "rolled 3, re-rolled 9: made it"
    )  # fmt: skip


async def test_moves_of_a_tracked_unit(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 3])) as h:
        await table(h, phase="movement")
        await h.slash("advance", unit="Intercessors")
        advanced = await newest(h)
        await h.slash("unit add", name="Scouts", models=5, wounds=1, toughness=4, save="4+")
        await h.slash("unit move", unit="Scouts", mode="advance")
        moved = await newest(h)
    assert (advanced.what, advanced.result) == ("Intercessors advance", 'rolled 4: Move 10"')
    assert (moved.command, moved.what, moved.result) == ("/unit move", "Scouts advance", "rolled 3")


async def test_a_prompts_morale_button_and_a_units_tests(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([6, 1, 2, 3, 4, 5, 6])) as h:
        prompt = await ninth_with_losses(h)
        await h.click(prompt.button("Boyz — Morale test")["custom_id"], on=prompt, user=BOB)
        morale = await newest(h)
    assert (morale.command, morale.what, morale.result) == (
        "Boyz — Morale test", "Boyz Morale test (Ld 7)", "rolled 6+3=9: failed, 2 fled"
    )  # fmt: skip


async def test_battle_shock_and_desperate_escape_of_a_unit(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1, 1, 2, 3, 6])) as h:
        await tenth_below_half(h)
        await h.slash("battleshock", unit="Boyz", user=BOB)
        shock = await newest(h)
        await h.slash("desperate-escape", unit="Boyz", user=BOB)
        escape = await newest(h)
    assert (shock.what, shock.result) == (
        "Boyz Battle-shock test (Ld 7+)",
        "rolled 2: battle-shocked",
    )
    assert (escape.what, escape.result) == (
        "Boyz Desperate Escape (4 tests)",
        "2 of 4 models destroyed",
    )


async def test_the_tracked_psychic_powers_deny_and_perils(tmp_path: Path) -> None:
    # Smite 3+3 passes, D3 from 5 → 3 on the Boyz; Bob denies with 5+4 = 9 > 6.
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 3, 5, 5, 4])) as h:
        await psyker_game(h)
        [cast] = await h.slash("smite", psyker="Librarian", target="Boyz")
        smite = await newest(h)
        await h.click(cast.button("Deny the Witch")["custom_id"], on=cast, user=BOB)
        deny = await newest(h)
    assert (smite.what, smite.result) == (
        "Librarian: Smite (WC 5)", "rolled 6: manifested · 3 mortal wounds"
    )  # fmt: skip
    assert (deny.command, deny.user_name) == ("Deny the Witch", "Bob")
    assert (deny.what, deny.result) == ("Deny the Witch (beat 6)", "rolled 9: denied")


async def test_the_perils_blast(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([6, 6, 6, 5, 2])) as h:
        await psyker_game(h, wounds=3)
        [reply] = await h.slash("psychic", wc=5, power="Veil of Time", psyker="Librarian")
        [menu] = reply.selects
        await h.click(menu["custom_id"], on=reply, values=["Epistolary", "Nobz"])
        blast = await newest(h)
    assert (blast.what, blast.result) == (
        "Perils of the Warp blast",
        "Epistolary 3 · Nobz 1 mortal wounds",
    )


async def test_seventh_edition_deny(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 4, 6, 5])) as h:
        [cast] = await h.slash("psychic", wc=2, dice=2, edition="7th")
        [select] = cast.selects
        await h.click(select["custom_id"], on=cast, user=BOB, values=["2"])
        deny = await newest(h)
    assert (deny.what, deny.result) == ("Deny the Witch (2 dice on 6+)", "1 cancelled: denied")


async def test_eternum_first_turn_roll_off_and_a_reserve_roll(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([*SET_UP, 4])) as h:
        await deploy(h, "Terminators")
        [first_turn] = [
            r.entry for r in await page(h.bot.db, CHANNEL_ID) if "first turn" in r.entry.what
        ]
        prompt = await until(h, 2, "Movement")
        await h.click(prompt.button("Reserve Roll: Terminators")["custom_id"], on=prompt)
        reserve = await newest(h)
    assert (first_turn.what, first_turn.result) == (
        "Roll-off for the first turn", f"4+1–3: <@{ALICE.id}> wins"
    )  # fmt: skip
    assert (reserve.what, reserve.result) == (
        "Terminators Reserve Roll (turn 2)",
        "rolled 4: arrives",
    )


async def test_the_campaigns_out_of_action_tests(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await two_rosters(h)
        await campaign_game(h)
        row = await newest(h)
    assert (row.command, row.what, row.result) == (
        "/game end", "Out of Action tests — Vigilus", "Boyz: 1, failed"
    )  # fmt: skip

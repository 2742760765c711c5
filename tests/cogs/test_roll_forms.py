"""/roll with every form of the README's table, through real interactions: every die is shown,
with what each re-roll, keep, drop and modifier did to it; and the Roll again button."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.rules.dice import ScriptedDice
from bot.store import roll_log
from tests.harness import ALICE, BOB, CHANNEL_ID, Harness
from tests.rules.test_roll_spec import FORMS

TEN = [1, 2, 3, 4, 5, 6, 6, 5, 4, 3]
# form: (scripted faces, the dice as shown, the result field)
SHOWN: dict[str, tuple[list[int], str, str]] = {
    "2D6+1": (
        [3, 5],
        "+ 2D6: 3 5 = 8\nModifiers (÷ then × then + then −, rounded up, never below 1): +1",
        "**9**",
    ),
    "2D6+D3": ([3, 5, 4], "+ 2D6: 3 5 = 8\n+ D3: 2 = 2", "**10**"),
    "D33": ([2, 5], "+ D33: 1 3 = 13", "**13**"),
    "10D6 3+": (TEN, "1 2 **3** **4** **5** **6** **6** **5** **4** **3**", "**8** of 10"),
    "D6 9-": ([4], "**4**", "**1** of 1"),
    "10D6+1 3+": (
        TEN,
        "1+1=2 2+1=**3** 3+1=**4** 4+1=**5** 5+1=**6** 6+1=**7** 6+1=**7** 5+1=**6** 4+1=**5** "
        "3+1=**4**\nModifiers on every die (÷ then × then + then −, rounded up, never below 1): +1",
        "**9** of 10",
    ),
    "10D6 4+ reroll 1s": (
        [*TEN, 6],
        "~~1~~→**6** 2 3 **4** **5** **6** **6** **5** **4** 3",
        "**7** of 10",
    ),
    "10D6 4+ reroll failed": (
        [*TEN, 6, 1, 4, 4],
        "~~1~~→**6** ~~2~~→1 ~~3~~→**4** **4** **5** **6** **6** **5** **4** ~~3~~→**4**",
        "**9** of 10",
    ),
    "2D6 reroll all": ([1, 2, 6, 5], "+ 2D6: ~~1~~→6 ~~2~~→5 = 11", "**11**"),
    "3D6 kh2": ([2, 6, 4], "+ 3D6: (2) 6 4 = 10\nDice in brackets are left out (kh2).", "**10**"),
    "3D6 dl1": ([5, 1, 3], "+ 3D6: 5 (1) 3 = 8\nDice in brackets are left out (dl1).", "**8**"),
    "3D6 kl1": ([5, 2, 3], "+ 3D6: (5) 2 (3) = 2\nDice in brackets are left out (kl1).", "**2**"),
    "3D6 dh1": ([5, 2, 3], "+ 3D6: (5) 2 3 = 5\nDice in brackets are left out (dh1).", "**5**"),
    "6x 2D6": (
        [1, 2, 3, 4, 5, 6, 6, 5, 4, 3, 2, 1],
        "**1.** 1 2 → **3**\n**2.** 3 4 → **7**\n**3.** 5 6 → **11**\n**4.** 6 5 → **11**\n"
        "**5.** 4 3 → **7**\n**6.** 2 1 → **3**",
        "3 · 7 · 11 · 11 · 7 · 3 (all 6: **42**)",
    ),
    "3x 10D6 4+": (
        TEN * 3,
        "\n".join(
            f"**{n}.** 1 2 3 **4** **5** **6** **6** **5** **4** 3 → **6** successes"
            for n in (1, 2, 3)
        ),
        "6 · 6 · 6 (all 3: **18**)",
    ),
}


def test_every_readme_form_is_rolled_here() -> None:
    assert set(SHOWN) == set(FORMS)


@pytest.mark.parametrize("form", SHOWN)
async def test_each_form_shows_every_die_and_what_was_done_to_it(tmp_path: Path, form: str) -> None:
    faces, shown, result = SHOWN[form]
    dice = ScriptedDice(faces)
    async with Harness.running(tmp_path, dice=dice) as h:
        [reply] = await h.slash("roll", dice=form)
    assert dice.remaining == 0  # every scripted face was rolled, and no more
    assert reply.embed["title"] == f"🎲 {FORMS[form][0]}"
    assert reply.embed["description"] == shown
    assert reply.embed["fields"][0]["value"] == result


async def test_the_whitespace_error_suggests_both_readings_and_rolls_nothing(
    tmp_path: Path,
) -> None:
    dice = ScriptedDice([])
    async with Harness.running(tmp_path, dice=dice) as h:
        [reply] = await h.slash("roll", dice="10d6 3")
    assert (
        reply.ephemeral
        and "did you mean `10D6 3+`" in reply.content
        and "`10D6+3`" in reply.content
    )


async def test_a_target_in_the_dice_and_in_the_option_is_one_sentence(harness: Harness) -> None:
    [reply] = await harness.slash("roll", dice="10D6 3+", target="4+")
    assert reply.ephemeral and reply.content == (
        "The target is in the dice (`3+`) and in target: too; give it once."
    )


async def test_roll_again_is_for_anyone_and_credited_to_whoever_pressed(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 3, 4, 6, 6])) as h:
        [first] = await h.slash("roll", dice="2D6", label="Advance")
        button = first.button("Roll again")["custom_id"]
        [by_bob] = await h.click(button, on=first, user=BOB)
        [by_alice] = await h.click(button, on=first, user=ALICE)
        rows = await roll_log.page(h.bot.db, CHANNEL_ID)
    assert by_bob.callback_type == 4 and not by_bob.ephemeral  # a new message, not an edit
    assert by_bob.embed["title"] == "🎲 Advance — 2D6" and by_bob.field("Total") == "**7**"
    assert by_bob.embed["footer"]["text"] == "Rolled again by Bob"
    assert by_alice.field("Total") == "**12**"
    assert [b["label"] for b in by_bob.buttons] == ["Roll again"]
    credited = [(r.entry.user_name, r.entry.command, r.entry.result) for r in rows]
    assert credited == [
        ("Alice", "Roll again", "12"),
        ("Bob", "Roll again", "7"),
        ("Alice", "/roll", "3"),
    ]


async def test_roll_again_keeps_working_after_a_restart(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1])) as h:
        [first] = await h.slash("roll", dice="2D6 4+")
        custom_id = first.button("Roll again")["custom_id"]
        messages = h.recorder.messages
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 6])) as h:
        h.recorder.messages.update(messages)
        [again] = await h.click(custom_id, on=first, user=BOB)
    assert again.embed["title"] == "🎲 2D6 4+" and again.field("Successes") == "**2** of 2"


async def test_roll_again_of_a_secret_roll_answers_privately(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 4])) as h:
        [first] = await h.slash("roll", dice="D6", secret=True)
        [again] = await h.click(first.button("Roll again")["custom_id"], on=first)
    assert first.ephemeral and again.ephemeral


async def test_roll_again_of_a_pruned_roll_is_one_sentence(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3])) as h:
        [first] = await h.slash("roll", dice="D6")
        await h.sqlite.conn.execute("DELETE FROM roll_log")
        [again] = await h.click(first.button("Roll again")["custom_id"], on=first)
    assert again.ephemeral
    assert again.content == "That roll is no longer kept; type it again with /roll."


async def test_re_rolling_failed_dice_keeps_the_roll_again_button(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 5, 6])) as h:
        [first] = await h.slash("roll", dice="2D6+1 4+")
        [edit] = await h.click(first.button("Re-roll failed")["custom_id"], on=first)
    assert "~~1~~→6+1=**7**" in edit.embed["description"]
    assert [b["label"] for b in edit.buttons] == ["Re-rolled", "Roll again"]


async def test_a_modified_pool_through_the_options_shows_why_each_die_counts(
    tmp_path: Path,
) -> None:
    """The bug report: `/roll dice:10D6+1 target:3+` showed a bold 2 and no +1 anywhere."""
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2])) as h:
        [reply] = await h.slash("roll", dice="2D6+1", target="3+")
    assert reply.embed["description"].startswith("1+1=2 2+1=**3**\n")
    assert reply.field("Successes") == "**1** of 2"


async def test_a_thousand_dice_in_ten_sets_fall_back_to_a_tally_of_faces(tmp_path: Path) -> None:
    """Every die cannot be written out within Discord's limits (the harness checks them): each
    set says how many dice showed each face instead, and its successes."""
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 1] * 500)) as h:
        [reply] = await h.slash("roll", dice="10x 100D6 4+")
    lines = reply.embed["description"].splitlines()
    assert lines == [
        f"**{n}.** 100 dice — faces: 4×50 · 1×50 → **50** successes" for n in range(1, 11)
    ]
    assert reply.field("Successes") == " · ".join(["50"] * 10) + " (all 10: **500**)"

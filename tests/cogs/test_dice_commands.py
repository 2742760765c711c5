"""/roll, the "Re-roll failed" button, /rolloff and /help through real discord.Interactions."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from bot.rules.dice import ScriptedDice
from tests.harness import ALICE, BOB, Harness, Rejected


async def test_roll_total_shows_every_die(harness: Harness) -> None:
    [reply] = await harness.slash("roll", dice="2D6+1")
    assert reply.callback_type == 4 and not reply.ephemeral
    total = int(reply.field("Total").strip("*"))
    assert 3 <= total <= 13
    assert reply.embed["title"] == "🎲 2D6+1"


async def test_roll_with_scripted_dice_shows_faces_and_total(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 5, 2])) as h:
        [reply] = await h.slash("roll", dice="2D6+D3", label="Psychic test")
    assert "+ 2D6: 3 5 = 8" in reply.embed["description"]
    assert "+ D3: 1 = 1" in reply.embed["description"]
    assert reply.field("Total") == "**9**"
    assert reply.embed["title"] == "🎲 Psychic test — 2D6+D3"


async def test_roll_pool_counts_successes_and_marks_rerolled_dice(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 4, 6, 5])) as h:
        [reply] = await h.slash("roll", dice="3D6", target="4+", reroll="ones")
    assert reply.field("Successes") == "**3** of 3"
    assert "~~1~~→**5**" in reply.embed["description"]
    assert [b["label"] for b in reply.buttons] == ["Roll again"]  # nothing failed to re-roll


async def test_roll_reroll_ones_with_no_one_rolled_keeps_the_roll(tmp_path: Path) -> None:
    # Issue 10: this answered "Those dice have already been re-rolled" whenever no die showed a 1.
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 4, 6])) as h:
        [reply] = await h.slash("roll", dice="3D6", target="4+", reroll="ones")
    assert not reply.ephemeral
    assert reply.field("Successes") == "**2** of 3"


async def test_secret_roll_is_ephemeral(harness: Harness) -> None:
    [reply] = await harness.slash("roll", dice="D6", secret=True)
    assert reply.ephemeral


async def test_reroll_button_rerolls_failed_dice_once_for_the_roller(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 5, 3, 6])) as h:
        [reply] = await h.slash("roll", dice="3D6", target="3+")
        assert reply.field("Successes") == "**1** of 3"
        button = reply.button("Re-roll failed")
        assert re.fullmatch(r"vox:reroll:\d+:\d+", button["custom_id"])

        [stranger] = await h.click(button["custom_id"], on=reply, user=BOB)
        assert stranger.ephemeral and "Only the player who rolled" in stranger.content

        [edit] = await h.click(button["custom_id"], on=reply, user=ALICE)
        assert edit.callback_type == 7
        assert edit.field("Successes") == "**3** of 3"
        assert "~~1~~→**3**" in edit.embed["description"]
        assert edit.button("Re-rolled")["disabled"] is True

        [again] = await h.click(button["custom_id"], on=reply, user=ALICE)
    assert again.ephemeral and "never re-rolled twice" in again.content


async def test_reroll_button_keeps_working_after_a_restart(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1])) as h:
        [reply] = await h.slash("roll", dice="2D6", target="4+")
        custom_id = reply.button("Re-roll failed")["custom_id"]
        messages = h.recorder.messages
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 6])) as h:
        h.recorder.messages.update(messages)
        [edit] = await h.click(custom_id, on=reply)
    assert edit.field("Successes") == "**2** of 2"


async def test_roll_error_is_one_ephemeral_sentence_saying_what_to_type(harness: Harness) -> None:
    [reply] = await harness.slash("roll", dice="banana")
    assert reply.ephemeral
    assert (
        reply.content
        == "`banana` is not a dice expression; try D6, 2D6+1, D3, D33, 3D6-1, 2D6+D3 or D6*2."
    )


async def test_bad_target_is_one_ephemeral_sentence(harness: Harness) -> None:
    [reply] = await harness.slash("roll", dice="5D6", target="three")
    assert reply.ephemeral and "type 3+ (3 or more) or 9- (9 or less)" in reply.content


async def test_reroll_failed_without_target_says_to_add_one(harness: Harness) -> None:
    [reply] = await harness.slash("roll", dice="2D6", reroll="failed")
    assert reply.ephemeral and "add one, such as 10D6 3+" in reply.content


async def test_roll_of_more_than_1000_dice_is_refused(harness: Harness) -> None:
    [reply] = await harness.slash("roll", dice="1001D6", target="4+")
    assert reply.ephemeral and "the most is 1000" in reply.content


async def test_dice_option_is_bounded_to_100_characters(harness: Harness) -> None:
    long = "D6" + "+1" * 60
    with pytest.raises(Rejected):
        await harness.slash("roll", dice=long)
    [reply] = await harness.slash("roll", dice=long, raw=True)  # a raw API caller
    assert reply.ephemeral and "100 or fewer" in reply.content


async def test_label_option_is_bounded_to_100_characters(harness: Harness) -> None:
    with pytest.raises(Rejected):
        await harness.slash("roll", dice="D6", label="x" * 101)
    [reply] = await harness.slash("roll", dice="D6", label="x" * 101, raw=True)
    assert reply.ephemeral and reply.content == "Keep the label between 1 and 100 characters."


async def test_reroll_option_only_takes_its_choices(harness: Harness) -> None:
    with pytest.raises(Rejected):
        await harness.slash("roll", dice="D6", reroll="twice")
    [reply] = await harness.slash("roll", dice="D6", reroll="twice", raw=True)
    assert reply.ephemeral and reply.content == "Pick a re-roll from: ones, failed, all."


async def test_unexpected_error_gets_an_apology_with_an_error_id(
    harness: Harness, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(*_: object, **__: object) -> None:
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(sys.modules["bot.play.rolls"], "roll_spec", broken)
    [reply] = await harness.slash("roll", dice="D6")
    found = re.search(r"error id `([0-9a-f]{8})`", reply.content)
    assert reply.ephemeral and found
    assert any(found.group(1) in r.getMessage() and r.exc_info for r in caplog.records)


async def test_rolloff_shows_every_tied_round_and_names_the_winner(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 3, 2, 5])) as h:
        [reply] = await h.slash("rolloff", opponent=BOB)
    assert "Round 1: Alice **3** · Bob **3** — tie, roll again" in reply.embed["description"]
    assert "Round 2: Alice **2** · Bob **5**" in reply.embed["description"]
    assert reply.field("Winner") == "**Bob**"


async def test_rolloff_against_yourself_is_refused(harness: Harness) -> None:
    [reply] = await harness.slash("rolloff", opponent=ALICE)
    assert reply.ephemeral and "someone else" in reply.content


async def test_help_lists_every_command_and_each_topic_gives_examples(harness: Harness) -> None:
    [overview] = await harness.slash("help")
    assert overview.ephemeral
    for name in ("/roll", "/game next", "/campaign unit add", "/psychic"):
        assert name in overview.text
    [dice] = await harness.slash("help", topic="dice")
    for name in ("roll", "rolloff", "help"):
        assert f"**/{name}**" in dice.text
    assert "/roll dice:10D6 3+ reroll 1s" in dice.text
    [campaign] = await harness.slash("help", topic="campaign")
    assert "/campaign create name:Vigilus edition:10th" in campaign.text


@pytest.mark.parametrize("topic", [None, "dice", "attacks", "game", "rolls", "campaign"])
async def test_help_fits_discords_embed_limits(harness: Harness, topic: str | None) -> None:
    [reply] = await (harness.slash("help", topic=topic) if topic else harness.slash("help"))
    embed = reply.embed
    fields = embed.get("fields", [])
    assert len(fields) <= 25
    assert all(len(f["value"]) <= 1024 for f in fields)
    total = len(embed.get("title", "")) + len(embed.get("description", ""))
    total += sum(len(f["name"]) + len(f["value"]) for f in fields)
    assert total <= 6000

"""A quiet channel (issue 13): one live prompt per player turn, edited as the phase advances, points
and moves answered privately and folded into it, undo posting it again, and the posts counted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.rules.dice import ScriptedDice
from tests.harness import ALICE, BOB, CHANNEL_ID, Harness, Sent
from tests.harness.posts import private, public_posts, refusals, shown

OUT_OF_DATE = "Out of date after an undo — see the newer prompt below."


async def live(h: Harness) -> int | None:
    """The message the game records as its live prompt."""
    return (await h.bot.tracker.require(CHANNEL_ID)).state.prompt_message


def edits_of(sent: list[Sent], message_id: int | None) -> list[Sent]:
    """The PATCHes of one channel message among `sent`."""
    path = f"/channels/{CHANNEL_ID}/messages/{message_id}"
    return [s for s in sent if s.kind == "edit" and s.method == "PATCH" and s.path == path]


async def start(h: Harness, **options: Any) -> Sent:
    [prompt] = public_posts(await h.slash("game start", opponent=BOB, first="me", **options))
    return prompt


async def test_a_turn_has_one_live_prompt_that_game_next_edits(harness: Harness) -> None:
    first = await start(harness)
    assert await live(harness) == first.message_id  # recorded (PromptShown)
    sent = await harness.slash("game next")
    assert public_posts(sent) == []
    [edit] = edits_of(sent, first.message_id)
    assert edit.embeds[0]["title"] == "Battle round 1/5 — Movement phase"
    assert edit.button("Next phase")["custom_id"] != first.button("Next phase")["custom_id"]
    assert private(sent).content == "➡️ Movement phase — the prompt above is updated."
    [clicked] = await harness.click(edit.button("Next phase")["custom_id"], on=edit)
    assert clicked.callback_type == 7 and clicked.message_id == first.message_id
    assert clicked.embeds[0]["title"] == "Battle round 1/5 — Psychic phase"


async def test_a_new_turn_posts_its_prompt_and_folds_the_last_one_to_a_line(
    harness: Harness,
) -> None:
    first = await start(harness, edition="10th")
    for _ in range(4):  # 10th: Command, Movement, Shooting, Charge, Fight
        await harness.slash("game next")
    sent = await harness.slash("game next")
    [bobs] = public_posts(sent)
    assert bobs.embeds[-1]["title"] == "Battle round 1/5 — Command phase"
    assert f"<@{BOB.id}>'s turn" in bobs.text
    assert await live(harness) == bobs.message_id
    [folded] = edits_of(sent, first.message_id)
    assert folded.content == f"Battle round 1 · <@{ALICE.id}>'s turn — done"
    assert folded.embeds == [] and folded.buttons == []


async def test_a_deleted_live_prompt_is_posted_again_and_recorded(harness: Harness) -> None:
    first = await start(harness)
    assert first.message_id is not None
    del harness.recorder.messages[first.message_id]  # someone deleted it: Discord answers 404
    sent = await harness.slash("game next")
    [again] = public_posts(sent)
    assert again.embeds[-1]["title"] == "Battle round 1/5 — Movement phase"
    assert await live(harness) == again.message_id != first.message_id


async def test_points_moves_and_corrections_answer_privately_and_refresh_the_prompt(
    harness: Harness,
) -> None:
    first = await start(harness)
    await harness.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+")
    sent = await harness.slash("vp add", amount=3, reason="Hold the centre")
    assert public_posts(sent) == [] and refusals(sent) == []
    assert (
        private(sent).content
        == f"✅ <@{ALICE.id}> now has **1** CP and **3** VP (Hold the centre)."
    )
    [refreshed] = edits_of(sent, first.message_id)
    assert f"<@{ALICE.id}> — **1** CP · **3** VP" in refreshed.field("Points")
    assert refreshed.button("Next phase")["custom_id"] == first.button("Next phase")["custom_id"]
    sent = await harness.slash("unit damage", unit="Boyz", wounds=2)
    assert private(sent).content == "✅ **Boyz** — 8/10 models"
    assert public_posts(sent) == [] and len(edits_of(sent, first.message_id)) == 1
    await harness.slash("game next")  # Movement
    sent = await harness.slash("unit move", unit="Boyz", mode="normal")
    assert private(sent).content == "✅ Boyz: normal."
    assert public_posts(sent) == [] and len(edits_of(sent, first.message_id)) == 1


async def test_undo_posts_the_prompt_again_and_the_older_one_says_it_is_out_of_date(
    harness: Harness,
) -> None:
    first = await start(harness)
    await harness.slash("game next")  # Movement
    sent = await harness.slash("game undo")
    [again] = public_posts(sent)
    assert again.content.startswith("↩️ Undone: #") and "Movement phase" in again.content
    assert again.embeds[-1]["title"] == "Battle round 1/5 — Command phase"
    assert await live(harness) == again.message_id
    [older] = edits_of(sent, first.message_id)
    assert older.content == OUT_OF_DATE and older.buttons == []
    [moved] = await harness.click(again.button("Next phase")["custom_id"], on=again)
    assert moved.callback_type == 7 and moved.message_id == again.message_id


async def test_the_end_is_one_post_and_the_live_prompt_folds(harness: Harness) -> None:
    first = await start(harness)
    sent = await harness.slash("game end", winner=BOB)
    [result] = public_posts(sent)
    assert result.embeds[-1]["title"] == "Game over" and result.buttons == []
    [folded] = edits_of(sent, first.message_id)
    assert folded.content == f"Battle round 1 · <@{ALICE.id}>'s turn — done"


async def test_a_10th_game_of_two_rounds_posts_one_prompt_a_turn(tmp_path: Path) -> None:
    """Each player turn is one post (the round's summary inside the next one), the result one
    more, an undo one more; Next phase, points, a move and damage post nothing."""
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        started = await h.slash("game start", opponent=BOB, first="me", edition="10th", rounds=2)
        await h.slash("unit add", name="Intercessors", models=5, wounds=2, toughness=4, save="3+")
        await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="5+",
                      owner=BOB, user=BOB)  # fmt: skip
        playing = len(h.sent)
        await h.slash("game next")  # Movement
        await h.slash("unit move", unit="Intercessors", mode="normal")
        await h.slash("vp add", amount=2)
        await h.slash("game undo")
        await h.slash("vp add", amount=3)
        prompt = shown(await h.slash("game next"))  # Shooting
        await h.slash("unit damage", unit="Boyz", wounds=4)
        for _ in range(18):  # to the end of battle round 2, by button
            prompt = shown(await h.click(prompt.button("Next phase")["custom_id"], on=prompt))
        sent = public_posts(started) + public_posts(h.sent[playing:])
    titles = [[e["title"] for e in s.embeds] for s in sent]
    assert titles == [
        ["Battle round 1/2 — Command phase"],  # Alice's turn
        ["Battle round 1/2 — Movement phase"],  # the undo posts the prompt again
        ["Battle round 1/2 — Command phase"],  # Bob's turn
        ["End of battle round 1", "Battle round 2/2 — Command phase"],  # Alice's
        ["Battle round 2/2 — Command phase"],  # Bob's
        ["End of battle round 2", "Game over"],
    ]
    assert sent[1].content.startswith("↩️ Undone: #")
    assert f"<@{ALICE.id}> wins on victory points" in sent[-1].text

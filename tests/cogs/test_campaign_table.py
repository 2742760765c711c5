"""Campaign cards at the table, through the command harness: a fielded card shows what it has
earned, each post-battle message shows only what its step changed (and loses its question once
answered), and a concession is recorded as one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.rules.dice import ScriptedDice
from tests.cogs.test_campaign_commands import campaign_game, two_rosters
from tests.harness import ALICE, BOB, Harness, Upload
from tests.harness.posts import public_posts


async def veteran_campaign(tmp_path: Path) -> bytes:
    """Vigilus, with Sternguard Blooded (9 XP), one Battle Honour and one Battle Scar."""
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await two_rosters(h)
        [reply] = await h.slash("campaign export", campaign="Vigilus")
    [(_, data)] = reply.files
    doc = json.loads(data)
    for card in doc["cards"]:
        if card["name"] == "Sternguard":
            card |= {"xp": 9, "honours": ["Hunters of the Foe"], "scars": ["Fatigued"]}
    return json.dumps(doc).encode()


async def test_a_fielded_card_shows_its_rank_honours_and_scars(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    exported = await veteran_campaign(tmp_path_factory.mktemp("first"))
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await h.slash("campaign import", file=Upload("vigilus.json", exported))
        await h.slash("game start", opponent=BOB, first="me", campaign="Vigilus")
        [fielded] = await h.slash("campaign field", unit="Sternguard")
        [boyz] = await h.slash("campaign field", unit="Boyz", user=BOB)
        [shown] = await h.slash("unit show", unit="Sternguard")
        await h.slash("unit add", name="Grots", models=10, wounds=1, toughness=2, save="7+")
        [plain] = await h.slash("unit show", unit="Grots")
    assert fielded.content == (
        f"Sternguard takes the field for <@{ALICE.id}> (Vigilus): "
        "**Blooded** · 9 XP · ★ Hunters of the Foe · ✖ Fatigued."
    )
    assert "**Battle-ready** · 0 XP · no Battle Honours · no Battle Scars" in boyz.content
    assert shown.field("Crusade card — Vigilus") == (
        "**Blooded** · 9 XP · ★ Hunters of the Foe · ✖ Fatigued"
    )
    assert "Crusade card" not in plain.text  # not a roster unit


async def test_each_post_battle_message_shows_only_what_its_step_changed(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Crusade "After the battle": the steps in order; each message is one step, and an answered
    step's message shows the answer in place of its question and buttons."""
    exported = await veteran_campaign(tmp_path_factory.mktemp("first"))
    exported = exported.replace(b'"xp": 9', b'"xp": 5')  # Sternguard will rank up again
    # Attack: 4 4 6 6 destroys the Boyz; their Out of Action test: a 1 (failed).
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await h.slash("campaign import", file=Upload("vigilus.json", exported))
        step = await campaign_game(h)
        [taken, marks] = await h.click(
            step.button("Battle Scar: Deep Scars")["custom_id"], on=step, user=BOB
        )
        [_, marks2] = await h.click(marks.selects[0]["custom_id"], on=marks, values=["-"])
        [marked, honour] = await h.click(
            marks2.selects[0]["custom_id"], on=marks2, user=BOB, values=["Boyz"]
        )
        [form] = await h.click(honour.button("Name the Battle Honour")["custom_id"], on=honour)
        [named, done] = await h.submit(form, {"honour": "Grim Resolve"})
    assert "Battle recorded: **Battle 1** — <@" in step.text
    assert "Out of Action tests: Boyz: 1, failed" in step.text and "choose:" in step.text
    assert taken.callback_type == 7 and taken.buttons == []
    assert taken.embed["title"] == "After battle 1 — Out of Action ✔"
    assert taken.embed["description"] == (
        f"**Boyz**: <@{BOB.id}> chose the Battle Scar **Deep Scars**."
    )
    assert "Out of Action" not in marks.text and "Deep Scars" not in marks.text
    assert marked.embed["description"] == f"<@{BOB.id}> marked **Boyz** for greatness."
    assert marked.selects == []
    assert honour.field("Experience") == (
        "Sternguard +1 XP (6 XP) — ranked up to **Blooded**\nBoyz +4 XP (4 XP)"
    )
    assert "Marked" not in honour.text and "Battle recorded" not in honour.text
    assert named.embed["description"] == "**Sternguard** gains the Battle Honour **Grim Resolve**."
    assert named.buttons == []
    assert done.embed["title"] == "✅ After battle 1 — done"
    assert [f["name"] for f in done.embed["fields"]] == ["Requisition"]
    assert "Grim Resolve" not in done.text and "Experience" not in done.text


async def test_a_concession_is_in_the_battle_report_and_the_standings(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await two_rosters(h)
        await h.slash("game start", opponent=BOB, first="me", campaign="Vigilus")
        await h.slash("campaign field", unit="Sternguard")
        await h.slash("campaign field", unit="Boyz", user=BOB)
        [_, step] = public_posts(await h.slash("game end", concede=True, user=BOB))
        [history] = await h.slash("campaign history", campaign="Vigilus")
        [standings] = await h.slash("campaign standings", campaign="Vigilus")
    conceded = f"<@{ALICE.id}> wins by concession (<@{BOB.id}> conceded; 0–0 VP)"
    assert conceded in step.field("Battle recorded") and conceded in history.text
    assert f"<@{BOB.id}> (Orks) — 0-1-0 · VP 0–0 (+0) · conceded 1 battle" in standings.text
    assert f"<@{ALICE.id}> — 1-0-0 · VP 0–0 (+0)\n" in standings.text


async def test_an_answer_on_the_status_leaves_the_status_without_what_it_waited_for(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await two_rosters(h)
        await campaign_game(h)
        [status] = await h.slash("campaign status", campaign="Vigilus")
        assert "waits for: Out of Action choice for Boyz" in status.text
        [edited, _] = await h.click(status.button("Devastating Blow")["custom_id"], on=status,
                                    user=BOB)  # fmt: skip
    [shown, answer] = edited.embeds
    assert shown["title"].startswith("📜 Vigilus") and "waits for" not in edited.text
    assert (
        answer["description"]
        == f"**Boyz**: <@{BOB.id}> chose the Devastating Blow; it leaves the roster."
    )
    assert edited.buttons == []

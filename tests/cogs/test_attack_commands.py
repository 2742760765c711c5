"""/attack and /odds through real discord.Interactions."""

from __future__ import annotations

import asyncio
import sys
from collections import OrderedDict
from pathlib import Path
from typing import Any

import pytest

from bot.errors import VoxError
from bot.rules.dice import ScriptedDice
from bot.ui.attack.kept import SHOWN_GONE
from tests.harness import BOB, Harness, Rejected, Sent

PNG = b"\x89PNG\r\n\x1a\n"
ONE_BOLTER: dict[str, Any] = {
    "attacks": "1", "skill": "3+", "strength": "4", "ap": "0", "damage": "1",
    "toughness": 4, "save": "4+",
}  # fmt: skip


WIPED = "1 hit → 1 wound → 1 failed save → 1 damage → **1 model destroyed** — the unit is wiped out"


async def test_attack_posts_one_compact_card_and_every_die_behind_details(tmp_path: Path) -> None:
    # Faces: hit 5 (3+ hits), wound 4 (S4 vs T4 needs 4+), save 2 (4+ fails) → 1 model destroyed.
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 4, 2])) as h:
        [reply, edit] = await h.slash("attack", **ONE_BOLTER)
        [details] = await h.click(reply.button("Details")["custom_id"], on=edit, user=BOB)
    assert [reply.kind, edit.kind] == ["callback", "edit"]
    for shown in (reply, edit):  # the card first; the edit that adds the odds keeps it
        assert shown.embed["title"] == "⚔️ Attack — 9th edition"
        assert shown.field("Result") == WIPED
        assert "Hit rolls (3+)" not in shown.text and shown.files == []
    # Anyone may look at the dice, privately.
    assert details.ephemeral and details.embed["title"] == "⚔️ Attack — 9th edition"
    assert details.field("Hit rolls (3+)") == "**5**\n→ **1 hits**"
    assert details.field("Wound rolls (4+)") == "**4**\n→ **1 wounds**"
    assert details.field("Saves (armour 4+)") == "2\n→ 0 saved, **1 unsaved**"
    assert details.field("Damage") == "model 1: 1 → 1 lost, **1 destroyed**"
    assert details.field("Result").startswith("**1 model destroyed** — the unit is wiped out")
    assert "16.7%" in details.field("Exact odds of this attack")


async def test_attack_states_how_likely_a_result_at_least_this_good_was(tmp_path: Path) -> None:
    # P(≥ 1 destroyed) = P(hit 3+) × P(wound 4+) × P(fail 4+ save) = 4/6 × 3/6 × 3/6 = 16.7%.
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 4, 2])) as h:
        [reply, edit] = await h.slash("attack", **ONE_BOLTER)
        [chart] = await h.click(reply.button("Chart")["custom_id"], on=edit)
    assert reply.field("Exact odds of this attack") == "Working them out…"
    assert edit.message_id == reply.message_id
    line = edit.field("Exact odds of this attack")
    assert line == "At least 1 destroyed: **16.7%** of rolls (average 0.17)"
    assert edit.files == [] and "image" not in edit.embed  # the channel gets no picture
    assert chart.ephemeral
    [(name, data)] = chart.files
    assert name == "odds.png" and data.startswith(PNG)
    assert chart.embed["image"]["url"] == "attachment://odds.png"


async def test_details_and_chart_after_a_restart_say_the_dice_are_gone(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 4, 2])) as h:
        [card, _] = await h.slash("attack", **ONE_BOLTER)
        messages = h.recorder.messages
    async with Harness.running(tmp_path) as h:  # the same database, a new bot
        h.recorder.messages.update(messages)
        for label in ("Details", "Chart"):
            [gone] = await h.click(card.button(label)["custom_id"], on=card)
            assert gone.ephemeral and gone.content == SHOWN_GONE


async def test_odds_table_has_exactly_and_at_least_per_count(harness: Harness) -> None:
    [reply] = await harness.slash("odds", **{**ONE_BOLTER, "attackers": 2, "models": 2})
    # Per attack p = 1/6: P(0) = 25/36, P(1) = 10/36, P(2) = 1/36.
    description = reply.embed["description"]
    assert "  0     69.4%    100.0%" in description
    assert "  1     27.8%     30.6%" in description
    assert "  2      2.8%      2.8%" in description
    assert "Models destroyed **0.33**" in reply.field("Averages")
    assert reply.files[0][1].startswith(PNG)


async def test_odds_names_the_devastating_wounds_wording_used(harness: Harness) -> None:
    options = {**ONE_BOLTER, "edition": "10th", "abilities": "devastating wounds (mortal)"}
    [reply] = await harness.slash("odds", **options)
    assert "10th edition rules" in reply.field("Rules used")
    assert "mortal, launch wording" in reply.field("Rules used")


async def test_ap_typed_without_sign_means_negative(harness: Harness) -> None:
    [reply] = await harness.slash("odds", **{**ONE_BOLTER, "ap": "2"})
    assert "AP−2" in reply.embed["description"]


async def test_default_edition_comes_from_settings(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, default_edition="10th") as h:
        [reply] = await h.slash("odds", **ONE_BOLTER)
    assert reply.embed["title"] == "📊 Exact odds — 10th edition"


async def test_unknown_ability_names_the_nearest_known_phrase(harness: Harness) -> None:
    options = {**ONE_BOLTER, "edition": "10th", "abilities": "lethal hitz"}
    [reply] = await harness.slash("attack", **options)
    assert reply.ephemeral and "lethal hits" in reply.content
    assert reply.content.count(".") <= 2 and "\n" not in reply.content


async def test_more_than_1000_attacks_in_total_is_refused(harness: Harness) -> None:
    [reply] = await harness.slash("odds", **{**ONE_BOLTER, "attacks": "20", "attackers": 100})
    assert reply.ephemeral and "1000" in reply.content


@pytest.mark.parametrize(
    ("option", "value", "words"),
    [("models", 101, "Models"), ("wounds", 51, "Wounds"), ("toughness", 0, "Toughness"),
     ("attackers", 101, "Attackers")],
)  # fmt: skip
async def test_numeric_bounds_hold_for_discord_and_for_raw_callers(
    harness: Harness, option: str, value: int, words: str
) -> None:
    options = {**ONE_BOLTER, option: value}
    with pytest.raises(Rejected):
        await harness.slash("odds", **options)
    [reply] = await harness.slash("odds", raw=True, **options)
    assert reply.ephemeral and words in reply.content


@pytest.mark.parametrize(
    ("option", "value"), [("skill", "7+"), ("save", "three"), ("damage", "D0"), ("ap", "-9")]
)
async def test_bad_profile_values_get_one_sentence(
    harness: Harness, option: str, value: str
) -> None:
    [reply] = await harness.slash("attack", **{**ONE_BOLTER, option: value})
    assert reply.ephemeral and reply.embeds == []
    assert reply.content.endswith(".") and "\n" not in reply.content


async def test_abilities_autocomplete_completes_the_last_phrase(harness: Harness) -> None:
    choices = await harness.autocomplete(
        "attack", "abilities", abilities="sustained hits 1, leth", edition="10th"
    )
    assert choices[0]["value"] == "sustained hits 1, lethal hits"
    assert all(len(c["name"]) <= 100 for c in choices)
    assert len(choices) <= 25


async def test_a_slow_computation_defers_then_follows_up(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    use_case = sys.modules["bot.play.attack"]
    real = use_case.compute

    def slow(spec: Any) -> Any:
        import time

        time.sleep(0.2)
        return real(spec)

    monkeypatch.setattr(use_case, "compute", slow)
    monkeypatch.setattr("bot.ui.replies.DEFER_AFTER", 0.05)
    harness.bot.compute._executor = None  # inline, but in a thread so the wait can time out
    monkeypatch.setattr(harness.bot.compute, "_compute", lambda fn, arg: asyncio.to_thread(fn, arg))
    sent = await harness.slash("odds", **ONE_BOLTER)
    assert [s.kind for s in sent] == ["callback", "followup"]
    assert sent[0].callback_type == 5
    assert sent[1].embed["title"].startswith("📊 Exact odds")


class GatedPool:
    """The bot's compute pool held shut until the test opens it (or failing with `error`)."""

    def __init__(self, harness: Harness, error: Exception | None = None) -> None:
        self.real = harness.bot.compute.run
        self.gate = asyncio.Event()
        self.error = error

    async def run(self, fn: Any, arg: Any, **options: Any) -> Any:
        await self.gate.wait()
        if self.error is not None:
            raise self.error
        return await self.real(fn, arg, **options)


async def first_reply(harness: Harness, before: int) -> Sent:
    """The first thing sent after `before`, waited for while the command is still running."""
    async with asyncio.timeout(5):
        while len(harness.sent) <= before:  # noqa: ASYNC110 - the recorder keeps a plain list
            await asyncio.sleep(0.01)
    return harness.sent[before]


async def test_the_dice_are_sent_before_the_odds_are_worked_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 4, 2])) as h:
        pool = GatedPool(h)
        monkeypatch.setattr(h.bot.compute, "run", pool.run)
        before = len(h.sent)
        command = asyncio.create_task(h.slash("attack", **ONE_BOLTER))
        reply = await first_reply(h, before)
        # The odds are still being worked out: the dice are already there, nothing else is.
        assert reply.kind == "callback" and reply.callback_type == 4
        assert reply.field("Result") == WIPED
        assert reply.field("Exact odds of this attack") == "Working them out…"
        assert not command.done() and len(h.sent) == before + 1
        pool.gate.set()
        [_, edit] = await command
    assert edit.kind == "edit" and edit.message_id == reply.message_id
    assert edit.field("Result") == reply.field("Result")
    assert edit.field("Exact odds of this attack").startswith("At least 1 destroyed: **16.7%**")


async def test_a_secret_attack_edits_its_own_hidden_reply(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 4, 2])) as h:
        [reply, edit] = await h.slash("attack", secret=True, **ONE_BOLTER)
    assert reply.ephemeral and reply.field("Result") == WIPED
    assert edit.path.endswith("/messages/@original") and edit.message_id == reply.message_id
    assert "16.7%" in edit.field("Exact odds of this attack")


@pytest.mark.parametrize(
    ("error", "line"),
    [
        (RuntimeError("the pool broke"), "Not available: something went wrong on Vox's side"),
        (VoxError("The odds queue is full; try again in a minute."),
         "Not available: The odds queue is full; try again in a minute."),
    ],
)  # fmt: skip
async def test_odds_that_fail_leave_the_dice_and_say_so_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, error: Exception, line: str
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 4, 2])) as h:
        pool = GatedPool(h, error)
        pool.gate.set()
        monkeypatch.setattr(h.bot.compute, "run", pool.run)
        [reply, edit] = await h.slash("attack", **ONE_BOLTER)
    assert not reply.ephemeral and edit.message_id == reply.message_id
    assert edit.field("Result") == WIPED
    odds = edit.field("Exact odds of this attack")
    assert odds.startswith(line) and "\n" not in odds and len(odds) <= 200
    assert edit.files == [] and "image" not in edit.embed


async def test_the_same_odds_asked_again_are_not_drawn_again(
    harness: Harness, monkeypatch: pytest.MonkeyPatch
) -> None:
    charts = sys.modules["bot.ui.charts"]
    monkeypatch.setattr(charts, "_rendered", OrderedDict())
    drawn: list[str] = []
    real = charts.distribution_chart

    def counted(*args: Any, **kwargs: Any) -> bytes:
        drawn.append(kwargs["title"])
        return bytes(real(*args, **kwargs))

    monkeypatch.setattr(charts, "distribution_chart", counted)
    [first] = await harness.slash("odds", **ONE_BOLTER)
    [again] = await harness.slash("odds", **ONE_BOLTER)
    assert drawn == ["Models destroyed"]
    assert first.files == again.files and first.files[0][1].startswith(PNG)

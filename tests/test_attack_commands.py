"""/attack and /odds through real discord.Interactions."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from tests.harness import Harness, Rejected

PNG = b"\x89PNG\r\n\x1a\n"
ONE_BOLTER: dict[str, Any] = {
    "attacks": "1", "skill": "3+", "strength": "4", "ap": "0", "damage": "1",
    "toughness": 4, "save": "4+",
}  # fmt: skip


async def test_attack_shows_each_stage_and_the_models_destroyed(tmp_path: Path) -> None:
    # Faces: hit 5 (3+ hits), wound 4 (S4 vs T4 needs 4+), save 2 (4+ fails) → 1 model destroyed.
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 4, 2])) as h:
        [reply] = await h.slash("attack", **ONE_BOLTER)
    assert reply.embed["title"] == "⚔️ Attack — 9th edition"
    assert reply.field("Hit rolls (3+)") == "**5**\n→ **1 hits**"
    assert reply.field("Wound rolls (4+)") == "**4**\n→ **1 wounds**"
    assert reply.field("Saves (armour 4+)") == "2\n→ 0 saved, **1 unsaved**"
    assert reply.field("Damage") == "model 1: 1 → 1 lost, **1 destroyed**"
    assert reply.field("Result").startswith("**1 model destroyed** — the unit is wiped out")


async def test_attack_states_how_likely_a_result_at_least_this_good_was(tmp_path: Path) -> None:
    # P(≥ 1 destroyed) = P(hit 3+) × P(wound 4+) × P(fail 4+ save) = 4/6 × 3/6 × 3/6 = 16.7%.
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 4, 2])) as h:
        [reply] = await h.slash("attack", **ONE_BOLTER)
    assert "At least 1 destroyed: **16.7%** of rolls (average 0.17)" in reply.text
    [(name, data)] = reply.files
    assert name == "odds.png" and data.startswith(PNG)
    assert reply.embed["image"]["url"] == "attachment://odds.png"


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
    cog = sys.modules["cogs.attack"]
    real = cog.compute

    def slow(spec: Any) -> Any:
        import time

        time.sleep(0.2)
        return real(spec)

    monkeypatch.setattr(cog, "compute", slow)
    monkeypatch.setattr("bot.ui.replies.DEFER_AFTER", 0.05)
    harness.bot.compute._executor = None  # inline, but in a thread so the wait can time out
    monkeypatch.setattr(harness.bot.compute, "_compute", lambda fn, arg: asyncio.to_thread(fn, arg))
    sent = await harness.slash("odds", **ONE_BOLTER)
    assert [s.kind for s in sent] == ["callback", "followup"]
    assert sent[0].callback_type == 5
    assert sent[1].embed["title"].startswith("📊 Exact odds")

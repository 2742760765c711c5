"""An evening with whole units at /odds and /attack: an imported army's units as attacker, target
and attached Leader, typed profiles, and in a game a tracked target and Leader recorded by one
attack that one /game undo takes back. Every option bounded, bad input one sentence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from tests.armies.roster_files import ARMY_10TH
from tests.cogs.test_attack_in_game import table
from tests.harness import BOB, CHANNEL_ID, Harness, Upload

ARMY = Upload("ultramarines.json", ARMY_10TH.read_bytes())
DM_CHANNEL_ID = 920000000000000777
TYPED_WEAPONS = "Bolt rifle: 10x 2 3+ 4 -1 1 (sustained hits 1); Flamer: 2x D6 auto 5 0 1 (torrent)"


async def test_odds_of_an_army_unit_into_an_army_bodyguard_and_leader(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.slash("army import", file=ARMY)
        [odds] = await h.slash(
            "odds",
            attacker="Ultramarines / Hellblaster Squad",
            target="Ultramarines / Intercessor Squad 2",
            leader="Ultramarines / Captain",
        )
    description = odds.embed["description"]
    assert "Hellblaster Squad · Plasma incinerator - standard: 5 × 2 attacks" in description
    assert "→ Intercessor Squad 2: 5 × T4 W2 Sv3+ + Leader: Captain W5 Sv3+ 4++" in description
    assert "Leader: the unit is wounded with the Bodyguard's Toughness" in odds.field("Rules used")


async def test_typed_profiles_and_a_typed_leader_in_a_dm(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        [odds] = await h.slash(
            "odds", channel_id=DM_CHANNEL_ID, dm=True, weapons=TYPED_WEAPONS, toughness=4,
            save="3+", wounds=2, models=5, leader="Captain: W5 3+ 4++", edition="10th",
        )  # fmt: skip
    assert "Bolt rifle: 10 × 2 attacks at 3+, S4 AP−1 Dmg 1 · Flamer: 2 × D6 attacks" in odds.text
    assert "+ Leader: Captain W5 Sv3+ 4++" in odds.text


@pytest.mark.parametrize(
    ("options", "sentence"),
    [
        ({"weapons": "2 3+ 4 0"}, "Profile 1 (`2 3+ 4 0`) cannot be read"),
        ({"weapons": "x" * 1001}, "Keep the weapons between 1 and 1000 characters."),
        ({"weapons": "2 3+ 4 0 1", "leader": "W5"}, "Give the Leader's Wounds and Save"),
        (
            {"weapons": "2 3+ 4 0 1", "leader": "x" * 101},
            "Keep the leader between 1 and 100 characters.",
        ),
        ({"weapons": "2 3+ 4 0 1", "leader": "Captain"}, "There is no game in this channel"),
        ({"attacker": "x" * 101}, "Keep the unit between 1 and 100 characters."),
        ({"attacker": "Ultramarines / Boyz"}, "You have no armies yet"),
        (
            {"weapons": "2 3+ 4 0 1", "weapon": "x" * 201},
            "Keep the weapon between 1 and 200 characters.",
        ),
    ],
)
async def test_bad_input_is_one_sentence(
    tmp_path: Path, options: dict[str, Any], sentence: str
) -> None:
    async with Harness.running(tmp_path) as h:
        # raw: as a raw API caller sends it, past the lengths Discord's client enforces
        [reply] = await h.slash("odds", raw=True, toughness=4, save="3+", edition="10th", **options)
    assert reply.ephemeral and reply.content.startswith(sentence), reply.content


async def test_autocomplete_offers_the_channels_units_then_your_armies(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await h.slash("army import", file=ARMY)
        await table(h, edition="10th")
        offered = await h.autocomplete("odds", "target", target="")
        values = [c["value"] for c in offered]
        assert values[:2] == ["Intercessors", "Boyz"]
        assert "Ultramarines / Intercessor Squad 2" in values
        leaders = await h.autocomplete("odds", "leader", leader="capt")
        assert [c["value"] for c in leaders] == ["Ultramarines / Captain"]
        weapons = await h.autocomplete(
            "odds", "weapon", attacker="Ultramarines / Hellblaster Squad", weapon="melee, plas"
        )
    assert [c["value"] for c in weapons] == [
        "melee, Plasma incinerator - standard",
        "melee, Plasma incinerator - supercharge",
    ]


async def test_attack_records_the_tracked_target_and_one_undo_takes_it_back(
    tmp_path: Path,
) -> None:
    # Bolt rifle, 2 attacks: hits 4 4, wounds 5 6 (S4 v T5), saves 2 3 (5+ with AP-1: 6+).
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 6, 2, 3])) as h:
        await table(h, edition="10th")
        await h.slash("unit add", name="Warboss", models=1, wounds=6, toughness=5, save="4+",
                      owner=BOB, user=BOB)  # fmt: skip
        [card, _] = await h.slash(
            "attack", attacker="Intercessors", weapon="Bolt rifle", target="Boyz", leader="Warboss"
        )
        assert "→ Boyz: 10 × T5 W1 Sv5+ + Leader: Warboss W6 Sv4+" in card.embed["description"]
        assert "**Boyz** — 8/10 models" in card.field("Tracked unit")
        await h.slash("game undo")
        state = (await h.bot.tracker.require(CHANNEL_ID)).state
    assert state.unit("Boyz").alive == 10  # type: ignore[union-attr]


async def test_an_army_target_is_rolled_not_recorded(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 6, 2, 3])) as h:
        await h.slash("army import", file=ARMY)
        await table(h, edition="10th")
        [card, _] = await h.slash(
            "attack", attacker="Intercessors", weapon="Bolt rifle",
            target="Ultramarines / Intercessor Squad",
        )  # fmt: skip
        events = (await h.bot.tracker.require(CHANNEL_ID)).events
    assert "Tracked unit" not in card.text
    assert not any(type(r.event).__name__ == "DamageApplied" for r in events)

"""/unit weapon takes the 10th weapon keywords as lists write them; /attack and /odds apply them;
a fielded weapon carried by some models attacks with those models; the unit card shows it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.armies.field import unit_profile
from bot.armies.model import ArmyUnit, ArmyWeapon, ModelProfile
from bot.game import add_unit
from bot.rules.dice import ScriptedDice
from tests.cogs.test_attack_in_game import to_phase
from tests.harness import ALICE, BOB, CHANNEL_ID, Harness

# The 21 keywords of the issue, as the official app and New Recruit write them.
KEYWORDS = (
    "Assault", "Heavy", "Pistol", "Rapid Fire 1", "Blast", "Melta 2", "Torrent", "Twin-linked",
    "Lethal Hits", "Sustained Hits D3", "Devastating Wounds", "Anti-Infantry 4+", "Lance",
    "Ignores Cover", "Hazardous", "Indirect Fire", "Conversion", "Extra Attacks", "One Shot",
    "Precision", "Psychic",
)  # fmt: skip
GUN: dict[str, Any] = {
    "range": '24"',
    "attacks": "2",
    "skill": "3+",
    "strength": "5",
    "ap": "-1",
    "damage": "1",
}
TARGET: dict[str, Any] = {"toughness": 4, "save": "3+", "models": 10, "keywords": "infantry"}


async def _gunners(h: Harness, name: str) -> None:
    await h.slash("unit add", name=name, models=5, wounds=2, toughness=4, save="3+")


async def test_every_list_keyword_is_taken_by_unit_weapon_and_used_by_attack(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path) as h:
        await h.slash("game start", opponent=BOB, first="me", edition="10th")
        await _gunners(h, "Gunners")
        await _gunners(h, "Reserves")
        for i, keyword in enumerate(KEYWORDS):
            unit = "Gunners" if i < 15 else "Reserves"
            [ok] = await h.slash(
                "unit weapon", unit=unit, name=f"Gun {i}", abilities=keyword, **GUN
            )
            assert ok.content == f"✅ {unit} now has Gun {i}.", (keyword, ok.content)
        await to_phase(h, "shooting")
        for i, keyword in enumerate(KEYWORDS):
            unit = "Gunners" if i < 15 else "Reserves"
            [card, *_] = await h.slash("attack", attacker=unit, weapon=f"Gun {i}", **TARGET)
            assert not card.ephemeral, (keyword, card.content)
            assert card.field("Result"), keyword


async def test_a_typo_is_refused_with_the_nearest_keyword(harness: Harness) -> None:
    await harness.slash("game start", opponent=BOB, first="me", edition="10th")
    await _gunners(harness, "Gunners")
    [refused] = await harness.slash(
        "unit weapon", unit="Gunners", name="Plasma", abilities="Hazardus", **GUN
    )
    assert refused.ephemeral and "did you mean `hazardous`?" in refused.content


async def test_10th_keywords_are_refused_in_a_9th_game(harness: Harness) -> None:
    await harness.slash("game start", opponent=BOB, first="me", edition="9th")
    await _gunners(harness, "Gunners")
    [refused] = await harness.slash(
        "unit weapon", unit="Gunners", name="Mortar", abilities="Indirect Fire", **GUN
    )
    assert refused.ephemeral and "not a 9th edition rule" in refused.content


async def test_odds_with_indirect_fire_and_conversion_change_as_the_rules_say(
    harness: Harness,
) -> None:
    """Indirect Fire: "subtract 1 from that attack's Hit roll and the target has the Benefit of
    Cover"; Conversion: "if the target is more than 12" away, an unmodified Hit roll of 4+ scores
    a Critical Hit" (typed `long range`)."""
    base: dict[str, Any] = {"attacks": "6", "skill": "3+", "strength": "4", "ap": "-1",
                            "damage": "1", "toughness": 4, "save": "4+", "models": 10,
                            "edition": "10th"}  # fmt: skip
    [plain] = await harness.slash("odds", **base)
    [indirect] = await harness.slash("odds", abilities="Indirect Fire", **base)
    [cover] = await harness.slash("odds", abilities="Indirect Fire, ignores cover", **base)
    [far] = await harness.slash("odds", abilities="Conversion, long range, lethal hits", **base)
    [near] = await harness.slash("odds", abilities="Conversion, lethal hits", **base)
    # Per attack (S4 v T4, Sv4+ with AP-1: 5+): plain 2/3 · 1/2 · 2/3 = 2/9, ×6 = 1.33.
    # Indirect Fire hits on 4+ and Cover makes the save 4+: 1/2 · 1/2 · 1/2 = 1/8, ×6 = 0.75;
    # with Ignores Cover: 1/2 · 1/2 · 2/3 = 1/6, ×6 = 1.00.
    # Conversion at long range, Lethal Hits: (3/6 + 1/6 · 1/2) · 2/3 = 7/18, ×6 = 2.33; without
    # long range: (1/6 + 3/6 · 1/2) · 2/3 = 5/18, ×6 = 1.67.
    assert "Hits **4.00** · Wounds **2.00** · Unsaved **1.33**" in plain.text
    assert "Hits **3.00** · Wounds **1.50** · Unsaved **0.75**" in indirect.text
    assert "Unsaved **1.00**" in cover.text
    assert "Unsaved **2.33**" in far.text and "Unsaved **1.67**" in near.text


def _fielded() -> ArmyUnit:
    marine = ModelProfile(name="Intercessor", models=5, movement='6"', toughness="4", save="3+",
                          wounds="2", leadership="6+", oc="2")  # fmt: skip
    plasma = ArmyWeapon(name="Plasma gun", kind="ranged", count=2, range='24"', attacks="1",
                        skill="3+", strength="8", ap="-3", damage="2",
                        keywords=("Rapid Fire 1", "Linked Fire"))  # fmt: skip
    return ArmyUnit(name="Intercessors", models=5, profiles=(marine,), weapons=(plasma,))


async def _field(h: Harness) -> None:
    await h.slash("game start", opponent=BOB, first="me", edition="10th")
    p = unit_profile(_fielded(), "10th").profile
    await h.bot.tracker.act(CHANNEL_ID, ALICE.id, lambda state: add_unit(state, ALICE.id, p))


async def test_a_weapon_carried_by_two_models_attacks_with_two(tmp_path: Path) -> None:
    """Five Intercessors, two carrying a plasma gun: two attacks, not five."""
    # Hits 4 4, wounds 5 5 (S8 v T4), saves 1 1 (Sv3+ with AP-3: 6+); no die is left over.
    dice = ScriptedDice([4, 4, 5, 5, 1, 1])
    async with Harness.running(tmp_path, dice=dice) as h:
        await _field(h)
        await to_phase(h, "shooting")
        [card, *_] = await h.slash("attack", attacker="Intercessors", **TARGET)
    assert card.field("Result").startswith("2 hits → 2 wounds → 2 failed saves")
    assert dice.remaining == 0


async def test_typed_attackers_override_the_carrier_count(tmp_path: Path) -> None:
    dice = ScriptedDice([4, 4, 4, 5, 5, 5, 1, 1, 1])
    async with Harness.running(tmp_path, dice=dice) as h:
        await _field(h)
        await to_phase(h, "shooting")
        [card, *_] = await h.slash("attack", attacker="Intercessors", attackers=3, **TARGET)
    assert card.field("Result").startswith("3 hits → 3 wounds → 3 failed saves")
    assert dice.remaining == 0


async def test_the_carrier_count_is_at_most_the_models_alive(tmp_path: Path) -> None:
    dice = ScriptedDice([4, 5, 1])
    async with Harness.running(tmp_path, dice=dice) as h:
        await _field(h)
        await h.slash("unit damage", unit="Intercessors", wounds=8)  # 1 of 5 left
        await to_phase(h, "shooting")
        [card, *_] = await h.slash("attack", attacker="Intercessors", **TARGET)
    assert card.field("Result").startswith("1 hit → 1 wound → 1 failed save")
    assert dice.remaining == 0


async def test_the_unit_card_shows_the_count_and_the_keywords_not_applied(harness: Harness) -> None:
    await _field(harness)
    [card] = await harness.slash("unit show", unit="Intercessors")
    assert card.field("Weapons") == (
        '2× **Plasma gun** (24") A1 3+ S8 AP-3 D2 — rapid fire 1; not applied: Linked Fire'
    )

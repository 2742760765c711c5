"""/charge, /advance and /reserves through real discord.Interactions.

Every percentage is derived by hand in the test: 2D6 totals count out of 36, a D6 face is 1/6.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from tests.harness import Harness, Rejected

CHARGE_TOO_FAR = (
    'A charge can only target units within 12" and 2D6 never rolls more than 12, '
    "so type a distance from 1 to 12 (not 13)."
)


def table_rows(description: str) -> dict[int, tuple[str, str]]:
    block = description.split("```")[1]
    rows = [line.split() for line in block.strip().splitlines()[1:]]
    return {int(k): (exactly, at_least) for k, exactly, at_least in rows}


async def test_charge_needs_the_distance_less_engagement_range(tmp_path: Path) -> None:
    """Seed 000: the charge roll must let the unit "end that move ... within Engagement Range of
    every unit that was a target of its charge": 7" away needs 6+ (the default edition, 9th)."""
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 3])) as h:
        [reply] = await h.slash("charge", distance=7)
    assert not reply.ephemeral and reply.buttons == []
    assert reply.embed["title"] == '🎲 Charge — 7"'
    assert (
        '2D6: 3 3 = **6**, needs 6+ (7" to the enemy, less 1" Engagement Range)'
        in reply.embed["description"]
    )
    assert reply.field("Result") == "**Charge succeeds**"
    assert reply.field("Chance to charge") == "**72.2%**"  # 6+: 26/36
    assert reply.field("With a re-roll") == "**92.3%**"  # 1 − (10/36)² = 1196/1296


async def test_nine_inches_needs_eight_not_nine(tmp_path: Path) -> None:
    dice = ScriptedDice([1, 1])
    async with Harness.running(tmp_path, dice=dice) as h:
        [reply] = await h.slash("charge", distance=9)
    assert 'needs 8+ (9" to the enemy, less 1" Engagement Range)' in reply.embed["description"]
    assert reply.field("Result") == "**Charge fails**"
    assert "First roll" not in reply.embed["description"]
    assert reply.field("Chance to charge") == "**41.7%**"  # 8+: 15/36
    assert reply.field("With a re-roll") == "**66.0%**"  # 1 − (21/36)² = 855/1296
    assert dice.remaining == 0


async def test_failed_charge_rerolls_both_dice_once_and_strikes_the_first_roll(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 3, 4, 5])) as h:
        [reply] = await h.slash("charge", distance=7, reroll=True)
    description = reply.embed["description"]
    assert "2D6: ~~2~~→4 ~~3~~→5 = **9**, needs 6+" in description
    assert "First roll ~~5~~ failed, so both dice were re-rolled." in description
    assert reply.field("Result") == "**Charge succeeds**"
    assert reply.buttons == []  # standalone: no Command Re-roll to offer


async def test_successful_charge_is_not_rerolled(tmp_path: Path) -> None:
    dice = ScriptedDice([6, 6])
    async with Harness.running(tmp_path, dice=dice) as h:
        [reply] = await h.slash("charge", distance=12, reroll=True)
    assert "~~" not in reply.embed["description"]
    assert reply.field("Chance to charge") == "**8.3%**"  # 11+: 3/36
    assert reply.field("With a re-roll") == "**16.0%**"  # 1 − (33/36)² = 207/1296
    assert dice.remaining == 0


async def test_advance_adds_a_d6_to_move(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4])) as h:
        [reply] = await h.slash("advance", move=6)
    assert reply.embed["description"] == "D6: **4**"
    assert reply.field("Move this phase") == '**10"** (6" + 4")'


async def test_reserves_arrive_on_3_plus_from_turn_2(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 3, 6])) as h:
        [reply] = await h.slash("reserves", units=4)
    description = reply.embed["description"]
    assert "1: 1 · 2: 2 · 3: **3** · 4: **6**" in description
    assert reply.field("Arrive") == "**2** of 4 (units 3, 4)"
    assert reply.field("Still in Reserve") == "2 (units 1, 2)"
    # Faces 3-6: 4/6 each; expected 4 · 2/3 = 2.67.
    assert reply.field("Chance each arrives") == "**66.7%** · expected arrivals 2.67"
    # Binomial(4, 2/3): 1, 8, 24, 32, 16 out of 81.
    assert table_rows(description) == {
        0: ("1.2%", "100.0%"),
        1: ("9.9%", "98.8%"),
        2: ("29.6%", "88.9%"),
        3: ("39.5%", "59.3%"),
        4: ("19.8%", "19.8%"),
    }


async def test_unmodified_one_never_arrives_whatever_the_modifier(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2])) as h:
        [reply] = await h.slash("reserves", units=2, turn=3, modifier=2)
    description = reply.embed["description"]
    assert "1: 1+2=3 · 2: 2+2=**4**" in description
    assert "arrive automatically in your fourth turn" in description
    assert reply.field("Arrive") == "**1** of 2 (unit 2)"
    assert reply.field("Chance each arrives").startswith("**83.3%**")  # faces 2-6: 5/6


async def test_negative_modifier_needs_a_5_or_6(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 5])) as h:
        [reply] = await h.slash("reserves", units=2, modifier=-2)
    assert "1: 4-2=2 · 2: 5-2=**3**" in reply.embed["description"]
    assert reply.field("Chance each arrives").startswith("**33.3%**")  # faces 5-6: 2/6


async def test_every_unit_left_arrives_automatically_in_turn_4(tmp_path: Path) -> None:
    dice = ScriptedDice([])
    async with Harness.running(tmp_path, dice=dice) as h:
        [reply] = await h.slash("reserves", units=3, turn=4)
    assert "arrives automatically" in reply.embed["description"]
    assert reply.field("Arrive") == "**3** of 3 (units 1, 2, 3)"
    assert reply.field("Chance each arrives") == "**100.0%** · expected arrivals 3.00"


BOUNDS: list[tuple[str, dict[str, Any], str]] = [
    ("charge", {"distance": 0}, "Type a charge distance from 1 to 12 (not 0)."),
    ("charge", {"distance": 13}, CHARGE_TOO_FAR),
    ("advance", {"move": 0}, "Type a Move in inches from 1 to 100 (not 0)."),
    ("advance", {"move": 101}, "Type a Move in inches from 1 to 100 (not 101)."),
    ("reserves", {"units": 0}, "Type the units in Reserve from 1 to 60 (not 0)."),
    ("reserves", {"units": 61}, "Type the units in Reserve from 1 to 60 (not 61)."),
    (
        "reserves",
        {"units": 2, "turn": 1},
        "Reserves cannot arrive in your first turn; roll for them from your second turn.",
    ),
    ("reserves", {"units": 2, "turn": 5}, "Type your turn number from 2 to 4 (not 5)."),
    (
        "reserves",
        {"units": 2, "modifier": -3},
        "Type a reserve roll modifier from -2 to 2 (not -3).",
    ),
    ("reserves", {"units": 2, "modifier": 3}, "Type a reserve roll modifier from -2 to 2 (not 3)."),
]


@pytest.mark.parametrize(("command", "options", "sentence"), BOUNDS)
async def test_out_of_range_option_is_refused_by_discord_and_by_vox(
    harness: Harness, command: str, options: dict[str, Any], sentence: str
) -> None:
    with pytest.raises(Rejected):
        await harness.slash(command, **options)
    [reply] = await harness.slash(command, raw=True, **options)  # a raw API caller
    assert reply.ephemeral and reply.content == sentence


async def test_sixty_units_in_reserve_fit_discords_embed_limits(harness: Harness) -> None:
    [reply] = await harness.slash("reserves", units=60, turn=3, modifier=-2)
    assert len(reply.embed["description"]) <= 4096
    assert all(len(f["value"]) <= 1024 for f in reply.embed["fields"])
    assert len(reply.text) <= 6000

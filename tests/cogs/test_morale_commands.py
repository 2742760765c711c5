"""/morale, /battleshock and /desperate-escape through real discord.Interactions.

Every percentage is derived by hand in the test: a D6 face is 1/6, 2D6 totals count out of 36.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import ScriptedDice
from tests.harness import Harness, Rejected

MORALE: dict[str, Any] = {"leadership": 7, "lost": 3, "models": 5, "starting": 10}


def table_rows(description: str) -> dict[int, tuple[str, str]]:
    """k → (exactly, at least) from the code-block table under the dice."""
    block = description.split("```")[1]
    rows = [line.split() for line in block.strip().splitlines()[1:]]
    return {int(k): (exactly, at_least) for k, exactly, at_least in rows}


async def test_morale_passes_when_d6_plus_lost_is_at_most_leadership(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4])) as h:
        [reply] = await h.slash("morale", **MORALE)
    assert not reply.ephemeral
    description = reply.embed["description"]
    assert "D6 **4** + 3 destroyed this turn = **7** against Leadership 7" in description
    assert reply.field("Result") == "**Passed**: no model flees"
    assert reply.field("Models lost") == "**0** — 5 of 5 left"
    # Faces 1-4 pass (4 + 3 = 7 ≤ 7): 4/6.
    assert reply.field("Chance to pass") == "**66.7%**"


async def test_unmodified_one_passes_morale(tmp_path: Path) -> None:
    dice = ScriptedDice([1])
    async with Harness.running(tmp_path, dice=dice) as h:
        [reply] = await h.slash("morale", leadership=6, lost=6, models=4, starting=10)
    assert "= **7** against Leadership 6" in reply.embed["description"]
    assert "An unmodified 1 always passes." in reply.embed["description"]
    assert reply.field("Result") == "**Passed**: no model flees"
    assert reply.field("Chance to pass") == "**16.7%**"  # only the 1: 1/6
    assert dice.remaining == 0  # no attrition dice on a pass


async def test_failed_morale_flees_one_then_attrition_below_half_flees_on_1_or_2(
    tmp_path: Path,
) -> None:
    # 5 + 3 = 8 > 7 fails; one flees, 4 of 10 is below Half-strength, so 1s and 2s flee.
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 2, 1, 3, 6])) as h:
        [reply] = await h.slash("morale", **MORALE)
    description = reply.embed["description"]
    assert "One model flees." in description
    assert "(−1: Below Half-strength, so 1s and 2s flee): **2** **1** 3 6" in description
    assert reply.field("Result") == "**Failed**"
    assert reply.field("Models lost") == "**3** — 2 of 5 left"


async def test_morale_shows_the_exact_distribution_of_models_lost(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4])) as h:
        [reply] = await h.slash("morale", **MORALE)
    # Pass 2/3 loses 0; fail 1/3 loses 1 + Binomial(4, 1/3): (1/3)·C(4,j)·2^(4-j)/81 = ·/243.
    assert table_rows(reply.embed["description"]) == {
        0: ("66.7%", "100.0%"),
        1: ("6.6%", "33.3%"),  # 16/243, 81/243
        2: ("13.2%", "26.7%"),  # 32/243, 65/243
        3: ("9.9%", "13.6%"),  # 24/243, 33/243
        4: ("3.3%", "3.7%"),  # 8/243, 9/243
        5: ("0.4%", "0.4%"),  # 1/243
    }


async def test_battleshock_passes_when_2d6_reaches_leadership(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 3])) as h:
        [reply] = await h.slash("battleshock", leadership=6)
    assert "2D6: 3 3 = **6**, needing 6 or more" in reply.embed["description"]
    assert reply.field("Result") == "**Passed**"
    assert reply.field("Chance to pass") == "**72.2%**"  # 26/36


async def test_battleshock_below_leadership_is_battle_shocked(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 4])) as h:
        [reply] = await h.slash("battleshock", leadership=7)
    assert reply.field("Result") == "**Battle-shocked**"
    assert reply.field("Chance to pass") == "**58.3%**"  # 21/36


async def test_desperate_escape_destroys_a_model_on_each_1_or_2(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 3])) as h:
        [reply] = await h.slash("desperate-escape", models=3)
    assert "each 1–2 destroys one: **1** **2** 3" in reply.embed["description"]
    assert reply.field("Models destroyed") == "**2** of 3"
    # Binomial(3, 1/3): 8, 12, 6, 1 out of 27.
    assert table_rows(reply.embed["description"]) == {
        0: ("29.6%", "100.0%"),
        1: ("44.4%", "70.4%"),
        2: ("22.2%", "25.9%"),
        3: ("3.7%", "3.7%"),
    }


async def test_starting_strength_below_the_models_left_is_one_sentence(harness: Harness) -> None:
    [reply] = await harness.slash("morale", leadership=7, lost=1, models=5, starting=3)
    assert reply.ephemeral
    assert reply.content == (
        "Type a Starting Strength (at least the models left) from 5 to 100 (not 3)."
    )


BOUNDS: list[tuple[str, dict[str, Any], str]] = [
    ("morale", {**MORALE, "leadership": 0}, "Type a Leadership from 1 to 20 (not 0)."),
    ("morale", {**MORALE, "leadership": 21}, "Type a Leadership from 1 to 20 (not 21)."),
    (
        "morale",
        {**MORALE, "lost": 0},
        "Type the models destroyed this turn from 1 to 100 (not 0).",
    ),
    (
        "morale",
        {**MORALE, "lost": 101},
        "Type the models destroyed this turn from 1 to 100 (not 101).",
    ),
    ("morale", {**MORALE, "models": 0}, "Type the models left in the unit from 1 to 100 (not 0)."),
    (
        "morale",
        {**MORALE, "models": 101, "starting": 100},
        "Type the models left in the unit from 1 to 100 (not 101).",
    ),
    (
        "morale",
        {**MORALE, "starting": 0},
        "Type a Starting Strength (at least the models left) from 5 to 100 (not 0).",
    ),
    (
        "morale",
        {**MORALE, "starting": 101},
        "Type a Starting Strength (at least the models left) from 5 to 100 (not 101).",
    ),
    ("battleshock", {"leadership": 1}, "Type a Leadership (the 6 of 6+) from 2 to 12 (not 1)."),
    ("battleshock", {"leadership": 13}, "Type a Leadership (the 6 of 6+) from 2 to 12 (not 13)."),
    (
        "desperate-escape",
        {"models": 0},
        "Type the number of Desperate Escape tests from 1 to 100 (not 0).",
    ),
    (
        "desperate-escape",
        {"models": 101},
        "Type the number of Desperate Escape tests from 1 to 100 (not 101).",
    ),
]


@pytest.mark.parametrize(("command", "options", "sentence"), BOUNDS)
async def test_out_of_range_option_is_refused_by_discord_and_by_vox(
    harness: Harness, command: str, options: dict[str, Any], sentence: str
) -> None:
    with pytest.raises(Rejected):
        await harness.slash(command, **options)
    [reply] = await harness.slash(command, raw=True, **options)  # a raw API caller
    assert reply.ephemeral and reply.content == sentence


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("morale", {"leadership": 1, "lost": 100, "models": 100, "starting": 100}),
        ("desperate-escape", {"models": 100}),
    ],
)
async def test_largest_unit_fits_discords_embed_limits(
    harness: Harness, command: str, options: dict[str, Any]
) -> None:
    [reply] = await harness.slash(command, **options)
    assert len(reply.embed["description"]) <= 4096
    assert all(len(f["value"]) <= 1024 for f in reply.embed["fields"])
    assert len(reply.text) <= 6000

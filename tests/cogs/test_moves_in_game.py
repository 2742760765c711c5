"""/charge and /advance with a unit of the channel's game: checked before rolling, then recorded."""

from __future__ import annotations

from pathlib import Path

from bot.rules.dice import ScriptedDice
from tests.harness import BOB, DAVE, Harness
from tests.harness.posts import private, refusals


async def to_phase(h: Harness, phases: int) -> None:
    await h.slash("game start", opponent=BOB, first="me")
    await h.slash("unit add", name="Intercessors", models=5, wounds=2, toughness=4, save="3+")
    for _ in range(phases):
        await h.slash("game next")


async def test_advance_with_a_unit_uses_its_move_and_records_the_advance(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4])) as h:
        await to_phase(h, 1)  # Movement
        [reply] = await h.slash("advance", unit="Intercessors")
        assert '**10"** (6" + 4")' in reply.text
        assert "advanced (recorded" in reply.field("Tracked unit")
        [card] = await h.slash("unit list")
    assert "Intercessors" in card.text


async def test_a_unit_that_advanced_cannot_charge_and_no_dice_are_rolled(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4])) as h:  # only the advance die
        await to_phase(h, 1)
        await h.slash("advance", unit="Intercessors")
        for _ in range(3):  # Psychic, Shooting, Charge
            await h.slash("game next")
        [refused] = await h.slash("charge", distance=7, unit="Intercessors")
    assert refused.ephemeral and "cannot do that" in refused.content


async def test_a_unit_in_combat_can_only_fall_back_or_stay(tmp_path: Path) -> None:
    """Seed 000: "If a unit is within Engagement Range of any enemy models when it is selected to
    move, it cannot make a Normal Move or Advance"."""
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await to_phase(h, 0)
        await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+",
                      owner=BOB)  # fmt: skip
        await h.slash("unit engage", unit="Intercessors", enemy="Boyz")
        await h.slash("game next")  # Movement
        [refused] = await h.slash("advance", unit="Intercessors")
        moved = await h.slash("unit move", unit="Intercessors", mode="fall back")
    assert refused.ephemeral and "can only Fall Back or Remain Stationary" in refused.content
    assert refusals(moved) == [] and private(moved).content == "✅ Intercessors: fall back."


async def test_moves_outside_their_phase_are_refused_before_rolling(harness: Harness) -> None:
    await to_phase(harness, 0)  # still the Command phase
    [refused] = await harness.slash("advance", unit="Intercessors")
    assert refused.ephemeral and "Movement phase" in refused.content


async def test_a_bystander_cannot_move_a_tracked_unit(harness: Harness) -> None:
    await to_phase(harness, 1)
    [refused] = await harness.slash("advance", unit="Intercessors", user=DAVE)
    assert refused.ephemeral and "Only the two players" in refused.content


async def test_advance_without_a_unit_needs_a_move(harness: Harness) -> None:
    [reply] = await harness.slash("advance")
    assert reply.ephemeral and "move:6" in reply.content


async def boyz_lost_three(h: Harness) -> None:
    await h.slash("game start", opponent=BOB, first="me")
    await h.slash(
        "unit add",
        name="Boyz",
        models=10,
        wounds=1,
        toughness=5,
        save="6+",
        leadership=7,
        owner=BOB,
    )
    await h.slash("unit damage", unit="Boyz", wounds=3)


async def test_morale_of_a_tracked_unit_removes_the_models_that_flee(tmp_path: Path) -> None:
    # D6 6 + 3 lost = 9 > Ld 7: one flees; attrition for the 6 left (not below half): one 1.
    async with Harness.running(tmp_path, dice=ScriptedDice([6, 1, 2, 3, 4, 5, 6])) as h:
        await boyz_lost_three(h)
        [reply] = await h.slash("morale", unit="Boyz", user=BOB)
        assert reply.field("Tracked unit") == "2 fled: **Boyz** — 5/10 models"
        [status] = await h.slash("game status")
    assert "**Boyz** — 5/10 models" in status.text


async def test_a_passed_morale_test_changes_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1])) as h:  # an unmodified 1 passes
        await boyz_lost_three(h)
        [reply] = await h.slash("morale", unit="Boyz", user=BOB)
    assert reply.field("Tracked unit") == "No model flees: **Boyz** — 7/10 models"


async def test_morale_without_a_unit_needs_every_number(harness: Harness) -> None:
    [reply] = await harness.slash("morale", leadership=7)
    assert reply.ephemeral and reply.content.startswith(
        "Give leadership, lost, models and starting"
    )

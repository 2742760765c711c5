"""Morale (seed 000), Battle-shock and Desperate Escape (seed 003) on tracked units: the phase
prompt's buttons and the `unit:` options of /battleshock and /desperate-escape."""

from __future__ import annotations

from pathlib import Path

from bot.rules.dice import ScriptedDice
from tests.harness import ALICE, BOB, DAVE, Harness, Sent
from tests.harness.posts import public_posts, shown


async def add(h: Harness, name: str, models: int, owner: int, leadership: int = 7) -> None:
    await h.slash(
        "unit add", name=name, models=models, wounds=1, toughness=4, save="5+",
        leadership=leadership, user=ALICE if owner == ALICE.id else BOB,
    )  # fmt: skip


async def next_until(h: Harness, title_part: str) -> Sent:
    for _ in range(20):
        reply = shown(await h.slash("game next"))
        if title_part in reply.embeds[-1].get("title", ""):
            return reply
    raise AssertionError(f"never reached {title_part}")


async def ninth_with_losses(h: Harness) -> Sent:
    """Alice shoots Bob's Boyz and Gretchin in her Shooting phase; Bob's Grots hurt Alice's."""
    await h.slash("game start", opponent=BOB, first="me", edition="9th")
    await add(h, "Tacticals", 10, ALICE.id)
    await add(h, "Boyz", 10, BOB.id)
    await add(h, "Gretchin", 10, BOB.id, leadership=4)
    await next_until(h, "Shooting")
    await h.slash("unit damage", unit="Boyz", wounds=3)
    await h.slash("unit damage", unit="Tacticals", wounds=1)  # overwatch, say
    return await next_until(h, "Morale")


async def test_the_morale_prompt_has_a_button_per_unit_that_lost_models_active_player_first(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        prompt = await ninth_with_losses(h)
    labels = [b["label"] for b in prompt.buttons]
    assert labels == ["Next phase", "Tacticals — Morale test", "Boyz — Morale test"]
    assert "Boyz" in prompt.embeds[-1]["fields"][1]["value"]  # "Morale tests"


async def test_the_morale_button_rolls_the_units_test_and_removes_the_models_that_flee(
    tmp_path: Path,
) -> None:
    # D6 6 + 3 lost = 9 > Ld 7: one flees; attrition for the 6 left: one 1 → 2 flee in all.
    async with Harness.running(tmp_path, dice=ScriptedDice([6, 1, 2, 3, 4, 5, 6])) as h:
        prompt = await ninth_with_losses(h)
        button = prompt.button("Boyz — Morale test")["custom_id"]
        [bystander] = await h.click(button, on=prompt, user=DAVE)
        assert bystander.ephemeral and "Only the two players" in bystander.content
        seen = dict(h.recorder.messages[rolled_on := prompt.message_id or 0])
        rolled = await h.click(button, on=prompt, user=BOB)
        assert public_posts(rolled) == []  # the prompt shows the result: nothing new is posted
        [edited] = rolled
        assert edited.callback_type == 7 and edited.message_id == rolled_on
        assert edited.field("🎲 Boyz — Morale test") == (
            "D6 6 + 3 destroyed this turn = **9** against Ld 7: failed. "
            "2 fled: **Boyz** — 5/10 models"
        )
        # the units still to test keep their buttons
        assert [b["label"] for b in edited.buttons] == ["Next phase", "Tacticals — Morale test"]
        h.recorder.messages[rolled_on] = seen  # a second click before the edit was seen
        [again] = await h.click(button, on=prompt, user=BOB)
        assert again.ephemeral
        assert again.content == "Boyz already took its Morale test this phase."
        [status] = await h.slash("game status")
    assert "**Boyz** — 5/10 models" in status.text


async def test_a_morale_button_from_an_earlier_phase_rolls_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        prompt = await ninth_with_losses(h)
        seen = dict(h.recorder.messages[prompt.message_id or 0])
        await h.slash("game next")  # Bob's turn: this prompt collapses to a line
        h.recorder.messages[prompt.message_id or 0] = seen  # a screen not yet updated
        [stale] = await h.click(prompt.button("Boyz — Morale test")["custom_id"], on=prompt)
    assert stale.ephemeral and "out of date" in stale.content


async def tenth_below_half(h: Harness) -> Sent:
    await h.slash("game start", opponent=BOB, first="me", edition="10th")
    await add(h, "Intercessors", 5, ALICE.id)
    await add(h, "Boyz", 10, BOB.id, leadership=7)
    await h.slash("unit damage", unit="Boyz", wounds=6)  # 4/10: below half-strength
    return await next_until(h, "Command")  # Bob's Command phase


async def test_the_command_prompt_offers_battle_shock_to_units_below_half_strength(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 3])) as h:  # 5 < Ld 7: fails
        prompt = await tenth_below_half(h)
        assert [b["label"] for b in prompt.buttons] == ["Next phase", "Boyz — Battle-shock test"]
        button = prompt.button("Boyz — Battle-shock test")["custom_id"]
        [rolled] = await h.click(button, on=prompt, user=BOB)
        result = rolled.field("🎲 Boyz — Battle-shock test")
        assert result.startswith("2D6 2 3 = **5** against Ld 7: failed.")
        assert "battle-shocked: OC 0 until its next Command phase" in result
        assert [b["label"] for b in rolled.buttons] == ["Next phase"]
        [status] = await h.slash("game status")
    assert "**Boyz** — 4/10 models · battle-shocked (OC 0)" in status.text


async def test_battle_shock_of_a_tracked_unit_once_per_phase(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 3])) as h:  # 7 ≥ Ld 7: passes
        await tenth_below_half(h)
        [passed] = await h.slash("battleshock", unit="Boyz", user=BOB)
        assert passed.field("Result") == "**Passed**"
        [again] = await h.slash("battleshock", unit="Boyz", user=BOB)
    assert again.content == "Boyz already took its Battle-shock test this phase."


async def test_ninth_edition_units_take_morale_not_battle_shock(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await h.slash("game start", opponent=BOB, first="me", edition="9th")
        await add(h, "Tacticals", 10, ALICE.id)
        [reply] = await h.slash("battleshock", unit="Tacticals")
    assert reply.content == "9th edition has no Battle-shock test; it uses /morale."


async def test_desperate_escape_tests_every_model_of_a_battle_shocked_unit(
    tmp_path: Path,
) -> None:
    # Battle-shock 1+1 fails; then 4 Desperate Escape dice: 1, 2, 3, 6 → two models destroyed.
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1, 1, 2, 3, 6])) as h:
        await tenth_below_half(h)
        await h.slash("battleshock", unit="Boyz", user=BOB)
        [escape] = await h.slash("desperate-escape", unit="Boyz", user=BOB)
    assert escape.embed["title"] == "🎲 Desperate Escape — 4 models"
    assert escape.field("Tracked unit").startswith("**Boyz** — 2/10 models")


async def test_desperate_escape_of_a_steady_unit_needs_the_models_that_test(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([5])) as h:
        await tenth_below_half(h)
        [missing] = await h.slash("desperate-escape", unit="Boyz", user=BOB)
        assert missing.content == (
            "Boyz is not battle-shocked: give models, those that must take the test."
        )
        [too_many] = await h.slash("desperate-escape", unit="Boyz", models=5, user=BOB)
        assert too_many.content == "Boyz has 4 models; test 1 to 4 of them."
        [one] = await h.slash("desperate-escape", unit="Boyz", models=1, user=BOB)
    assert one.field("Tracked unit") == "**Boyz** — 4/10 models — no model lost."


async def test_without_a_unit_the_numbers_are_needed(harness: Harness) -> None:
    [shock] = await harness.slash("battleshock")
    assert shock.content == "Give leadership (the 6 of 6+), or pick a unit of this game."
    [escape] = await harness.slash("desperate-escape")
    assert escape.content == "Give models (how many take the test), or pick a unit of this game."

"""Eternum Reserves at the table (seed 004, "RESERVES"): `/unit reserve` while deploying, the
Movement prompt's "Reserve Roll" buttons from the owner's second turn, `/reserves unit:`,
automatic arrival in the fourth turn and units that never arrive destroyed at the end."""

from __future__ import annotations

from pathlib import Path

from bot.rules.dice import ScriptedDice
from tests.cogs.test_tests_in_game import add
from tests.harness import ALICE, BOB, DAVE, Harness, Sent
from tests.harness.posts import public_posts, shown

SET_UP = [5, 2, 4, 3]  # Alice wins the Attacker roll-off, then the first-turn roll-off (4+1 v 3)


async def deploy(h: Harness, *reserved: str, rounds: int = 5) -> None:
    """An Eternum set-up: Alice attacks and deploys first, `reserved` units go into Reserve, and
    Alice takes the first turn."""
    [start] = await h.slash("game start", opponent=BOB, edition="eternum", rounds=rounds)
    [roles] = await h.click(start.button("Alice is the Attacker")["custom_id"], on=start)
    await add(h, "Terminators", 5, ALICE.id)
    await add(h, "Scouts", 5, ALICE.id)
    await add(h, "Boyz", 10, BOB.id)
    for name in reserved:
        [placed] = await h.slash("unit reserve", unit=name)
        assert not placed.ephemeral and "is in Reserve" in placed.content
    deployed = roles.button("Alice finished deploying first")["custom_id"]
    [rolloff] = await h.click(deployed, on=roles, user=BOB)
    await h.click(rolloff.button("Alice goes first")["custom_id"], on=rolloff)


async def until(h: Harness, round_: int, phase: str, player: int = ALICE.id) -> Sent:
    """/game next until the prompt of `phase` in `player`'s turn of battle round `round_`."""
    for _ in range(60):
        reply = shown(await h.slash("game next"))
        title = reply.embeds[-1].get("title", "") if reply.embeds else ""
        if f"round {round_}/" in title and phase in title and f"<@{player}>'s turn" in reply.text:
            return reply
    raise AssertionError(f"never reached round {round_} {phase}")


def labels(sent: Sent) -> list[str]:
    return [str(b.get("label")) for b in sent.buttons]


async def test_the_movement_prompt_offers_a_reserve_roll_from_the_owners_second_turn(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([*SET_UP, 4])) as h:
        await deploy(h, "Terminators")
        first = await until(h, 1, "Movement")
        assert "Reserve Roll: Terminators" not in labels(first)  # not in the first turn
        bobs = await until(h, 1, "Movement", BOB.id)
        assert "Reserve Roll: Terminators" not in labels(bobs)  # nor in the opponent's turn
        prompt = await until(h, 2, "Movement")
        button = prompt.button("Reserve Roll: Terminators")["custom_id"]
        [bystander] = await h.click(button, on=prompt, user=DAVE)
        assert bystander.ephemeral and "Only the two players" in bystander.content
        [opponent] = await h.click(button, on=prompt, user=BOB)
        assert opponent.ephemeral and "only its owner" in opponent.content
        [rolled] = await h.click(button, on=prompt)
        assert not rolled.ephemeral
        assert rolled.field("Tracked unit").startswith("**Terminators** arrives")
        [again] = await h.click(button, on=prompt)
        assert again.ephemeral and "not in Reserve" in again.content
        [status] = await h.slash("game status")
    assert "in Reserve" not in status.text


async def test_a_failed_roll_stays_and_a_button_from_an_earlier_phase_rolls_nothing(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([*SET_UP, 2])) as h:
        await deploy(h, "Terminators")
        prompt = await until(h, 2, "Movement")
        button = prompt.button("Reserve Roll: Terminators")["custom_id"]
        [rolled] = await h.click(button, on=prompt)
        assert "stays in Reserve: roll for it again next turn" in rolled.field("Tracked unit")
        [again] = await h.click(button, on=prompt)
        assert again.ephemeral and "already made its Reserve Roll this turn" in again.content
        seen = dict(h.recorder.messages[prompt.message_id or 0])
        await h.slash("game next")  # the live prompt moves on: its Reserve Roll button goes
        h.recorder.messages[prompt.message_id or 0] = seen  # a screen not yet updated
        [stale] = await h.click(button, on=prompt)
        assert stale.ephemeral and "out of date" in stale.content
        [status] = await h.slash("game status")
    assert "**Terminators** — 5/5 models · in Reserve" in status.text


async def test_reserves_unit_rolls_for_a_tracked_unit(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([*SET_UP, 1])) as h:
        await deploy(h, "Terminators")
        await until(h, 2, "Movement")
        [both] = await h.slash("reserves", units=2, unit="Terminators")
        assert both.ephemeral and both.content.startswith("Give units:")
        [turn] = await h.slash("reserves", unit="Terminators", turn=3)
        assert turn.ephemeral and "Leave out turn:" in turn.content
        [neither] = await h.slash("reserves")
        assert neither.ephemeral and neither.content.startswith("Give units:")
        [rolled] = await h.slash("reserves", unit="terminators", modifier=2)
    # seed 004: "Regardless of the modifier(s), a natural roll of a 1 always means that the unit
    # in question remains in Reserve."
    assert "**Terminators** stays in Reserve" in rolled.field("Tracked unit")


async def test_units_still_in_reserve_arrive_by_themselves_in_the_fourth_turn(
    tmp_path: Path,
) -> None:
    # seed 004: "it remains in Reserve and automatically arrives at the start of your fourth turn"
    async with Harness.running(tmp_path, dice=ScriptedDice(SET_UP)) as h:
        await deploy(h, "Terminators")
        await until(h, 3, "Fight", BOB.id)
        [before] = await h.slash("game status")
        await until(h, 4, "Command")
        [after] = await h.slash("game status")
    assert "Terminators** — 5/5 models · in Reserve" in before.text
    assert "Terminators** — 5/5 models" in after.text and "in Reserve" not in after.text


async def test_units_that_never_arrive_are_destroyed_when_the_game_ends(tmp_path: Path) -> None:
    # seed 004: "any models that cannot be set up are considered to have been destroyed"
    async with Harness.running(tmp_path, dice=ScriptedDice(SET_UP)) as h:
        await deploy(h, "Terminators", rounds=1)
        await until(h, 1, "Morale and Battleshock", BOB.id)
        [ended] = public_posts(await h.slash("game next"))
    assert "Casualties: Terminators: 5 models" in ended.text  # the last round's summary
    assert "Destroyed: Terminators" in ended.text and "Biggest attack" not in ended.text


async def test_game_end_destroys_the_units_still_in_reserve(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SET_UP)) as h:
        await deploy(h, "Terminators")
        [ended] = public_posts(await h.slash("game end"))
    assert "Casualties: Terminators: 5 models" in ended.text


async def test_unit_reserve_is_for_eternum_set_up_only(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([*SET_UP, 5, 2])) as h:
        await deploy(h)
        [late] = await h.slash("unit reserve", unit="Scouts")
        assert late.ephemeral and "while deploying, before the first turn" in late.content
        await h.slash("game end")
        await h.slash("game start", opponent=BOB, edition="9th")
        await add(h, "Tacticals", 10, ALICE.id)
        [ninth] = await h.slash("unit reserve", unit="Tacticals")
        assert ninth.ephemeral and "9th edition has no Reserves" in ninth.content
        [bobs] = await h.slash("unit reserve", unit="Tacticals", user=BOB)
    assert bobs.ephemeral and "only its owner" in bobs.content

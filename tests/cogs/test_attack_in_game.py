"""/attack and /odds with attacker, weapon and target units from the channel's game."""

from __future__ import annotations

import asyncio
import itertools
import random
from pathlib import Path
from typing import Any

import pytest

from bot.rules.dice import Dice, ScriptedDice
from tests.cogs.test_attack_commands import GatedPool, first_reply
from tests.harness import ALICE, BOB, CHANNEL_ID, DAVE, Harness
from tests.harness.posts import shown


async def to_phase(h: Harness, key: str) -> None:
    """`/game next` until the game is in the phase keyed `key`."""
    for _ in range(20):
        phase = (await h.bot.tracker.require(CHANNEL_ID)).state.phase
        if phase is not None and phase.key == key:
            return
        await h.slash("game next")
    raise AssertionError(f"the game never reached the {key} phase")


async def table(h: Harness, edition: str = "9th", phase: str | None = "shooting") -> None:
    """Alice's Intercessors (one model, bolt rifle and bolt pistol) against Bob's ten Boyz, in
    Alice's `phase` (None: the first)."""
    await h.slash("game start", opponent=BOB, first="me", edition=edition)
    await h.slash("unit add", name="Intercessors", models=1, wounds=2, toughness=4, save="3+")
    await h.slash(
        "unit weapon", unit="Intercessors", name="Bolt rifle", range='24"', attacks="2",
        skill="3+", strength="4", ap="-1", damage="1",
    )  # fmt: skip
    await h.slash(
        "unit weapon", unit="Intercessors", name="Bolt pistol", range='12"', attacks="1",
        skill="3+", strength="4", ap="0", damage="1",
    )  # fmt: skip
    await h.slash(
        "unit add", name="Boyz", models=10, wounds=1, toughness=5, save="5+", user=BOB, owner=BOB
    )
    if phase is not None and edition != "7th":
        await to_phase(h, phase)


RIFLE: dict[str, Any] = {"attacker": "Intercessors", "weapon": "Bolt rifle", "target": "Boyz"}


async def test_attack_on_a_tracked_unit_removes_the_models_it_destroyed(tmp_path: Path) -> None:
    # Bolt rifle, 2 attacks: hits 4 4 (3+), wounds 5 6 (S4 v T5: 5+), saves 2 3 (5+ with AP-1: 6+).
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 6, 2, 3])) as h:
        await table(h)
        [reply, edit] = await h.slash("attack", **RIFLE)
        for shown in (reply, edit):
            assert shown.field("Result").endswith("→ **2 models destroyed**")
            assert shown.field("Tracked unit") == "**Boyz** — 8/10 models"
        [status] = await h.slash("game status")
        assert "**Boyz** — 8/10 models" in status.text
        [log] = await h.slash("game log", count=1)
        table_now = await h.bot.tracker.require(CHANNEL_ID)
    assert "Boyz" in log.embed["description"]
    # The attacking unit is credited (a campaign counts the enemy units it destroys).
    assert getattr(table_now.events[-1].event, "attacker", None) == "Intercessors"


async def test_the_damaged_model_takes_the_next_attack(tmp_path: Path) -> None:
    # Nobz 3×W2 with one wounded model; one D1 wound through: the wounded model is destroyed.
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 6, 1])) as h:
        await table(h)
        await h.slash(
            "unit add", name="Nobz", models=3, wounds=2, toughness=5, save="4+", owner=BOB
        )
        await h.slash("unit damage", unit="Nobz", wounds=1)
        [reply, _] = await h.slash(
            "attack", attacker="Intercessors", weapon="Bolt pistol", target="Nobz"
        )
    assert reply.field("Tracked unit") == "**Nobz** — 2/3 models (2 W each)"


async def test_leaving_out_the_weapon_fires_all_of_the_attackers_weapons(harness: Harness) -> None:
    await table(harness)
    [reply] = await harness.slash("odds", attacker="Intercessors", target="Boyz")
    assert (
        "Bolt rifle" in reply.embed["description"] and "Bolt pistol" in reply.embed["description"]
    )


async def test_odds_on_a_tracked_unit_change_nothing(harness: Harness) -> None:
    await table(harness)
    await harness.slash("odds", **RIFLE)
    [status] = await harness.slash("game status")
    assert "**Boyz** — 10/10 models" in status.text


async def test_edition_comes_from_the_channels_game(harness: Harness) -> None:
    await table(harness, edition="10th")
    [reply] = await harness.slash("odds", **RIFLE)
    assert reply.embed["title"] == "📊 Exact odds — 10th edition"


async def test_an_unknown_weapon_names_the_weapons_the_unit_has(harness: Harness) -> None:
    await table(harness)
    [reply] = await harness.slash("odds", attacker="Intercessors", weapon="Plasma", target="Boyz")
    assert reply.ephemeral
    assert (
        reply.content
        == "Intercessors has no weapon called Plasma; it has: Bolt rifle, Bolt pistol."
    )


async def test_an_unknown_unit_suggests_the_closest(harness: Harness) -> None:
    await table(harness)
    [reply] = await harness.slash("odds", attacker="Intercesors", target="Boyz")
    assert reply.ephemeral and 'did you mean "Intercessors"?' in reply.content


async def test_without_units_the_profile_must_be_typed(harness: Harness) -> None:
    [reply] = await harness.slash("attack", attacks="2", skill="3+", toughness=4, save="3+")
    assert reply.ephemeral
    assert reply.content.startswith("Give strength, ap, damage")


async def test_a_bystander_cannot_damage_a_tracked_unit(harness: Harness) -> None:
    await table(harness)
    [reply] = await harness.slash("attack", user=DAVE, **RIFLE)
    assert reply.ephemeral and "Only the two players" in reply.content
    [status] = await harness.slash("game status")
    assert "**Boyz** — 10/10 models" in status.text


async def test_attacker_target_and_weapon_autocomplete_from_the_game(harness: Harness) -> None:
    await table(harness)
    units = await harness.autocomplete("attack", "target", target="bo")
    assert [c["value"] for c in units] == ["Boyz"]
    weapons = await harness.autocomplete("attack", "weapon", attacker="Intercessors", weapon="")
    assert [c["value"] for c in weapons] == ["Bolt rifle", "Bolt pistol", "melee", "ranged"]


async def test_the_biggest_attack_is_in_the_round_summary(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 6, 2, 3])) as h:
        await table(h, phase=None)
        await h.slash("game undo", user=BOB)  # nothing of Alice's: Bob's unit add is undone
        await h.slash(
            "unit add",
            name="Boyz",
            models=10,
            wounds=1,
            toughness=5,
            save="5+",
            user=BOB,
            owner=BOB,
        )
        await to_phase(h, "shooting")
        await h.slash("attack", **RIFLE)
        for _ in range(11):  # from Alice's Shooting phase to the end of the round
            reply = shown(await h.slash("game next", user=ALICE))
    summary = reply.embeds[0]
    assert summary["title"] == "End of battle round 1"
    notable = next(f["value"] for f in summary["fields"] if f["name"] == "Notable rolls")
    assert "destroyed 2 of Boyz" in notable


async def test_forty_attacks_at_once_on_one_unit_each_land_on_what_the_others_left(
    tmp_path: Path,
) -> None:
    # Issue 10: 39 of 40 simultaneous attacks were told "This prompt is out of date".
    async with Harness.running(tmp_path, dice=Dice(random.Random(7))) as h:
        await table(h)
        await h.slash("unit add", name="Horde", models=100, wounds=1, toughness=3, save="-",
                      owner=BOB)  # fmt: skip
        before = len(h.sent)
        attack: dict[str, Any] = {"attacker": "Intercessors", "weapon": "Bolt rifle",
                                  "target": "Horde"}  # fmt: skip
        await asyncio.gather(*(h.slash("attack", **attack) for _ in range(40)))
        sent = h.sent[before:]
        final = await h.bot.tracker.require(CHANNEL_ID)
    replies = [s for s in sent if s.kind == "callback"]
    assert len(replies) == 40 and [s.kind for s in sent].count("edit") == 40  # the odds, after
    assert not any(r.ephemeral for r in replies), [r.content for r in replies if r.ephemeral]
    results = [r.field("Result") for r in replies]
    destroyed = sum(int(t.split("**")[1].split()[0]) for t in results if "destroyed**" in t)
    damage = [r.event for r in final.events if r.event.kind == "damage_applied"]
    assert len(damage) == 40
    horde = final.state.unit("Horde")
    assert horde is not None
    assert destroyed > 0 and horde.alive == 100 - destroyed
    # Each attack started from what the one before it left.
    chain = [(getattr(e, "models_before", None), getattr(e, "models_after", None)) for e in damage]
    assert all(a[1] == b[0] for a, b in itertools.pairwise(chain))


async def test_a_bystanders_attack_on_a_tracked_unit_rolls_no_dice(tmp_path: Path) -> None:
    dice = ScriptedDice([4, 4, 5, 6, 2, 3])
    async with Harness.running(tmp_path, dice=dice) as h:
        await table(h)
        [refused] = await h.slash("attack", user=DAVE, **RIFLE)
        assert refused.ephemeral and "Only the two players" in refused.content
        [reply, _] = await h.slash("attack", **RIFLE)  # the scripted faces are all still there
    assert reply.field("Result").endswith("→ **2 models destroyed**")


async def test_the_damage_is_recorded_and_shown_before_the_odds_are_worked_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 6, 2, 3])) as h:
        await table(h)
        pool = GatedPool(h)
        monkeypatch.setattr(h.bot.compute, "run", pool.run)
        before = len(h.sent)
        command = asyncio.create_task(h.slash("attack", **RIFLE))
        reply = await first_reply(h, before)
        assert reply.field("Tracked unit") == "**Boyz** — 8/10 models"
        boyz = (await h.bot.tracker.require(CHANNEL_ID)).state.unit("Boyz")
        assert boyz is not None and boyz.alive == 8 and not command.done()
        pool.gate.set()
        [_, edit] = await command
    assert edit.field("Tracked unit") == "**Boyz** — 8/10 models"
    assert "destroyed: **" in edit.field("Exact odds of this attack") and not edit.files


async def test_a_tracked_attack_sends_at_most_six_statements(tmp_path: Path) -> None:
    """/attack on a tracked unit reads the channel's game once and appends once (it sent 7
    statements when the game was read twice before the append)."""
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 6, 2, 3])) as h:
        await table(h)
        sent: list[str] = []
        await h.sqlite.conn.set_trace_callback(sent.append)
        try:
            [_, edit] = await h.slash("attack", **RIFLE)
        finally:
            await h.sqlite.conn.set_trace_callback(None)  # type: ignore[arg-type]  # None: off
    assert edit.field("Tracked unit") == "**Boyz** — 8/10 models"
    assert len(sent) <= 6, sent


async def test_a_7th_edition_game_refuses_attacks_without_a_typed_edition(harness: Harness) -> None:
    await table(harness, edition="7th")
    said = (
        "This game is 7th edition, and Vox resolves attacks only with 9th, 10th or Eternum rules; "
        "pick 9th or 10th with `edition:`."
    )
    for command in ("attack", "odds"):
        [reply] = await harness.slash(command, **RIFLE)
        assert reply.ephemeral and reply.content == said
    [status] = await harness.slash("game status")
    assert "**Boyz** — 10/10 models" in status.text
    [odds] = await harness.slash("odds", **RIFLE, edition="9th")
    assert odds.embed["title"] == "📊 Exact odds — 9th edition"

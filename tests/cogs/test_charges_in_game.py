"""/charge with a unit of the channel's game: declared once per phase, recorded whether it succeeds
or fails, a successful one in combat with its target, and a failed one's card carrying its one
re-roll (a Command Re-roll for 1 CP, or an ability in 7th), answered by editing that card."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.errors import RulesError
from bot.game import GameState
from bot.play import charges
from bot.play.actor import Actor
from bot.rules.dice import ScriptedDice
from tests.harness import ALICE, BOB, CHANNEL_ID, DAVE, Harness, Rejected
from tests.harness.recorder import Sent

CP_REROLL = "Command Re-roll (1 CP)"


async def state(h: Harness) -> GameState:
    return (await h.bot.tracker.require(CHANNEL_ID)).state


async def to_charge(h: Harness, edition: str = "9th") -> None:
    """Alice's Intercessors and Bob's Boyz, in Alice's Charge (7th: Assault) phase."""
    await h.slash("game start", opponent=BOB, first="me", edition=edition)
    await h.slash("unit add", name="Intercessors", models=5, wounds=2, toughness=4, save="3+")
    await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+", owner=BOB)
    key = "assault" if edition == "7th" else "charge"
    while (phase := (await state(h)).phase) is None or phase.key != key:
        await h.slash("game next")


def reroll_id(card: Sent, label: str = CP_REROLL) -> str:
    return str(card.button(label)["custom_id"])


async def test_a_failed_charge_posts_one_card_with_its_command_reroll(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2])) as h:
        await to_charge(h)
        sent = await h.slash("charge", distance=9, unit="Intercessors", target="Boyz")
        cp = (await state(h)).cp[ALICE.id]
        log = await h.slash("game log", count=1)
    [card] = sent  # one public post per charge
    assert not card.ephemeral and card.field("Result") == "**Charge fails**"
    assert 'needs 8+ (9" to the enemy, less 1" Engagement Range)' in card.embed["description"]
    assert card.field("Tracked unit") == "Intercessors failed its charge and did not move."
    assert [b["label"] for b in card.buttons] == [CP_REROLL]
    assert cp >= 1
    assert "Intercessors's charge at Boyz failed: rolled 3 (8+ needed" in log[0].text


async def test_the_command_reroll_spends_a_cp_and_edits_the_card(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 5, 4])) as h:
        await to_charge(h)
        [card] = await h.slash("charge", distance=9, unit="Intercessors", target="Boyz")
        cp = (await state(h)).cp[ALICE.id]
        [edited] = await h.click(reroll_id(card), on=card)
        after = await state(h)
    assert edited.callback_type == 7 and edited.buttons == []
    assert "2D6: ~~1~~→5 ~~2~~→4 = **9**" in edited.embed["description"]
    assert edited.field("Result") == "**Charge succeeds**"
    assert edited.field("Command Re-roll") == f"1 CP spent ({cp - 1} CP left)."
    assert edited.field("Tracked unit") == (
        "Intercessors charged Boyz: now in combat. Charging Units First: it fights first this turn."
    )
    assert after.cp[ALICE.id] == cp - 1
    intercessors = after.unit("Intercessors")
    assert intercessors is not None and intercessors.engaged == {"boyz"}


async def test_a_second_press_is_refused_and_rolls_nothing(tmp_path: Path) -> None:
    """Seed 004: "You can never re-roll a dice more than once". The edited card has no button;
    a press from a client still showing the old card reaches the same refusal."""
    dice = ScriptedDice([1, 2, 1, 1])
    async with Harness.running(tmp_path, dice=dice) as h:
        await to_charge(h)
        [card] = await h.slash("charge", distance=9, unit="Intercessors")
        game, seq = (int(p) for p in reroll_id(card).split(":")[2:])
        [edited] = await h.click(reroll_id(card), on=card)
        cp = (await state(h)).cp[ALICE.id]
        with pytest.raises(RulesError, match="already re-rolled; a dice is never re-rolled"):
            await charges.reroll(h.bot, Actor(ALICE.id, CHANNEL_ID), game, seq)
        assert (await state(h)).cp[ALICE.id] == cp
    assert edited.buttons == [] and dice.remaining == 0


async def test_only_the_units_owner_may_press_it(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2])) as h:
        await to_charge(h)
        [card] = await h.slash("charge", distance=9, unit="Intercessors")
        [bob] = await h.click(reroll_id(card), on=card, user=BOB)
        [dave] = await h.click(reroll_id(card), on=card, user=DAVE)
    assert bob.ephemeral and bob.content == (
        f"Only <@{ALICE.id}>, whose unit charged, can re-roll its charge."
    )
    assert dave.ephemeral and "Only the two players" in dave.content


async def test_the_button_is_stale_after_next_phase(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2])) as h:
        await to_charge(h)
        [card] = await h.slash("charge", distance=9, unit="Intercessors")
        await h.slash("game next")
        [stale] = await h.click(reroll_id(card), on=card)
    assert stale.ephemeral and "earlier phase" in stale.content


async def test_no_cp_left_is_refused_in_one_sentence(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2])) as h:
        await to_charge(h)
        [card] = await h.slash("charge", distance=9, unit="Intercessors")
        cp = (await state(h)).cp[ALICE.id]
        await h.slash("cp spend", amount=cp)
        [refused] = await h.click(reroll_id(card), on=card)
    assert refused.ephemeral
    assert refused.content == "You have no CP left, so you cannot use a Command Re-roll."


async def test_a_second_charge_of_the_same_unit_is_refused_before_rolling(tmp_path: Path) -> None:
    dice = ScriptedDice([1, 2])
    async with Harness.running(tmp_path, dice=dice) as h:
        await to_charge(h)
        await h.slash("charge", distance=9, unit="Intercessors")
        [refused] = await h.slash("charge", distance=9, unit="Intercessors")
    assert refused.ephemeral and "already declared a charge this turn" in refused.content


async def test_undo_takes_back_the_reroll_and_its_cp(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 5, 4])) as h:
        await to_charge(h)
        [card] = await h.slash("charge", distance=9, unit="Intercessors", target="Boyz")
        before = await state(h)
        await h.click(reroll_id(card), on=card)
        await h.slash("game undo")
        after = await state(h)
    assert after.cp == before.cp and after.units == before.units
    intercessors = after.unit("Intercessors")
    assert intercessors is not None and not intercessors.in_combat


async def test_tenth_words_the_charge_bonus_its_way(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4])) as h:
        await to_charge(h, "10th")
        [card] = await h.slash("charge", distance=9, unit="Intercessors", target="Boyz")
    assert card.field("Tracked unit") == (
        "Intercessors charged Boyz: now in combat. Charge bonus: Fights First this turn."
    )
    assert "9th" not in card.text and card.buttons == []


async def test_seventh_charges_into_base_contact_with_an_ability_reroll(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 4])) as h:
        await to_charge(h, "7th")
        [card] = await h.slash("charge", distance=9, unit="Intercessors", target="Boyz")
        assert 'needs 9+ (9" to the enemy, into base contact)' in card.embed["description"]
        [edited] = await h.click(reroll_id(card, "Re-roll (an ability)"), on=card)
        cp = (await state(h)).cp
    assert edited.field("Re-roll") == "An ability: nothing spent."
    assert edited.field("Tracked unit") == "Intercessors charged Boyz: now in combat."
    assert set(cp.values()) == {0}


async def test_a_free_reroll_with_a_unit_offers_no_command_reroll(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 1, 1])) as h:
        await to_charge(h)
        [card] = await h.slash("charge", distance=9, unit="Intercessors", reroll=True)
        unit = (await state(h)).unit("Intercessors")
    assert "First roll ~~3~~ failed" in card.embed["description"] and card.buttons == []
    assert unit is not None and unit.charge_declared and unit.charge_rerolled


@pytest.mark.parametrize(
    ("target", "sentence"),
    [
        ("Intercessors", "Intercessors is on the same side as Intercessors"),
        ("Grots", 'There is no unit "Grots"'),
    ],
)
async def test_a_bad_target_is_refused_before_rolling(
    tmp_path: Path, target: str, sentence: str
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await to_charge(h)
        [refused] = await h.slash("charge", distance=9, unit="Intercessors", target=target)
    assert refused.ephemeral and sentence in refused.content


async def test_the_target_name_has_a_bound(harness: Harness) -> None:
    with pytest.raises(Rejected):
        await harness.slash("charge", distance=9, unit="Intercessors", target="x" * 41)
    [reply] = await harness.slash("charge", raw=True, distance=9, target="x" * 41)
    assert reply.ephemeral and reply.content == "Keep the unit name between 1 and 40 characters."


async def test_a_target_without_a_unit_is_refused(harness: Harness) -> None:
    [reply] = await harness.slash("charge", distance=9, target="Boyz")
    assert reply.ephemeral and reply.content.startswith("Name the charging unit")


async def test_unit_engage_records_a_combat_privately_and_ends_it(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await to_charge(h)
        [on] = await h.slash("unit engage", unit="Boyz", enemy="Intercessors", user=BOB)
        engaged = (await state(h)).unit("Intercessors")
        [off] = await h.slash("unit engage", unit="Intercessors", enemy="Boyz", off=True)
        [again] = await h.slash("unit engage", unit="Intercessors", enemy="Boyz", off=True)
        [dave] = await h.slash("unit engage", unit="Intercessors", enemy="Boyz", user=DAVE)
    assert on.ephemeral
    assert on.embed["description"] == "⚔️ Recorded: Boyz is in combat with Intercessors."
    assert engaged is not None and engaged.engaged == {"boyz"}
    assert off.ephemeral and off.embed["description"] == "⚔️ Recorded: Intercessors is in no combat."
    assert again.ephemeral and again.content == "Intercessors is not in combat with Boyz."
    assert dave.ephemeral and "Only the two players" in dave.content


async def test_unit_engage_names_have_a_bound(harness: Harness) -> None:
    for option in ("unit", "enemy"):
        names: dict[str, Any] = {"unit": "Boyz", "enemy": "Boyz", option: "x" * 41}
        with pytest.raises(Rejected):
            await harness.slash("unit engage", **names)
        [reply] = await harness.slash("unit engage", raw=True, **names)
        assert (
            reply.ephemeral and reply.content == "Keep the unit name between 1 and 40 characters."
        )

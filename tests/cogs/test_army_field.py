"""/game field: an imported army's units into the channel's game, in one change."""

from __future__ import annotations

import pytest

from bot.play.actor import NOT_A_PLAYER
from bot.server_only import IN_A_SERVER
from tests.armies.roster_files import ARMY_10TH, roster_file
from tests.harness import ALICE, BOB, CHANNEL_ID, DAVE, Harness, Rejected, Upload

ARMY = Upload("ultramarines.json", ARMY_10TH.read_bytes())


async def ready(h: Harness, edition: str = "10th") -> None:
    await h.slash("army import", file=ARMY)
    await h.slash("game start", opponent=BOB, first="me", edition=edition)


async def names(h: Harness) -> list[str]:
    return [u.name for u in (await h.bot.tracker.require(CHANNEL_ID)).state.units.values()]


async def test_field_brings_every_unit_with_a_profile_in_one_undoable_change(
    harness: Harness,
) -> None:
    await ready(harness)
    done = (await harness.slash("game field", army="Ultramarines"))[0]
    assert done.ephemeral and done.content.startswith(
        "✅ Fielded from **Ultramarines**: Intercessor Squad, Captain, Intercessor Squad 2, "
        "Hellblaster Squad."
    )
    assert "Skipped (no profile): Redemptor Dreadnought" in done.content
    state = (await harness.bot.tracker.require(CHANNEL_ID)).state
    assert {u.owner for u in state.units.values()} == {ALICE.id}
    hell = state.unit("Hellblaster Squad")
    assert hell is not None and hell.profile.models == 5 and len(hell.profile.weapons) == 3
    undone = await harness.slash("game undo")
    assert any("Undone" in one.text for one in undone)
    assert await names(harness) == []


async def test_field_picks_units_by_name_and_numbers_repeats(harness: Harness) -> None:
    await ready(harness)
    await harness.slash("game field", army="Ultramarines", units="captain, Intercessor Squad")
    assert await names(harness) == ["Captain", "Intercessor Squad"]
    await harness.slash("game field", army="Ultramarines", units="Intercessor Squad 2")
    assert (await names(harness))[-1] == "Intercessor Squad 2"
    done = (await harness.slash("game field", army="ultramarines", units="all"))[0]
    assert "Intercessor Squad 3, Captain 2, Intercessor Squad 4" in done.content


async def test_field_refuses_with_one_sentence(harness: Harness) -> None:
    [no_game] = await harness.slash("game field", army="Ultramarines")
    assert no_game.refused
    await ready(harness)
    [unknown] = await harness.slash("game field", army="Ultramarines", units="Captian")
    assert unknown.content == ('Ultramarines has no unit called "Captian"; did you mean "Captain"?')
    [only_missing] = await harness.slash(
        "game field", army="Ultramarines", units="Redemptor Dreadnought"
    )
    assert only_missing.content.startswith(
        "None of those units has a profile yet (Redemptor Dreadnought)"
    )
    assert await names(harness) == []


async def test_an_army_plays_only_in_a_game_of_its_edition(harness: Harness) -> None:
    await ready(harness, edition="9th")
    [edition] = await harness.slash("game field", army="Ultramarines")
    assert edition.content == (
        "Ultramarines is a 10th edition army and this is a 9th edition game; "
        "field it in a game of its edition."
    )
    assert await names(harness) == []


async def test_only_a_player_fields_and_permission_comes_first(harness: Harness) -> None:
    await ready(harness)
    [dave] = await harness.slash("game field", user=DAVE, army="Nobody's army")
    assert dave.content == NOT_A_PLAYER  # not "you have no army": permission is checked first
    [dm] = await harness.slash("game field", dm=True, raw=True, army="Ultramarines")
    assert dm.content == IN_A_SERVER


async def test_the_units_option_is_bounded(harness: Harness) -> None:
    await ready(harness)
    with pytest.raises(Rejected):
        await harness.slash("game field", army="Ultramarines", units="x" * 1001)
    [empty] = await harness.slash("game field", army="Ultramarines", units=" , ")
    assert empty.content == (
        "Name at least one unit in `units:` (comma-separated), or leave it out for all."
    )
    [many] = await harness.slash("game field", army="Ultramarines", units="a," * 101)
    assert many.content == "Name at most 100 units in `units:`."


async def test_attack_then_offers_the_fielded_weapons(harness: Harness) -> None:
    await ready(harness)
    await harness.slash("game field", army="Ultramarines", units="Hellblaster Squad")
    offered = await harness.autocomplete(
        "attack", "weapon", attacker="Hellblaster Squad", weapon=""
    )
    values = [c["value"] for c in offered]
    assert len(values) == 5 and any("supercharge" in v for v in values)
    assert values[3:] == ["melee", "ranged"]  # then the kinds weapon: also takes


async def test_what_fielding_could_not_carry_over_is_said_once_per_unit(harness: Harness) -> None:
    """A mixed unit's note names it once ("Wolf Guard Headtakers: fielded with ..."), not twice."""
    wolves = Upload("wolves.json", roster_file("10e_space_wolves.json"))
    await harness.slash("army import", file=wolves, name="Wolves")
    await harness.slash("game start", opponent=BOB, first="me", edition="10th")
    [done, *_] = await harness.slash("game field", army="Wolves", units="Wolf Guard Headtakers")
    assert "Wolf Guard Headtakers: fielded with the Wolf Guard Headtakers profile" in done.content
    assert "Wolf Guard Headtakers: Wolf Guard Headtakers" not in done.content

"""/unit through real discord.Interactions, and the prompts that read the units."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store.games import active_game, load_events
from tests.harness import BOB, CHANNEL_ID, Harness, Rejected

BOYZ: dict[str, Any] = {
    "name": "Boyz",
    "models": 10,
    "wounds": 1,
    "toughness": 5,
    "save": "6+",
    "owner": BOB,
}


async def game(h: Harness, edition: str = "9th") -> None:
    await h.slash("game start", opponent=BOB, first="me", edition=edition)


async def events(h: Harness) -> int:
    record = await active_game(h.bot.db, CHANNEL_ID)
    assert record is not None
    return len(await load_events(h.bot.db, record.id))


async def test_unit_add_then_show_gives_the_profile(harness: Harness) -> None:
    await game(harness)
    [added] = await harness.slash(
        "unit add", name="Intercessors", models=5, wounds=2, toughness=4, save="3+", invuln="4+",
        leadership=6, oc=2, keywords="infantry, imperium",
    )  # fmt: skip
    assert added.content == "Added **Intercessors** — 5/5 models (2 W each)."
    [card] = await harness.slash("unit show", unit="intercessors")
    assert card.embed["title"] == "Intercessors"
    assert 'M 6" · T 4 · Sv 3+ 4++' in card.field("Profile")
    assert card.field("Keywords") == "IMPERIUM, INFANTRY"


async def test_a_unit_name_is_unique_in_a_game(harness: Harness) -> None:
    await game(harness)
    await harness.slash("unit add", **BOYZ)
    [again] = await harness.slash("unit add", **BOYZ)
    assert again.ephemeral and "already exists" in again.content


async def test_unit_weapon_checks_its_dice_and_abilities(harness: Harness) -> None:
    await game(harness)
    await harness.slash("unit add", **BOYZ)
    base: dict[str, Any] = {
        "unit": "Boyz", "name": "Choppa", "range": "Melee", "skill": "3+", "strength": "4",
        "ap": "-1", "damage": "1",
    }  # fmt: skip
    [bad] = await harness.slash("unit weapon", attacks="banana", **base)
    assert bad.ephemeral and "not a dice expression" in bad.content
    [bad] = await harness.slash("unit weapon", attacks="3", abilities="lethal hitz", **base)
    assert bad.ephemeral and "lethal" in bad.content
    [ok] = await harness.slash("unit weapon", attacks="3", **base)
    assert ok.content == "Boyz now has Choppa."


async def test_unit_damage_then_heal_and_the_list(harness: Harness) -> None:
    await game(harness)
    await harness.slash("unit add", name="Nobz", models=3, wounds=2, toughness=5, save="4+")
    [hit] = await harness.slash("unit damage", unit="Nobz", wounds=3)
    assert hit.content == "**Nobz** — 2/3 models (2 W each), 1/2 W on the damaged model"
    [healed] = await harness.slash("unit heal", unit="Nobz", wounds=1, models=1)
    assert healed.content == "**Nobz** — 3/3 models (2 W each)"
    [listing] = await harness.slash("unit list")
    assert "**Nobz** — 3/3 models" in listing.text


async def test_unit_edit_and_remove_then_undo_brings_it_back(harness: Harness) -> None:
    await game(harness)
    await harness.slash("unit add", **BOYZ)
    [edited] = await harness.slash("unit edit", unit="Boyz", toughness=6)
    assert "T 6" in edited.field("Profile")
    [nothing] = await harness.slash("unit edit", unit="Boyz")
    assert nothing.ephemeral and "at least one value" in nothing.content
    await harness.slash("unit remove", unit="Boyz")
    [gone] = await harness.slash("unit show", unit="Boyz")
    assert gone.ephemeral
    await harness.slash("game undo")
    [back] = await harness.slash("unit show", unit="Boyz")
    assert back.embed["title"] == "Boyz"


async def test_an_advance_rolls_its_d6_and_blocks_charging(harness: Harness) -> None:
    await game(harness)
    await harness.slash("unit add", name="Intercessors", models=5, wounds=2, toughness=4, save="3+")
    [early] = await harness.slash("unit move", unit="Intercessors", mode="advance")
    assert early.ephemeral and "Movement phase" in early.content  # still the Command phase
    await harness.slash("game next")
    [moved] = await harness.slash("unit move", unit="Intercessors", mode="advance")
    assert moved.content.startswith("Intercessors: advance (advance roll ")
    await harness.slash("game next")  # 9th: Psychic
    await harness.slash("game next")  # Shooting
    [shooting] = await harness.slash("game next")  # Charge
    assert "**Intercessors**" in shooting.field("Units this concerns")


async def test_the_morale_prompt_lists_units_that_lost_models_this_turn(harness: Harness) -> None:
    await game(harness)
    await harness.slash("unit add", **BOYZ)
    await harness.slash("unit damage", unit="Boyz", wounds=3)
    for _ in range(6):
        [prompt] = await harness.slash("game next")
    assert prompt.embeds[-1]["title"] == "Battle round 1/5 — Morale phase"
    assert "**Boyz**" in prompt.field("Units this concerns")
    assert "3" in prompt.field("Units this concerns")


async def test_bad_unit_input_gets_one_sentence_and_changes_nothing(harness: Harness) -> None:
    await game(harness)
    before = await events(harness)
    [unknown] = await harness.slash("unit damage", unit="Gretchin", wounds=1)
    assert unknown.ephemeral and "add one with /unit add" in unknown.content
    [bad_save] = await harness.slash("unit add", **{**BOYZ, "save": "six"})
    assert bad_save.ephemeral and bad_save.content.endswith(".")
    assert await events(harness) == before


@pytest.mark.parametrize(
    ("option", "value"),
    [("models", 101), ("wounds", 51), ("toughness", 21), ("leadership", 13), ("move", 61)],
)
async def test_unit_numbers_are_bounded_for_discord_and_raw_callers(
    harness: Harness, option: str, value: int
) -> None:
    await game(harness)
    options = {**BOYZ, option: value}
    with pytest.raises(Rejected):
        await harness.slash("unit add", **options)
    before = await events(harness)
    [reply] = await harness.slash("unit add", raw=True, **options)
    assert reply.ephemeral and reply.content.endswith(".")
    assert await events(harness) == before


async def test_unit_autocomplete_offers_the_games_units(harness: Harness) -> None:
    await game(harness)
    await harness.slash("unit add", **BOYZ)
    await harness.slash("unit add", name="Intercessors", models=5, wounds=2, toughness=4, save="3+")
    choices = await harness.autocomplete("unit show", "unit", unit="in")
    assert [c["value"] for c in choices] == ["Intercessors"]

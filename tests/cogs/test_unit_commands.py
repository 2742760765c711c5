"""/unit through real discord.Interactions, and the prompts that read the units."""

from __future__ import annotations

from typing import Any

import pytest

from bot.play.actor import NOT_A_PLAYER
from bot.store.games import active_game, load_events
from tests.harness import BOB, CHANNEL_ID, DAVE, Harness, Rejected
from tests.harness.posts import private, public_posts, shown

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
    assert added.ephemeral  # a set-up confirmation is private; the card stays public
    assert added.content == "✅ Added **Intercessors** — 5/5 models (2 W each)."
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
    assert ok.content == "✅ Boyz now has Choppa."


async def test_unit_damage_then_heal_and_the_list(harness: Harness) -> None:
    await game(harness)
    await harness.slash("unit add", name="Nobz", models=3, wounds=2, toughness=5, save="4+")
    hit = private(await harness.slash("unit damage", unit="Nobz", wounds=3))
    assert hit.content == "✅ **Nobz** — 2/3 models (2 W each), 1/2 W on the damaged model"
    healed = private(await harness.slash("unit heal", unit="Nobz", wounds=1, models=1))
    assert healed.content == "✅ **Nobz** — 3/3 models (2 W each)"
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
    moved = private(await harness.slash("unit move", unit="Intercessors", mode="advance"))
    assert moved.content.startswith("✅ Intercessors: advance (advance roll ")
    await harness.slash("game next")  # 9th: Psychic
    await harness.slash("game next")  # Shooting
    shooting = shown(await harness.slash("game next"))  # Charge
    assert "**Intercessors** — Advanced" in shooting.field("Cannot charge")


async def test_the_morale_prompt_lists_units_that_lost_models_this_turn(harness: Harness) -> None:
    await game(harness)
    await harness.slash("unit add", **BOYZ)
    await harness.slash("unit damage", unit="Boyz", wounds=3)
    for _ in range(6):
        prompt = shown(await harness.slash("game next"))
    assert prompt.embeds[-1]["title"] == "Battle round 1/5 — Morale phase"
    assert "**Boyz**" in prompt.field("Morale tests")
    assert "3" in prompt.field("Morale tests")


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


RIFLE: dict[str, Any] = {
    "unit": "Intercessors", "name": "Bolt rifle", "range": '24"', "attacks": "2", "skill": "3+",
    "strength": "4", "ap": "-1", "damage": "1",
}  # fmt: skip


async def intercessors(h: Harness, edition: str = "10th") -> None:
    await game(h, edition)
    await h.slash("unit add", name="Intercessors", models=5, wounds=2, toughness=4, save="3+")


async def weapons(h: Harness) -> list[str]:
    [card] = await h.slash("unit show", unit="Intercessors")
    return [line for line in card.field("Weapons").splitlines() if line.startswith("**")]


@pytest.mark.parametrize(
    ("edition", "option", "value", "says"),
    [
        ("10th", "strength", "4abc", "Strength `4abc` cannot be used"),
        ("10th", "strength", "0", "Strength must be a whole number from 1 to 30"),
        ("10th", "strength", "99", "Strength must be a whole number from 1 to 30"),
        ("10th", "strength", "D6", "Strength `D6` cannot be used"),
        ("10th", "strength", "User", "Strength `User` cannot be used"),
        ("9th", "strength", "User", "add `bearer strength 4` to abilities"),
        ("10th", "attacks", "0", "at least 1"),
        ("10th", "attacks", "1000D6", "attacks"),
        ("10th", "skill", "1+", "Skill `1+` cannot be used"),
        ("10th", "ap", "-7", "AP `-7` cannot be used"),
        ("10th", "damage", "D6x20", "Damage can be at most 50"),
        ("10th", "range", "far", "Range `far` cannot be used"),
        ("10th", "abilities", "grenade", "not a 10th edition rule"),
    ],
)
async def test_a_weapon_attack_cannot_read_is_refused_and_nothing_is_stored(
    harness: Harness, edition: str, option: str, value: str, says: str
) -> None:
    await intercessors(harness, edition)
    before = await events(harness)
    [refused] = await harness.slash("unit weapon", **{**RIFLE, option: value})
    assert refused.ephemeral and says in refused.content, refused.content
    assert "\n" not in refused.content
    assert await events(harness) == before
    assert await weapons(harness) == []


async def test_a_stored_weapon_is_one_attack_can_use(harness: Harness) -> None:
    await intercessors(harness, "9th")
    await harness.slash("unit add", **BOYZ)
    fist = {**RIFLE, "name": "Power fist", "range": "melee", "strength": "x2", "ap": "-3",
            "abilities": "bearer strength 4"}  # fmt: skip
    [ok] = await harness.slash("unit weapon", **fist)
    assert ok.content == "✅ Intercessors now has Power fist."
    assert (await weapons(harness))[0].startswith("**Power fist** (Melee) A2 3+ Sx2 AP-3 D1")
    [attack] = await harness.slash("odds", attacker="Intercessors", target="Boyz")
    assert not attack.ephemeral


async def test_the_same_weapon_name_replaces_the_weapon_and_undo_restores_it(
    harness: Harness,
) -> None:
    await intercessors(harness)
    await harness.slash("unit weapon", **RIFLE)
    await harness.slash("unit weapon", **{**RIFLE, "name": "Bolt pistol", "range": "12"})
    [replaced] = await harness.slash("unit weapon", **{**RIFLE, "name": "bolt RIFLE", "ap": "-2"})
    assert replaced.content == (
        "✅ Intercessors's bolt RIFLE is replaced. /game undo puts the old one back."
    )
    listed = await weapons(harness)
    assert [w.split("**")[1] for w in listed] == ["bolt RIFLE", "Bolt pistol"]
    assert "AP-2" in listed[0] and '(12")' in listed[1]
    [same] = await harness.slash("unit weapon", **{**RIFLE, "ap": "-2"})
    assert same.ephemeral and "already has that profile" in same.content
    await harness.slash("game undo")
    assert "AP-1" in (await weapons(harness))[0]


async def test_a_weapon_is_removed_and_undo_puts_it_back(harness: Harness) -> None:
    await intercessors(harness)
    await harness.slash("unit weapon", **RIFLE)
    await harness.slash("unit weapon", **{**RIFLE, "name": "Bolt pistol"})
    choices = await harness.autocomplete(
        "unit weapon-remove", "name", unit="Intercessors", name="bolt"
    )
    assert [c["value"] for c in choices] == ["Bolt rifle", "Bolt pistol"]
    [removed] = await harness.slash("unit weapon-remove", unit="intercessors", name="BOLT RIFLE")
    assert removed.content == "✅ Intercessors no longer has Bolt rifle. /game undo puts it back."
    assert [w.split("**")[1] for w in await weapons(harness)] == ["Bolt pistol"]
    [missing] = await harness.slash("unit weapon-remove", unit="Intercessors", name="Bolt rifle")
    assert missing.ephemeral and "it has: Bolt pistol" in missing.content
    [undone] = public_posts(await harness.slash("game undo"))
    assert "Bolt rifle" in undone.text
    assert [w.split("**")[1] for w in await weapons(harness)] == ["Bolt rifle", "Bolt pistol"]


@pytest.mark.parametrize(
    ("command", "options"),
    [
        ("unit weapon-remove", {"unit": "Intercessors", "name": "Bolt rifle"}),
        ("unit weapon", {**RIFLE, "ap": "-3"}),
        ("unit weapon", {**RIFLE, "abilities": "lethal hitz"}),  # a stranger first, not a value
    ],
)
async def test_only_a_player_changes_weapons(
    harness: Harness, command: str, options: dict[str, Any]
) -> None:
    await intercessors(harness)
    await harness.slash("unit weapon", **RIFLE)
    before = await events(harness)
    [refused] = await harness.slash(command, user=DAVE, **options)
    assert refused.ephemeral and refused.content == NOT_A_PLAYER
    assert await events(harness) == before


@pytest.mark.parametrize(
    "name", ["Boy\nz", "Boyz\n", "Bo\x00yz", "Bo\u200byz", "\u202eBoyz", "\u3164", "\u2800"]
)
async def test_a_unit_or_weapon_name_with_hidden_characters_is_refused(
    harness: Harness, name: str
) -> None:
    await intercessors(harness)
    before = await events(harness)
    [unit] = await harness.slash("unit add", **{**BOYZ, "name": name})
    [renamed] = await harness.slash("unit edit", unit="Intercessors", name=name)
    [gun] = await harness.slash("unit weapon", **{**RIFLE, "name": name})
    for refused in (unit, renamed, gun):
        assert refused.ephemeral and "cannot contain" in refused.content
        assert refused.content.isprintable()
    assert await events(harness) == before


async def test_a_unit_name_that_only_looks_like_another_is_taken(harness: Harness) -> None:
    await intercessors(harness)
    [full_width] = await harness.slash("unit add", **{**BOYZ, "name": "Ｉｎｔｅｒｃｅｓｓｏｒｓ"})
    assert full_width.ephemeral and '"Intercessors" already exists' in full_width.content
    [added] = await harness.slash("unit add", **{**BOYZ, "name": "Ｂｏｙｚ"})
    assert added.content.startswith("✅ Added **Boyz**")
    [found] = await harness.slash("unit show", unit="boyz")
    assert found.embed["title"] == "Boyz"


@pytest.mark.parametrize(
    ("option", "low", "high"),
    [("models", 1, 100), ("wounds", 1, 50), ("toughness", 1, 20), ("leadership", 1, 12),
     ("oc", 0, 20), ("move", 0, 60)],
)  # fmt: skip
async def test_unit_numbers_are_accepted_at_their_bounds_and_refused_beyond(
    harness: Harness, option: str, low: int, high: int
) -> None:
    await game(harness)
    for n, value in enumerate((low, high)):
        [ok] = await harness.slash("unit add", **{**BOYZ, "name": f"U{n}", option: value})
        assert ok.content.startswith(f"✅ Added **U{n}**")
    before = await events(harness)
    for value in (low - 1, high + 1):
        [refused] = await harness.slash("unit add", raw=True, **{**BOYZ, option: value})
        assert refused.ephemeral
    assert await events(harness) == before


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [("save", "1+", "Save `1+`"), ("save", "7", "Save `7`"), ("invuln", "1+", "Invulnerable"),
     ("fnp", "7+", "Feel no pain"), ("keywords", ",".join(f"k{i}" for i in range(21)), "20")],
)  # fmt: skip
async def test_unit_characteristics_attack_cannot_read_are_refused(
    harness: Harness, option: str, value: str, says: str
) -> None:
    await game(harness)
    before = await events(harness)
    [refused] = await harness.slash("unit add", **{**BOYZ, option: value})
    assert refused.ephemeral and says in refused.content
    assert await events(harness) == before

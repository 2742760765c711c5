"""/army through real discord.Interactions: import, list, show, rename, remove, export, and the
bound of every option a player types."""

from __future__ import annotations

import json

import pytest

from bot.armies.limits import MAX_ARMIES, MAX_UPLOAD
from bot.armies.model import Army
from bot.game.units import NAME_LENGTH
from tests.armies.roster_files import ARMY_10TH, roster_file
from tests.harness import BOB, Harness, Rejected, Upload

ARMY = Upload("ultramarines.json", ARMY_10TH.read_bytes())


async def test_import_confirms_privately_with_a_summary_and_what_is_missing(
    harness: Harness,
) -> None:
    [done] = await harness.slash("army import", file=ARMY)
    assert done.ephemeral and done.content.startswith("✅ Imported **Ultramarines** (10th, 5 units")
    assert "Redemptor Dreadnought" in done.content  # a unit without a profile is named
    assert "Artificer Armour" in done.content  # the list's warnings are shown


async def test_import_name_clash_stores_nothing_and_update_replaces(harness: Harness) -> None:
    await harness.slash("army import", file=ARMY)
    [again] = await harness.slash("army import", file=ARMY)
    assert again.refused
    assert again.content == (
        "You already have an army called Ultramarines; pick another `name:`, "
        "or `update:True` to replace it."
    )
    [other] = await harness.slash("army import", file=ARMY, name="Second Company")
    assert other.content.startswith("✅ Imported **Second Company**")
    [updated] = await harness.slash("army import", file=ARMY, update=True)
    assert updated.content.startswith("✅ Updated **Ultramarines**")
    assert "Campaign cards" not in updated.content  # none made from it
    [listed] = await harness.slash("army list")
    assert listed.text.count("**Ultramarines**") == 1 and "**Second Company**" in listed.text


async def test_a_file_over_the_limit_is_refused_before_it_is_downloaded(harness: Harness) -> None:
    async def never(url: str) -> bytes:
        raise AssertionError("downloaded")

    harness.bot.http.get_from_cdn = never  # type: ignore[method-assign]
    big = Upload("huge.rosz", b"x" * (MAX_UPLOAD + 100_000))
    [refused] = await harness.slash("army import", file=big)
    assert refused.content == "That file is 2.1 MB; Vox reads army lists up to 2 MB."


async def test_a_file_vox_cannot_read_gets_one_sentence(harness: Harness) -> None:
    [refused] = await harness.slash("army import", file=Upload("notes.json", b"{}"))
    assert refused.refused and refused.content.endswith(".")
    [listed] = await harness.slash("army list")
    assert "None yet" in listed.text


async def test_a_player_keeps_at_most_max_armies(harness: Harness) -> None:
    for n in range(MAX_ARMIES):
        await harness.slash("army import", file=ARMY, name=f"Army {n}")
    [refused] = await harness.slash("army import", file=ARMY, name="One too many")
    assert refused.refused and f"You keep {MAX_ARMIES} armies already" in refused.content
    [updated] = await harness.slash("army import", file=ARMY, name="Army 3", update=True)
    assert updated.content.startswith("✅ Updated **Army 3**")


async def test_the_name_option_is_bounded(harness: Harness) -> None:
    with pytest.raises(Rejected):
        await harness.slash("army import", file=ARMY, name="x" * (NAME_LENGTH + 1))
    [refused] = await harness.slash("army import", file=ARMY, name="a\u200bb")
    assert refused.refused
    [raw] = await harness.slash("army import", raw=True, file=ARMY, name="x" * (NAME_LENGTH + 1))
    assert raw.refused


async def test_show_lists_units_and_one_units_datasheet(harness: Harness) -> None:
    await harness.slash("army import", file=ARMY)
    [shown] = await harness.slash("army show", army="ultramarines")
    assert shown.ephemeral and shown.embed["title"] == "Ultramarines"
    units = shown.field("Units")
    assert "**Intercessor Squad** — 5 models · 80 pts" in units
    assert "**Intercessor Squad 2**" in units  # the second squad is numbered
    assert "Redemptor Dreadnought** — 1 model · 210 pts · no profile yet" in units
    [sheet] = await harness.slash("army show", army="Ultramarines", unit="hellblaster squad")
    assert sheet.embed["title"] == "Hellblaster Squad"
    assert '**Hellblaster** ×5: M 6" T 4 SV 3+ W 2 LD 6+ OC 1' in sheet.field("Profiles")
    weapons = sheet.field("Weapons")
    assert (
        '5× **➤ Plasma incinerator - supercharge** — 24" A:2 BS:3+ S:8 AP:-3 D:2 · Assault, Heavy, '
        "Hazardous" in weapons
    )
    assert "5× **Close combat weapon** — Melee A:3 WS:3+ S:4 AP:0 D:1" in weapons
    [captain] = await harness.slash("army show", army="Ultramarines", unit="Captain")
    assert "Invulnerable save 4+" in captain.field("Defences")
    assert "Rites of Battle" in captain.field("Defences")  # a conditional text, shown


async def test_show_a_battlescribe_units_datasheet_as_the_list_writes_it(
    harness: Harness,
) -> None:
    rosz = Upload("ultramarines.rosz", roster_file("ultramarines.rosz"))
    [done] = await harness.slash("army import", file=rosz)
    assert done.content.startswith("✅ Imported **Ultramarines** (10th, 4 units, 355 pts)")
    [sheet] = await harness.slash("army show", army="Ultramarines", unit="Hellblaster Squad")
    assert sheet.embed["description"] == "5 models · 115 pts · Ultramarines (10th, BattleScribe)"
    assert '**Hellblaster Squad** ×5: M 6" T 4 SV 3+ W 2 LD 6+ OC 1' in sheet.field("Profiles")
    assert sheet.field("Weapons").splitlines() == [
        '5× **➤ Plasma incinerator - standard** — 24" A:2 BS:3+ S:7 AP:-2 D:1 · Assault, Heavy, '
        "Hazardous, Sustained Hits 1",
        '5× **➤ Plasma incinerator - supercharge** — 24" A:2 BS:3+ S:8 AP:-3 D:2 · Assault, Heavy, '
        "Hazardous, Sustained Hits 1",
        "5× **Astartes Chainsword** — Melee A:4 WS:3+ S:4 AP:-1 D:1",
    ]


async def test_unknown_army_or_unit_names_the_nearest(harness: Harness) -> None:
    [none] = await harness.slash("army show", army="Ultramarines")
    assert none.content == "You have no armies yet; import a list with /army import."
    await harness.slash("army import", file=ARMY)
    [army] = await harness.slash("army show", army="Ultramarine")
    assert army.content == 'You have no army called "Ultramarine"; did you mean "Ultramarines"?'
    [unit] = await harness.slash("army show", army="Ultramarines", unit="Captian")
    assert unit.content == 'Ultramarines has no unit called "Captian"; did you mean "Captain"?'
    with pytest.raises(Rejected):
        await harness.slash("army show", army="x" * 101)
    with pytest.raises(Rejected):
        await harness.slash("army show", army="Ultramarines", unit="x" * 101)
    [raw] = await harness.slash("army show", raw=True, army="Ultramarines", unit="x" * 101)
    assert raw.content == "Keep the unit name between 1 and 100 characters."


async def test_armies_are_their_players_own(harness: Harness) -> None:
    await harness.slash("army import", file=ARMY)
    [bob] = await harness.slash("army show", user=BOB, army="Ultramarines")
    assert bob.content == "You have no armies yet; import a list with /army import."
    assert await harness.autocomplete("army show", "army", user=BOB, army="") == []
    [mine] = await harness.autocomplete("army show", "army", army="ultra")
    assert mine["value"] == "Ultramarines"


async def test_autocomplete_offers_the_armys_units(harness: Harness) -> None:
    await harness.slash("army import", file=ARMY)
    units = await harness.autocomplete("army show", "unit", army="Ultramarines", unit="squad")
    assert [c["value"] for c in units] == [
        "Intercessor Squad", "Intercessor Squad 2", "Hellblaster Squad",
    ]  # fmt: skip
    picks = await harness.autocomplete(
        "game field", "units", army="Ultramarines", units="Captain, hell"
    )
    assert [c["value"] for c in picks] == ["Captain, Hellblaster Squad"]


async def test_rename_and_its_bounds(harness: Harness) -> None:
    await harness.slash("army import", file=ARMY)
    await harness.slash("army import", file=ARMY, name="Spare")
    [done] = await harness.slash("army rename", army="Ultramarines", name="Ultramarines 2nd")
    assert done.content == "✅ Renamed Ultramarines to **Ultramarines 2nd**."
    [clash] = await harness.slash("army rename", army="Spare", name="ultramarines 2ND")
    assert (
        clash.content == "You already have an army called ultramarines 2ND; pick another `name:`."
    )
    with pytest.raises(Rejected):
        await harness.slash("army rename", army="Spare", name="x" * (NAME_LENGTH + 1))


async def test_remove_asks_first_and_only_the_button_removes(harness: Harness) -> None:
    await harness.slash("army import", file=ARMY)
    [asked] = await harness.slash("army remove", army="Ultramarines")
    assert asked.ephemeral and asked.embed["title"] == "Remove Ultramarines?"
    assert asked.embed["description"].startswith("10th, 5 units")
    [listed] = await harness.slash("army list")
    assert "**Ultramarines**" in listed.text  # nothing removed yet
    button = asked.button("Remove")["custom_id"]
    [other] = await harness.click(button, on=asked, user=BOB)
    assert other.content == "Only the army's owner can remove it."
    [removed] = await harness.click(button, on=asked)
    assert removed.content == "🗑️ Removed **Ultramarines**."
    [listed] = await harness.slash("army list")
    assert "None yet" in listed.text
    assert removed.buttons == []  # the question's button is gone with the army


async def test_export_is_voxs_json_and_imports_again(harness: Harness) -> None:
    await harness.slash("army import", file=ARMY)
    [sent] = await harness.slash("army export", army="Ultramarines")
    [(filename, data)] = sent.files
    assert filename == "ultramarines.json"
    assert data == Army.model_validate_json(ARMY_10TH.read_bytes()).to_json().encode()
    body = json.loads(data)
    assert body["edition"] == "10th" and body["units"][0]["profiles"][0]["oc"] == "2"
    [again] = await harness.slash("army import", file=Upload(filename, data), name="Copy")
    assert again.content.startswith("✅ Imported **Copy** (10th, 5 units")


async def test_armies_follow_their_player_into_direct_messages(harness: Harness) -> None:
    [done] = await harness.slash("army import", file=ARMY, dm=True)
    assert done.content.startswith("✅ Imported **Ultramarines**")
    [shown] = await harness.slash("army show", army="Ultramarines")  # in the server
    assert shown.embed["title"] == "Ultramarines"
    [listed] = await harness.slash("army list", dm=True)
    assert "**Ultramarines**" in listed.text


async def test_a_9th_datasheet_shows_each_weapon_by_its_type(harness: Harness) -> None:
    """9th weapons have a Type (`Assault 8`, `Heavy D3+3`) in place of A, and melee weapons the
    bearer's A and WS; the Type's word is not repeated among the keywords."""
    ros = Upload("nids.ros", roster_file("9e_tyranids_wound_track_monsters.ros"))
    await harness.slash("army import", file=ros, name="Nids")
    [shown] = await harness.slash("army show", army="Nids", unit="Harpy")
    assert shown.field("Weapons").splitlines() == [
        "1× **Scything Wings** — Melee A:4 WS:3+ S:User AP:-2 D:2",
        '1× **Stinger Salvoes** — 24" Assault 8 BS:3+ S:5 AP:-1 D:1',
        '2× **Stranglethorn Cannon** — 36" Heavy D3+3 BS:3+ S:8 AP:-2 D:2 · Blast',
    ]
    assert shown.field("Wound brackets (wounds remaining)").startswith('[1] (7+ wounds): M 15-40"')


async def test_a_text_export_names_its_units_without_profiles_once(harness: Harness) -> None:
    text = Upload("wolves.txt", roster_file("10e_space_wolves_1985.txt"))
    [done] = await harness.slash("army import", file=text)
    assert done.content.count("Bjorn the Fell-Handed") == 1
    assert "No profiles for Bjorn the Fell-Handed," in done.content
    assert "no profile found" not in done.content  # the per-unit warnings stay in the JSON

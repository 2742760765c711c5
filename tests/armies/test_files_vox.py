"""Vox's own army JSON (`/army export`) read back by `read_upload`: a round trip, and one
sentence naming the first bad field of a file that is not a valid army."""

from __future__ import annotations

import json

import pytest

from bot.armies.files import read_upload
from bot.armies.model import Army, ArmyUnit, ArmyWeapon, ModelProfile
from bot.errors import BadFile
from bot.rules.errors import InvalidName

PLASMA = ArmyWeapon(
    name="➤ Plasma gun - supercharge", kind="ranged", count=2, range='24"', attacks="1",
    skill="3+", strength="8", ap="-3", damage="2", keywords=("Rapid Fire 1", "Hazardous"),
)  # fmt: skip
ARMY = Army(
    name="Plague Company",
    edition="10th",
    source="battlescribe-rosz",
    faction="Death Guard",
    points=230,
    units=(
        ArmyUnit(
            name="Plague Marines",
            models=5,
            points=115,
            profiles=(
                ModelProfile(
                    name="Plague Marine",
                    models=5,
                    movement='5"',
                    toughness="5",
                    save="3+",
                    wounds="2",
                    leadership="6+",
                    oc="2",
                ),
            ),
            fnp="5+",
            keywords=("Infantry", "Battleline", "Plague Marines"),
            weapons=(PLASMA,),
        ),
        ArmyUnit(name="Poxwalkers", models=10, points=115, missing=True, wargear=("Club",)),
    ),
    warnings=("Unknown weapon keyword 'Foul Blightspawn' kept as text.",),
)


def exported(army: Army = ARMY) -> bytes:
    return army.to_json().encode()


def test_an_exported_army_reads_back_as_the_same_army() -> None:
    assert read_upload(exported(), "plague.json") == ARMY


def test_an_exported_army_reads_back_whatever_the_file_is_called() -> None:
    assert read_upload(exported(), "army.txt") == ARMY
    assert read_upload(b"\xef\xbb\xbf  \n" + exported(), "army") == ARMY  # a BOM, blank lines


def test_the_name_given_replaces_the_exported_one_cleaned() -> None:
    army = read_upload(exported(), "plague.json", name="  Ｐlague   Company II ")
    assert army.name == "Plague Company II"
    assert army.model_copy(update={"name": ARMY.name}) == ARMY


def test_a_name_that_cannot_be_stored_is_one_sentence() -> None:
    with pytest.raises(
        InvalidName, match=r"^An army name is at most 100 characters; shorten it\.$"
    ):
        read_upload(exported(), "plague.json", name="x" * 101)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["units"][1].update(name="x" * 101), "units[1].name"),
        (lambda d: d.update(edition="8th"), "edition"),
        (lambda d: d.update(version=2), "version"),
        (lambda d: d["units"][0]["weapons"][0].update(kind="psychic"), "units[0].weapons[0].kind"),
        (lambda d: d["units"][0].update(models=0), "units[0].models"),
        (lambda d: d.update(units=[]), "units"),
        (lambda d: d.update(colour="green"), "colour"),
        (lambda d: d.pop("name"), "name"),
    ],
)
def test_a_bad_field_is_one_sentence_naming_it(change: object, where: str) -> None:
    doc = json.loads(exported())
    change(doc)  # type: ignore[operator]
    with pytest.raises(BadFile) as refused:
        read_upload(json.dumps(doc).encode(), "plague.json")
    sentence = str(refused.value)
    assert sentence.startswith(f"That army list has a value Vox cannot use at {where}: ")
    assert sentence.endswith(".") and "\n" not in sentence
    assert "pydantic" not in sentence and "https://" not in sentence


def test_a_bad_field_in_a_list_builder_army_is_one_sentence_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A reader that builds an Army the model refuses never gets a traceback to the member."""

    def too_many_units(doc: object) -> object:
        return "roster"

    def build(roster: object, source: str, name: str | None = None) -> Army:
        return Army.model_validate({**ARMY.model_dump(), "units": []})

    monkeypatch.setattr("bot.armies.json_roster.read_json", too_many_units)
    monkeypatch.setattr("bot.armies.roster.to_army", build)
    with pytest.raises(BadFile, match=r"^That army list has a value Vox cannot use at units: "):
        read_upload(b'{"roster": {}}', "list.json")

"""Weapon keywords as lists write them → Vox's abilities phrases; the rest shown, with a warning."""

from __future__ import annotations

import pytest

from bot.armies.keywords import bearer_strength, phrase, read_weapon, type_phrase
from bot.armies.model import ArmyWeapon
from bot.rules.abilities import parse_abilities
from bot.rules.rulesets import TENTH

# Every 10th weapon keyword the issue names, as New Recruit and BattleScribe write them.
WRITTEN = {
    "Assault": "assault", "Heavy": "heavy", "Pistol": "pistol", "Rapid Fire 1": "rapid fire 1",
    "Rapid Fire 2": "rapid fire 2", "Blast": "blast", "Melta 2": "melta 2", "Torrent": "torrent",
    "Twin-linked": "twin-linked", "Lethal Hits": "lethal hits",
    "Sustained Hits 1": "sustained hits 1", "Sustained Hits D3": "sustained hits d3",
    "Devastating Wounds": "devastating wounds", "Anti-INFANTRY 4+": "anti-infantry 4+",
    "Anti-Fly 2+": "anti-fly 2+", "Anti-Vehicle 3+": "anti-vehicle 3+", "Lance": "lance",
    "Ignores Cover": "ignores cover", "Hazardous": "hazardous", "Indirect Fire": "indirect fire",
    "Conversion": "conversion", "Extra Attacks": "extra attacks", "One Shot": "one shot",
    "Precision": "precision", "Psychic": "psychic",
}  # fmt: skip


@pytest.mark.parametrize(("written", "expected"), WRITTEN.items())
def test_each_10th_keyword_becomes_the_phrase_the_rules_read(written: str, expected: str) -> None:
    assert phrase(written, "10th") == expected
    parse_abilities(expected, TENTH)  # and the 10th rules read it


def test_devastating_wounds_is_the_current_wording() -> None:
    """The 2024 Devastating Wounds (no save), not the launch mortal wounds."""
    assert parse_abilities(phrase("Devastating Wounds", "10th") or "", TENTH).devastating == (
        "current"
    )


@pytest.mark.parametrize(
    "written", ["Plague Weapon", "Linked Fire", "Dead Choppy", "Sustained Hits 9", "Melta D3"]
)
def test_other_keywords_are_not_applied(written: str) -> None:
    assert phrase(written, "10th") is None


def test_unknown_keyword_is_kept_as_written_with_one_warning_sentence() -> None:
    knife = ArmyWeapon(
        name="Plague knife", kind="melee", keywords=("Plague Weapon", "Lethal Hits", "-")
    )
    read = read_weapon(knife, "10th")
    assert read.abilities == ("lethal hits",) and read.text == "lethal hits"
    assert read.other == ("Plague Weapon",)
    assert read.warnings == (
        "Plague Weapon (on Plague knife): Vox shows it but does not apply it.",
    )


def test_a_keyword_repeated_with_another_value_is_shown_not_applied_twice() -> None:
    gun = ArmyWeapon(name="Gun", kind="ranged", keywords=("Rapid Fire 1", "Rapid Fire 2"))
    read = read_weapon(gun, "10th")
    assert read.abilities == ("rapid fire 1",) and read.other == ("Rapid Fire 2",)


def test_more_than_ten_other_keywords_keep_the_first_ten_with_a_warning() -> None:
    gun = ArmyWeapon(name="Gun", kind="ranged", keywords=tuple(f"Odd {i}" for i in range(12)))
    read = read_weapon(gun, "10th")
    assert len(read.other) == 10
    assert read.warnings[-1] == "Gun has 12 such keywords; Vox shows the first 10."


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Rapid Fire 2", ("rapid fire", None)),
        ("Heavy D6", ("heavy", None)),
        ("Assault 2D6", ("assault", None)),
        ("Pistol 1", ("pistol", None)),
        ("Grenade D6", ("grenade", None)),
        ("Melee", (None, None)),
        ("Dakka 3/2", (None, "Dakka 3/2")),
        ("Macro 1", (None, "Macro 1")),
    ],
)
def test_9th_weapon_types(written: str, expected: tuple[str | None, str | None]) -> None:
    """Seed 000, "Ranged Weapon Types": Assault, Heavy, Rapid Fire, Grenade, Pistol."""
    assert type_phrase(written) == expected


def test_9th_user_strength_needs_the_bearers_strength() -> None:
    """Seed 004, "Weapons": Strength `User` is the bearer's; `+1` and `x2` modify it."""
    assert [bearer_strength(s, 4) for s in ("User", "+1", "x2", "5")] == [
        "bearer strength 4", "bearer strength 4", "bearer strength 4", None,
    ]  # fmt: skip
    assert bearer_strength("User", None) is None


def test_9th_weapon_reads_type_strength_and_blast() -> None:
    gun = ArmyWeapon(
        name="Frag", kind="ranged", type="Heavy D6", strength="User", keywords=("Blast",)
    )
    assert read_weapon(gun, "9th", 4).abilities == ("heavy", "bearer strength 4", "blast")

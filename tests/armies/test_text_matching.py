"""Text units take their profiles from the player's known units of the same name."""

from __future__ import annotations

from bot.armies.model import ArmyUnit, ArmyWeapon, ModelProfile
from bot.armies.text import read_text


def _gun(name: str, count: int = 1, kind: str = "ranged") -> ArmyWeapon:
    return ArmyWeapon.model_validate({"name": name, "kind": kind, "count": count, "range": '24"'})


def _profile(name: str, models: int) -> ModelProfile:
    return ModelProfile(name=name, models=models, movement='6"', toughness="4", save="3+")


HELLBLASTERS = ArmyUnit(
    name="Hellblasters",
    models=5,
    points=115,
    profiles=(_profile("Hellblaster Sergeant", 1), _profile("Hellblaster", 4)),
    invuln="5+",
    fnp="6+",
    conditional=("4+ invulnerable save against ranged attacks while leading",),
    keywords=("Infantry", "Imperium"),
    weapons=(
        _gun("➤ Plasma incinerator - standard", 5), _gun("➤ Plasma incinerator - supercharge", 5),
        _gun("Bolt pistol", 5), _gun("Heavy bolt pistol", 1),
        _gun("Close combat weapon", 5, "melee"),
    ),
)  # fmt: skip

APP_HELLBLASTERS = """\
Hellblasters (230 Points)
  • 1x Hellblaster Sergeant
     ◦ 1x Bolt pistol
     ◦ 1x Close combat weapon
     ◦ 1x Plasma incinerator
  • 9x Hellblaster
     ◦ 9x Bolt pistol
     ◦ 9x Close combat weapon
     ◦ 9x Plasma incinerator
"""


def test_a_matched_unit_takes_profiles_and_weapons_with_the_texts_counts() -> None:
    army = read_text(APP_HELLBLASTERS, known=(HELLBLASTERS,))
    unit = army.units[0]
    assert not unit.missing and army.warnings == ()
    assert (unit.models, unit.points) == (10, 230)
    assert [(p.name, p.models) for p in unit.profiles] == [
        ("Hellblaster Sergeant", 1), ("Hellblaster", 9),
    ]  # fmt: skip
    assert [(w.name, w.count) for w in unit.weapons] == [
        ("➤ Plasma incinerator - standard", 10),
        ("➤ Plasma incinerator - supercharge", 10),
        ("Bolt pistol", 10),
        ("Close combat weapon", 10),
    ]  # fmt: skip
    # the heavy bolt pistol, which the text does not list, is dropped
    assert (unit.invuln, unit.fnp, unit.keywords) == ("5+", "6+", ("Infantry", "Imperium"))
    assert unit.conditional == HELLBLASTERS.conditional
    assert unit.wargear[0] == "10x Bolt pistol"


def test_profiles_keep_their_shares_when_group_names_differ() -> None:
    """1 sergeant + 4 becomes 1 sergeant + 9: the largest profile takes the rest."""
    known = HELLBLASTERS.model_copy(update={"name": "Hellblaster Squad"})
    text = "Hellblaster Squad [230 pts]:\n• 10x Hellblasters w/ plasma: Plasma incinerator\n"
    unit = read_text(text, known=(known,)).units[0]
    assert [(p.name, p.models) for p in unit.profiles] == [
        ("Hellblaster Sergeant", 1), ("Hellblaster", 9),
    ]  # fmt: skip


def test_a_single_profile_takes_every_model() -> None:
    kroot = ArmyUnit(name="Kroot Carnivores", models=10, profiles=(_profile("Kroot", 10),))
    text = "Kroot Carnivores (130 Points)\n  • 20x Kroot Carnivore\n     ◦ 20x Kroot rifle\n"
    unit = read_text(text, known=(kroot,)).units[0]
    assert (unit.models, unit.profiles[0].models) == (20, 20)


def test_known_weapons_stay_when_the_text_lists_none_of_them() -> None:
    text = "Hellblasters (115 Points)\n  • 5x Hellblaster\n     ◦ 5x Purity seal\n"
    unit = read_text(text, known=(HELLBLASTERS,)).units[0]
    assert unit.weapons == HELLBLASTERS.weapons
    assert unit.wargear == ("5x Purity seal",)


def test_a_drone_entry_matches_the_weapon_named_in_its_brackets() -> None:
    known = ArmyUnit(
        name="Crisis Sunforge Battlesuits", models=3, profiles=(_profile("Shas'ui", 3),),
        weapons=(_gun("Fusion blaster", 6), _gun("Twin pulse carbine", 3)),
    )  # fmt: skip
    text = (
        "Crisis Sunforge Battlesuits [150 pts]:\n"
        "• 3x Crisis Sunforge Shas'ui: 2x Fusion blaster, Gun Drone (Twin pulse carbine)\n"
    )
    unit = read_text(text, known=(known,)).units[0]
    assert [(w.name, w.count) for w in unit.weapons] == [
        ("Fusion blaster", 6), ("Twin pulse carbine", 3),
    ]  # fmt: skip


def test_an_unmatched_unit_is_missing_and_named_in_a_warning() -> None:
    text = "Kroot Carnivores (65 Points)\n  • 10x Kroot Carnivore\n     ◦ 10x Kroot rifle\n"
    army = read_text(text, known=(HELLBLASTERS,))
    unit = army.units[0]
    assert unit.missing and unit.profiles == () and unit.weapons == ()
    assert (unit.models, unit.wargear) == (10, ("10x Kroot rifle",))
    assert army.warnings == (
        "Kroot Carnivores: no profile found; import a BattleScribe or New Recruit file that has "
        "it, or complete it with /unit add and /unit weapon.",
    )


def test_of_several_known_units_of_one_name_the_last_given_is_used() -> None:
    older = HELLBLASTERS.model_copy(update={"keywords": ("Old",)})
    newer = HELLBLASTERS.model_copy(update={"keywords": ("New",)})
    assert read_text(APP_HELLBLASTERS, known=(older, newer)).units[0].keywords == ("New",)
    assert read_text(APP_HELLBLASTERS, known=(newer, older)).units[0].keywords == ("Old",)


def test_typographic_apostrophes_match_plain_ones() -> None:
    known = ArmyUnit(name="T'au Commander", profiles=(_profile("T'au Commander", 1),))
    text = "T’au Commander (95 Points)\n  • 1x Fusion blaster\n"
    unit = read_text(text, known=(known,)).units[0]
    assert not unit.missing and unit.name == "T’au Commander"


def test_a_known_unit_still_missing_its_profiles_does_not_match() -> None:
    earlier = ArmyUnit(name="Hellblasters", models=5, missing=True, wargear=("5x Bolt pistol",))
    assert read_text(APP_HELLBLASTERS, known=(HELLBLASTERS, earlier)).units[0].missing is False
    assert read_text(APP_HELLBLASTERS, known=(earlier,)).units[0].missing is True

"""A roster becomes an army or is refused in one sentence: the game system, an empty roster,
the army's name, defences, and lists longer than Vox keeps (cut with a warning, never failed)."""

from __future__ import annotations

import pytest

from bot.armies import army_unit, bounds
from bot.armies.defences import Defences
from bot.armies.model import MAX_UNITS, MAX_WARNINGS, MAX_WEAPONS
from bot.armies.roster import NO_UNITS, edition_of, to_army
from bot.armies.tree import Force, Profile, Roster, Selection
from bot.errors import BadFile
from tests.armies.roster_files import roster

TENTH = "Warhammer 40,000 10th Edition"


def sel(name: str, *, profiles: tuple[Profile, ...] = (), children: tuple[Selection, ...] = (),
        number: int = 1, pts: float = 0) -> Selection:  # fmt: skip
    costs = (("pts", pts),) if pts else ()
    return Selection(name, "upgrade", number, profiles, (), (), costs, children)


def model(name: str = "Trooper") -> Profile:
    return Profile("Unit", name, (("M", '6"'), ("W", "2")))


def gun(name: str) -> Profile:
    stats = (("Range", '24"'), ("A", "1"), ("BS", "3+"), ("S", "4"), ("AP", "0"), ("D", "1"))
    return Profile("Ranged Weapons", name, stats)


def one_force(*selections: Selection, system: str = TENTH) -> Roster:
    return Roster("Test", system, (Force("Test Faction", (), selections),))


@pytest.mark.parametrize(
    ("system", "edition"),
    [(TENTH, "10th"), ("Warhammer 40,000 9th Edition", "9th"), ("Warhammer 40k 10th ed", "10th")],
)
def test_the_edition_comes_from_the_game_system(system: str, edition: str) -> None:
    assert edition_of(system) == edition


@pytest.mark.parametrize(
    ("system", "named"),
    [
        ("Warhammer 40,000 8th Edition", "Warhammer 40,000 8th Edition"),
        ("Age of Sigmar 4.0", "Age of Sigmar 4.0"),
        ("Kill Team 10th", "Kill Team 10th"),
        ("", "a game system it does not name"),
    ],
)
def test_another_game_system_is_refused_in_one_sentence(system: str, named: str) -> None:
    with pytest.raises(BadFile) as refused:
        to_army(one_force(sel("Squad", profiles=(model(),)), system=system), "battlescribe-ros")
    assert str(refused.value) == (
        f"That roster is for {named}; Vox reads Warhammer 40,000 9th and 10th edition lists."
    )


def test_a_roster_with_no_units_is_refused() -> None:
    with pytest.raises(BadFile) as refused:
        to_army(one_force(sel("Battle Size")), "battlescribe-ros")
    assert str(refused.value) == NO_UNITS


def test_the_army_is_named_as_asked_else_as_the_roster() -> None:
    read = roster("own/10e_forces.ros")
    assert to_army(read, "battlescribe-rosz").name == "Two forces"
    assert to_army(read, "battlescribe-rosz", name="Warband").name == "Warband"
    unnamed = Roster("", TENTH, read.forces)
    assert to_army(unnamed, "battlescribe-ros").name == "Imported army"
    assert to_army(read, "battlescribe-ros", name="x" * 150).name == "x" * 99 + "…"


def test_defences_come_from_the_defences_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[str] = []

    def fake(unit: Selection) -> Defences:
        seen.append(unit.name)
        return Defences(invuln="4+", fnp="5+", conditional=("Waaagh!: 5+ invulnerable save.",))

    monkeypatch.setattr(army_unit, "defences", fake)
    [squad] = to_army(one_force(sel("Squad", profiles=(model(),))), "battlescribe-ros").units
    assert (squad.invuln, squad.fnp, squad.conditional) == (
        "4+", "5+", ("Waaagh!: 5+ invulnerable save.",),
    )  # fmt: skip
    assert seen == ["Squad"]


def test_more_units_than_an_army_keeps_are_cut_with_a_warning() -> None:
    many = [sel(f"Squad {i}", profiles=(model(),), pts=10) for i in range(MAX_UNITS + 5)]
    army = to_army(one_force(*many), "battlescribe-ros")
    assert len(army.units) == MAX_UNITS
    assert army.points == 10 * MAX_UNITS
    assert army.warnings == (f"Kept the first {MAX_UNITS} units of {MAX_UNITS + 5}.",)


def test_more_weapons_than_a_unit_keeps_are_cut_with_a_warning() -> None:
    guns = tuple(sel(f"Gun {i}", profiles=(gun(f"Gun {i}"),)) for i in range(MAX_WEAPONS + 2))
    army = to_army(
        one_force(sel("Arsenal", profiles=(model(),), children=guns)), "battlescribe-ros"
    )
    assert len(army.units[0].weapons) == MAX_WEAPONS
    assert army.warnings == (
        f"Kept the first {MAX_WEAPONS} weapons of Arsenal of {MAX_WEAPONS + 2}.",
    )


def test_a_horde_is_kept_at_200_models_with_a_warning() -> None:
    horde = sel("Horde", children=(sel("Gaunt", profiles=(model("Gaunt"),), number=250),))
    army = to_army(one_force(horde), "battlescribe-ros")
    assert (army.units[0].models, army.units[0].profiles[0].models) == (200, 200)
    assert army.warnings == ("Horde has 250 models; Vox keeps 200.",)


def test_a_model_without_a_profile_is_counted_and_warned_about() -> None:
    squad = sel("Squad", children=(
        sel("Sergeant", profiles=(model("Sergeant"),)),
        Selection("Drone", "model", 2, (), (), (), (), ()),
    ))  # fmt: skip
    army = to_army(one_force(squad), "battlescribe-ros")
    assert army.units[0].models == 3
    assert army.warnings == ("Squad: Drone has no model profile.",)


def test_long_values_and_keywords_are_cut_to_the_bounds() -> None:
    long = Profile("Ranged Weapons", "Gun", (
        ("Range", '24"'), ("A", "1" * 40), ("BS", "3+"), ("S", "4"), ("AP", "0"), ("D", "1"),
        ("Keywords", "Anti-" + "X" * 80 + " 4+, -, Blast"),
    ))  # fmt: skip
    army = to_army(one_force(sel("Squad", profiles=(model(), long))), "battlescribe-ros")
    [weapon] = army.units[0].weapons
    assert len(weapon.attacks) == 30 and weapon.attacks.endswith("…")
    assert len(weapon.keywords[0]) == 60 and weapon.keywords[1:] == ("Blast",)


def test_warnings_are_bounded() -> None:
    kept = bounds.warnings_kept([f"Warning {i}." for i in range(MAX_WARNINGS + 10)])
    assert len(kept) == MAX_WARNINGS
    assert kept[-1] == "…and 11 more warnings."


def test_a_unit_with_a_value_vox_cannot_keep_is_skipped_with_a_warning(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    read = army_unit.keywords

    def too_long(unit: Selection) -> list[str]:
        return ["K" * 61] if unit.name == "Broken" else read(unit)

    monkeypatch.setattr(army_unit, "keywords", too_long)
    both = one_force(sel("Broken", profiles=(model(),)), sel("Fine", profiles=(model(),)))
    army = to_army(both, "battlescribe-ros")
    assert [u.name for u in army.units] == ["Fine"]
    assert army.warnings == ("Skipped Broken: Vox cannot keep its keywords.0.",)

"""Fielding an army's unit: the game profile, its weapons, and notes for what cannot be carried."""

from __future__ import annotations

import pytest

from bot.armies.field import unit_profile
from bot.armies.model import ArmyUnit, ArmyWeapon, Bracket, ModelProfile
from bot.rules.errors import IllegalAction

INTERCESSOR = ModelProfile(
    name="Intercessor", models=4, movement='6"', toughness="4", save="3+", wounds="2",
    leadership="6+", oc="2",
)  # fmt: skip
SERGEANT = INTERCESSOR.model_copy(
    update={"name": "Intercessor Sergeant", "models": 1, "wounds": "3"}
)
BOLT_RIFLE = ArmyWeapon(
    name="Bolt rifle", kind="ranged", count=5, range='24"', attacks="2", skill="3+", strength="4",
    ap="-1", damage="1", keywords=("Assault", "Heavy"),
)  # fmt: skip
PLASMA = ArmyWeapon(
    name="➤ Plasma gun - supercharge", kind="ranged", count=2, range='24"', attacks="1",
    skill="3+", strength="8", ap="-3", damage="2", keywords=("Rapid Fire 1", "Hazardous"),
)  # fmt: skip


def _unit(**changes: object) -> ArmyUnit:
    fields: dict[str, object] = {
        "name": "Intercessor Squad", "models": 5, "profiles": (INTERCESSOR, SERGEANT),
        "keywords": ("Infantry", "Battleline", "Imperium"), "weapons": (BOLT_RIFLE, PLASMA),
        "invuln": None, "fnp": "6+",
    }  # fmt: skip
    fields.update(changes)
    return ArmyUnit.model_validate(fields)


def test_characteristics_come_from_the_profile_carrying_most_wounds() -> None:
    fielded = unit_profile(_unit(), "10th")
    p = fielded.profile
    assert (p.name, p.models, p.move, p.toughness, p.save, p.wounds) == (
        "Intercessor Squad", 5, 6, 4, 3, 2,
    )  # fmt: skip
    assert (p.leadership, p.oc, p.invuln, p.fnp) == (6, 2, None, 6)
    assert p.keywords == ("INFANTRY", "BATTLELINE", "IMPERIUM")


def test_mixed_profiles_get_a_note() -> None:
    fielded = unit_profile(_unit(), "10th")
    assert (
        "Intercessor Squad: fielded with the Intercessor profile (4 of 5 models)." in fielded.notes
    )
    same = unit_profile(
        _unit(profiles=(INTERCESSOR, SERGEANT.model_copy(update={"wounds": "2"}))), "10th"
    )
    assert not any("fielded with" in n for n in same.notes)


def test_a_leader_with_more_wounds_than_its_escort_gives_the_profile() -> None:
    """A T'au Commander (W5) with two Gun Drones (W1): the unit is played as the Commander, as
    The Silent King is Szarekh (W16) rather than his two Menhirs (W5 each)."""
    commander = INTERCESSOR.model_copy(
        update={"name": "Commander", "models": 1, "toughness": "5", "wounds": "5"}
    )
    drones = INTERCESSOR.model_copy(update={"name": "Gun Drone", "models": 2, "wounds": "1"})
    fielded = unit_profile(_unit(models=3, profiles=(drones, commander)), "10th")
    assert (fielded.profile.toughness, fielded.profile.wounds) == (5, 5)
    assert "Intercessor Squad: fielded with the Commander profile (1 of 3 models)." in (
        fielded.notes
    )


def test_a_tie_between_profiles_takes_the_first() -> None:
    a = INTERCESSOR.model_copy(update={"models": 2, "toughness": "5"})
    b = INTERCESSOR.model_copy(update={"name": "Other", "models": 2})
    assert unit_profile(_unit(models=4, profiles=(a, b)), "10th").profile.toughness == 5


def test_weapons_carry_keywords_as_abilities_and_their_carrier_count() -> None:
    weapons = {w.name: w for w in unit_profile(_unit(), "10th").profile.weapons}
    assert set(weapons) == {"Bolt rifle", "Plasma gun - supercharge"}
    rifle, plasma = weapons["Bolt rifle"], weapons["Plasma gun - supercharge"]
    assert (rifle.range, rifle.attacks, rifle.skill, rifle.strength, rifle.ap) == (
        '24"',
        "2",
        3,
        "4",
        -1,
    )
    assert rifle.abilities == "assault, heavy" and rifle.count is None  # all 5 carry it
    assert plasma.abilities == "rapid fire 1, hazardous" and plasma.count == 2


def test_unknown_keywords_are_kept_in_other_with_a_note() -> None:
    knife = ArmyWeapon(
        name="Plague knife", kind="melee", attacks="3", skill="3+", strength="4",
        keywords=("Plague Weapon", "Lethal Hits"),
    )  # fmt: skip
    fielded = unit_profile(_unit(weapons=(knife,)), "10th")
    (w,) = fielded.profile.weapons
    assert (w.range, w.abilities, w.other) == ("Melee", "lethal hits", ("Plague Weapon",))
    assert "Plague Weapon (on Plague knife): Vox shows it but does not apply it." in fielded.notes


def test_torrent_skill_na_hits_automatically() -> None:
    flamer = ArmyWeapon(
        name="Flamer", kind="ranged", range='12"', attacks="D6", skill="N/A", strength="4",
        keywords=("Ignores Cover", "Torrent"),
    )  # fmt: skip
    (w,) = unit_profile(_unit(weapons=(flamer,)), "10th").profile.weapons
    assert w.skill is None and w.abilities == "ignores cover, torrent"


def test_a_weapon_that_does_not_check_is_left_out_with_a_note() -> None:
    odd = BOLT_RIFLE.model_copy(update={"name": "Odd gun", "attacks": "See below"})
    fielded = unit_profile(_unit(weapons=(odd, PLASMA)), "10th")
    assert [w.name for w in fielded.profile.weapons] == ["Plasma gun - supercharge"]
    assert any(n.startswith("Intercessor Squad: Odd gun is left out;") for n in fielded.notes)


def test_the_same_weapon_listed_twice_adds_its_counts() -> None:
    """A weapon carried by two model groups is listed under each; counts add up."""
    pistol = ArmyWeapon(name="Bolt pistol", kind="ranged", count=2, range='12"', attacks="1",
                        skill="3+", strength="4", keywords=("Pistol",))  # fmt: skip
    (w,) = unit_profile(
        _unit(weapons=(pistol, pistol.model_copy(update={"count": 1}))), "10th"
    ).profile.weapons
    assert w.count == 3
    (w,) = unit_profile(
        _unit(weapons=(pistol, pistol.model_copy(update={"count": 3}))), "10th"
    ).profile.weapons
    assert w.count is None


def test_same_name_different_stats_both_kept() -> None:
    other = BOLT_RIFLE.model_copy(update={"strength": "5"})
    names = [
        w.name for w in unit_profile(_unit(weapons=(BOLT_RIFLE, other)), "10th").profile.weapons
    ]
    assert names == ["Bolt rifle", "Bolt rifle (2)"]


def test_more_than_thirty_weapons_keep_the_first_thirty() -> None:
    many = tuple(BOLT_RIFLE.model_copy(update={"name": f"Gun {i}"}) for i in range(35))
    fielded = unit_profile(_unit(weapons=many), "10th")
    assert len(fielded.profile.weapons) == 30
    assert "Intercessor Squad has 35 weapons; the first 30 are fielded." in fielded.notes


def test_keywords_beyond_the_bound_are_cut_with_a_note_rules_keywords_first() -> None:
    words = (*(f"Keyword {i}" for i in range(25)), "Infantry")
    fielded = unit_profile(_unit(keywords=words), "10th")
    assert len(fielded.profile.keywords) == 20 and fielded.profile.keywords[0] == "INFANTRY"
    assert "Intercessor Squad: 20 of its 26 keywords are kept." in fielded.notes


def test_no_save_and_unreadable_move() -> None:
    grot = INTERCESSOR.model_copy(update={"save": "-", "movement": '20+"', "models": 5})
    assert unit_profile(_unit(profiles=(grot,)), "10th").profile.save == 7
    odd = grot.model_copy(update={"movement": "*"})
    fielded = unit_profile(_unit(profiles=(odd,)), "10th")
    assert fielded.profile.move == 6 and any("movement `*`" in n for n in fielded.notes)


def test_a_unit_without_a_profile_cannot_be_fielded() -> None:
    missing = ArmyUnit(name="Hellblasters", models=5, wargear=("Plasma incinerator",), missing=True)
    with pytest.raises(IllegalAction, match=r"^Hellblasters has no profile yet; .*\.$"):
        unit_profile(missing, "10th")


# 9th edition


MARINE_9TH = ModelProfile(
    name="Tactical Marine", models=5, movement='6"', ws="3+", bs="3+", strength="4",
    toughness="4", wounds="2", attacks="2", leadership="7", save="3+",
)  # fmt: skip


def _gun(name: str, kind_type: str, attacks: str, **more: str) -> ArmyWeapon:
    fields = {"name": name, "kind": "ranged", "range": '24"', "type": kind_type,
              "attacks": attacks, "strength": "4", **more}  # fmt: skip
    return ArmyWeapon.model_validate(fields)


def _ninth(weapons: tuple[ArmyWeapon, ...], **changes: object) -> ArmyUnit:
    return _unit(**{"profiles": (MARINE_9TH,), "weapons": weapons, **changes})


def test_9th_types_become_phrases_and_attacks() -> None:
    """Seed 000, "Ranged Weapon Types": Rapid Fire, Heavy, Assault, Pistol, Grenade."""
    guns = (
        _gun("Boltgun", "Rapid Fire 1", "1"),
        _gun("Missile launcher", "Heavy D6", "D6"),
        _gun("Frag grenades", "Grenade D6", "D6", strength="3"),
        _gun("Bolt pistol", "Pistol 1", "1"),
        _gun("Shuriken", "Assault 2", "User"),
    )
    p = unit_profile(_ninth(guns), "9th").profile
    got = {w.name: (w.abilities, w.attacks, w.skill) for w in p.weapons}
    assert got == {
        "Boltgun": ("rapid fire", "1", 3),
        "Missile launcher": ("heavy", "D6", 3),
        "Frag grenades": ("grenade", "D6", 3),
        "Bolt pistol": ("pistol", "1", 3),
        "Shuriken": ("assault", "2", 3),
    }
    assert (p.leadership, p.oc) == (7, 1)


def test_9th_user_strength_reads_the_bearers_strength() -> None:
    """Seed 004, "Weapons": Strength `User` is the bearer's Strength and `+1`/`x2` modify it."""
    fists = (
        _gun("Power fist", "Melee", "User", strength="x2", ap="-3", damage="2", kind="melee"),
        _gun("Chainsword", "Melee", "-", strength="User", kind="melee"),
        _gun("Power sword", "Melee", "User", strength="+1", kind="melee"),
    )
    p = unit_profile(_ninth(fists), "9th").profile
    got = {w.name: (w.strength, w.abilities, w.attacks, w.skill) for w in p.weapons}
    assert got == {
        "Power fist": ("x2", "bearer strength 4", "2", 3),
        "Chainsword": ("User", "bearer strength 4", "2", 3),
        "Power sword": ("+1", "bearer strength 4", "2", 3),
    }


def test_9th_unknown_type_is_shown_not_applied() -> None:
    gun = ArmyWeapon(
        name="Dakka gun", kind="ranged", range='18"', type="Dakka 3/2", attacks="3", strength="5"
    )
    fielded = unit_profile(_ninth((gun,)), "9th")
    (w,) = fielded.profile.weapons
    assert w.other == ("Dakka 3/2",) and w.abilities == ""


def test_9th_wound_tracked_characteristics_read_the_top_bracket() -> None:
    """9th damage tables: `*` characteristics take the row of the undamaged model."""
    monster = MARINE_9TH.model_copy(update={"movement": "*", "bs": "*", "models": 1})
    table = (
        Bracket(remaining="7-12+", characteristics={"movement": '8"', "bs": "3+"}),
        Bracket(remaining="4-6", characteristics={"movement": '6"', "bs": "4+"}),
    )
    gun = ArmyWeapon(
        name="Big gun",
        kind="ranged",
        range='36"',
        type="Heavy 3",
        attacks="3",
        skill="*",
        strength="7",
    )
    p = unit_profile(_ninth((gun,), models=1, brackets=table, profiles=(monster,)), "9th").profile
    assert p.move == 8 and p.weapons[0].skill == 3


def test_a_unit_larger_than_a_game_unit_is_refused_in_one_sentence() -> None:
    with pytest.raises(
        IllegalAction, match=r"^Horde has 150 models and a game unit has at most 100; .*\.$"
    ):
        unit_profile(_unit(name="Horde", models=150), "10th")


def test_a_feel_no_pain_against_mortal_wounds_and_the_defence_phrases_are_fielded() -> None:
    """9e Death Guard's Disgustingly Resilient (`-1 damage`) and a Feel No Pain 5+ against
    mortal wounds reach the game profile, for attacks against a fielded unit."""
    for edition in ("9th", "10th"):
        fielded = unit_profile(
            _unit(fnp_mortal="5+", defence_abilities=("-1 damage",), weapons=()), edition
        )
        assert (fielded.profile.fnp_mortal, fielded.profile.defence_abilities) == (5, "-1 damage")
        assert not any("against it" in n for n in fielded.notes)


def test_a_defence_phrase_the_edition_does_not_read_is_a_note() -> None:
    fielded = unit_profile(_unit(defence_abilities=("-1 damage", "sideways damage")), "10th")
    assert fielded.profile.defence_abilities == "-1 damage"
    assert (
        "Intercessor Squad: `sideways damage` against it is shown but not applied." in fielded.notes
    )


def test_a_unit_without_them_fields_as_before() -> None:
    p = unit_profile(_unit(), "10th").profile
    assert (p.fnp_mortal, p.defence_abilities) == (None, "")

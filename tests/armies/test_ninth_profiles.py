"""9th model profiles and damage tables, read from real BattleScribe 9th rosters and one small own
fixture (`own/9e_wound_track_rows.ros`, the `Wound Track` form of pitfall 7)."""

from __future__ import annotations

from dataclasses import replace

from bot.armies import ninth
from bot.armies.model import Bracket
from tests.armies.roster_files import roster, selection
from tests.armies.tree_builders import build, profile

TYRANIDS = "battlescribe/9e_tyranids_wound_track_monsters.ros"
DEATH_GUARD = "battlescribe/9e_death_guard_2000.rosz"
WOUND_TRACK = "own/9e_wound_track_rows.ros"


def test_a_9th_unit_profile_maps_m_ws_bs_s_t_w_a_ld_save() -> None:
    """`Poxwalker`: M `4"` WS `4+` BS `-` S `3` T `4` W `1` A `2` Ld `4` Save `7+` — values as
    written, BS `-` included."""
    walker = selection(roster(DEATH_GUARD), "Poxwalkers").children[0]
    made = ninth.model_profile(walker.profiles[0], walker.number)
    assert made.model_dump(exclude_none=True) == {
        "name": "Poxwalker", "models": 16, "movement": '4"', "ws": "4+", "bs": "-",
        "strength": "3", "toughness": "4", "wounds": "1", "attacks": "2", "leadership": "4",
        "save": "7+",
    }  # fmt: skip
    assert made.oc is None  # 9th has no OC


def test_a_wound_tracked_profile_keeps_its_stars() -> None:
    """`Land Raider`: M `*` WS `6+` BS `*` ... A `*`: the stars stay, the track gives the values."""
    raider = selection(roster(WOUND_TRACK), "Land Raider")
    made = ninth.model_profile(raider.profiles[0], 1)
    assert (made.movement, made.bs, made.attacks, made.wounds) == ("*", "*", "*", "16")


def test_a_lower_bracket_keeps_w_na_as_written() -> None:
    """`Harpy [2] (4-6 wounds)`: W `N/A`."""
    harpy = selection(roster(TYRANIDS), "Harpy")
    lower = next(p for p in harpy.profiles if p.name == "Harpy [2] (4-6 wounds)")
    assert ninth.model_profile(lower, 1).wounds == "N/A"


def test_an_empty_characteristic_is_none_and_spaces_are_tidied() -> None:
    """BattleScribe writes empty `<characteristic/>` and non-breaking spaces (pitfall 12)."""
    made = ninth.model_profile(profile("Unit", "Ork\u00a0 Boy", M='5"', WS="", Save="6+\u00a0"), 1)
    assert (made.name, made.movement, made.ws, made.save) == ("Ork Boy", '5"', None, "6+")


def test_the_model_count_is_bounded() -> None:
    unit_profile = profile("Unit", "Gretchin", M='5"')
    assert ninth.model_profile(unit_profile, 0).models == 1
    assert ninth.model_profile(unit_profile, 500).models == 200


def test_a_bracketed_model_is_named_without_its_bracket() -> None:
    """`Dimachaeron  [1] (10+ wounds)` is the Dimachaeron; `Plagueburst Crawler 1 (6+ wounds
    remaining)` the Plagueburst Crawler."""
    dima = selection(roster(TYRANIDS), "Dimachaeron")
    crawler = selection(roster(DEATH_GUARD), "Plagueburst Crawler")
    assert ninth.model_profile(dima.profiles[0], 1).name == "Dimachaeron"
    assert ninth.model_profile(crawler.profiles[0], 1).name == "Plagueburst Crawler"
    assert ninth.profile_name(profile("Unit", "Plague Marine (Vectors)")) == (
        "Plague Marine (Vectors)"
    )


def test_bracket_row_is_a_lower_bracket_not_the_model() -> None:
    """Pitfall 7: `[1] (7+ wounds)` is the model, `[2] (4-6 wounds)` and `[3] (1-3 wounds)` are
    brackets; so are `Plagueburst Crawler 2 (3-5 wounds remaining)` and `3 (1-2 ...)`."""
    tyrant = selection(roster(TYRANIDS), "Winged Hive Tyrant")
    crawler = selection(roster(DEATH_GUARD), "Plagueburst Crawler")
    rows = [(p.name, ninth.bracket_row(p)) for p in (*tyrant.profiles, *crawler.profiles)]
    assert [name for name, lower in rows if lower] == [
        "Winged Hive Tyrant [2] (4-6 wounds)",
        "Winged Hive Tyrant [3] (1-3 wounds)",
        "Plagueburst Crawler 2 (3-5 wounds remaining)",
        "Plagueburst Crawler 3 (1-2 wounds remaining)",
    ]
    assert not ninth.bracket_row(profile("Psychic Overload", "(2) 5-7 Wounds"))


def test_brackets_from_three_unit_profiles_keep_what_changes() -> None:
    """`Exocrine [1] (8+ wounds)` M 8" WS 3+ BS 3+, `[2] (5-7 wounds)` M 7" WS 4+ BS 4+,
    `[3] (1-4 wounds)` M 5" WS 5+ BS 5+ (S, T, A, Ld, Save the same in every row)."""
    table = ninth.brackets(selection(roster(TYRANIDS), "Exocrine"))
    assert table[0] == Bracket(
        remaining="[1] (8+ wounds)", characteristics={"movement": '8"', "ws": "3+", "bs": "3+"}
    )
    assert [(row.remaining, row.characteristics) for row in table[1:]] == [
        ("[2] (5-7 wounds)", {"movement": '7"', "ws": "4+", "bs": "4+"}),
        ("[3] (1-4 wounds)", {"movement": '5"', "ws": "5+", "bs": "5+"}),
    ]


def test_brackets_written_as_numbered_rows_with_wounds_remaining() -> None:
    """`Plagueburst Crawler 1 (6+ wounds remaining)` M 9" BS 3+ S 7, `2 (3-5 wounds remaining)`
    M 6" BS 4+ S 6, `3 (1-2 wounds remaining)` M 4" BS 5+ S 5 (WS 6+ in every row)."""
    table = ninth.brackets(selection(roster(DEATH_GUARD), "Plagueburst Crawler"))
    assert [(row.remaining, row.characteristics) for row in table] == [
        ("1 (6+ wounds remaining)", {"movement": '9"', "bs": "3+", "strength": "7"}),
        ("2 (3-5 wounds remaining)", {"movement": '6"', "bs": "4+", "strength": "6"}),
        ("3 (1-2 wounds remaining)", {"movement": '4"', "bs": "5+", "strength": "5"}),
    ]


def test_brackets_from_wound_track_rows_read_by_their_header_row() -> None:
    """Pitfall 7: `*` stats plus `Wound Track` rows whose first row is a header naming the
    columns: `Remaining W | M | BS | A`, then `9-16+ | 10" | 3+ | 6`, `5-8 | 5" | 4+ | D6`,
    `1-4 | 3" | 5+ | 1`."""
    table = ninth.brackets(selection(roster(WOUND_TRACK), "Land Raider"))
    assert [(row.remaining, row.characteristics) for row in table] == [
        ("9-16+", {"movement": '10"', "bs": "3+", "attacks": "6"}),
        ("5-8", {"movement": '5"', "bs": "4+", "attacks": "D6"}),
        ("1-4", {"movement": '3"', "bs": "5+", "attacks": "1"}),
    ]


def test_wound_track_rows_without_a_header_use_their_column_names() -> None:
    row = profile("Wound Track", "Knight 1", **{"Remaining W": "7-12+", "M": '12"', "WS": "3+"})
    lone = ninth.brackets(replace(build({"name": "Knight", "type": "model"}), profiles=(row,)))
    assert lone == (Bracket(remaining="7-12+", characteristics={"movement": '12"', "ws": "3+"}),)


def test_identical_models_give_each_row_once_and_no_brackets_give_none() -> None:
    tyrant = selection(roster(TYRANIDS), "Winged Hive Tyrant")
    twice = replace(build({"name": "Two tyrants", "type": "unit"}), children=(tyrant, tyrant))
    assert ninth.brackets(twice) == ninth.brackets(tyrant)
    assert len(ninth.brackets(tyrant)) == 3
    assert ninth.brackets(selection(roster(DEATH_GUARD), "Poxwalkers")) == ()

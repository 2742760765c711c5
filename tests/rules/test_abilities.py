"""The abilities text: known phrases per edition, nearest-phrase errors, bounded numbers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.rules.abilities import known_phrases, parse_abilities
from bot.rules.errors import InvalidProfile, RulesError, TooManyDice
from bot.rules.pools import Reroll
from bot.rules.rulesets import NINTH, TENTH, ruleset


def test_issue_example_reads_every_phrase_10th() -> None:
    a = parse_abilities(
        "sustained hits 1, lethal hits, reroll hits: 1s, anti-infantry 4+, half range, cover, "
        "-1 damage",
        TENTH,
    )
    assert a.sustained is not None and a.sustained.maximum == 1
    assert a.has("lethal hits") and a.has("half range") and a.has("cover") and a.has("-1 damage")
    assert a.reroll_hits is Reroll.ONES
    assert a.anti == (("infantry", 4),)


def test_devastating_wounds_has_two_wordings() -> None:
    assert parse_abilities("devastating wounds", TENTH).devastating == "current"
    assert parse_abilities("Devastating Wounds (mortal)", TENTH).devastating == "mortal"


def test_twin_linked_rerolls_failed_wounds_and_merges_with_broader_reroll() -> None:
    assert parse_abilities("twin-linked", TENTH).wound_reroll is Reroll.FAILED
    assert parse_abilities("twin linked, re-roll wounds: all", TENTH).wound_reroll is Reroll.ALL


def test_unknown_phrase_names_the_nearest_known_phrase() -> None:
    with pytest.raises(InvalidProfile, match="did you mean `sustained hits 1`"):
        parse_abilities("sustaned hits 1", TENTH)


def test_tenth_edition_phrase_is_refused_in_ninth() -> None:
    with pytest.raises(InvalidProfile, match="not a 9th edition rule"):
        parse_abilities("lethal hits", NINTH)


def test_rapid_fire_takes_x_in_10th_and_none_in_9th() -> None:
    assert parse_abilities("rapid fire 2", TENTH).rapid_fire == 2
    assert parse_abilities("rapid fire", NINTH).rapid_fire == 0
    with pytest.raises(InvalidProfile, match="rapid fire 1"):
        parse_abilities("rapid fire", TENTH)


def test_advanced_needs_an_assault_weapon() -> None:
    with pytest.raises(InvalidProfile, match="assault"):
        parse_abilities("advanced", TENTH)


@pytest.mark.parametrize("text", ["sustained hits 9", "melta 99", "anti-infantry 1+", "+5 to hit"])
def test_numbers_in_phrases_are_bounded(text: str) -> None:
    with pytest.raises(TooManyDice):
        parse_abilities(text, TENTH)


def test_same_parameterised_phrase_twice_is_refused() -> None:
    with pytest.raises(InvalidProfile, match="twice"):
        parse_abilities("melta 2, melta 3", TENTH)


def test_known_phrases_are_all_accepted_by_their_edition() -> None:
    for rules in (NINTH, TENTH):
        for phrase in known_phrases(rules):
            if phrase in {"advanced"}:
                phrase = "assault, advanced"
            if phrase == "stationary":
                continue
            parse_abilities(phrase, rules)
    assert "sustained hits 1" in known_phrases(TENTH)
    assert "sustained hits 1" not in known_phrases(NINTH)


def test_edition_names() -> None:
    assert ruleset("10th") is TENTH and ruleset("9") is NINTH
    with pytest.raises(InvalidProfile, match="9th or 10th"):
        ruleset("8th")


@given(st.text(max_size=80))
def test_any_text_parses_or_raises_one_rules_error(text: str) -> None:
    try:
        parse_abilities(text, TENTH)
    except RulesError as e:
        assert str(e).endswith((".", "?"))

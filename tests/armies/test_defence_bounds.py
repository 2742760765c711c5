"""The bounds of the defences an army unit and a game profile carry, and the stored values
written before them still read."""

from __future__ import annotations

import re

import pytest
from pydantic import ValidationError

from bot.armies.defence_rules import PHRASES
from bot.armies.model import MAX_DEFENCE_ABILITIES, Army, ArmyUnit
from bot.game.units import UnitProfile
from bot.rules.abilities import known_phrases, parse_abilities
from bot.rules.rulesets import ruleset
from tests.armies.roster_files import ARMY_10TH


def test_an_army_unit_holds_at_most_10_defence_phrases() -> None:
    ArmyUnit(name="Squad", defence_abilities=("-1 damage",) * MAX_DEFENCE_ABILITIES)
    with pytest.raises(ValidationError):
        ArmyUnit(name="Squad", defence_abilities=("-1 damage",) * (MAX_DEFENCE_ABILITIES + 1))
    with pytest.raises(ValidationError):
        ArmyUnit(name="Squad", defence_abilities=("x" * 61,))


def test_a_feel_no_pain_against_mortal_wounds_is_2_to_6() -> None:
    assert UnitProfile(name="Squad", fnp_mortal=2).fnp_mortal == 2
    assert UnitProfile(name="Squad", fnp_mortal=6).fnp_mortal == 6
    for bad in (1, 7):
        with pytest.raises(ValidationError):
            UnitProfile(name="Squad", fnp_mortal=bad)


def test_the_defence_phrases_of_a_profile_are_at_most_300_characters() -> None:
    UnitProfile(name="Squad", defence_abilities="x" * 300)
    with pytest.raises(ValidationError):
        UnitProfile(name="Squad", defence_abilities="x" * 301)


def test_stored_values_without_them_still_read() -> None:
    """A game's stored events hold profiles written before these fields; an army JSON too."""
    stored = '{"name": "Squad", "models": 5, "wounds": 2, "toughness": 4, "save": 3}'
    p = UnitProfile.model_validate_json(stored)
    assert (p.fnp_mortal, p.defence_abilities) == (None, "")
    units = Army.model_validate_json(ARMY_10TH.read_text("utf-8")).units
    assert all(u.fnp_mortal is None and u.defence_abilities == () for u in units)


def _key(phrase: str) -> str:
    """`worsen ap 1` → `worsen ap`, `reroll saves: 1s` → `reroll saves`."""
    return re.sub(r"[: ]+\S+$", "", phrase)


@pytest.mark.parametrize("edition", ["9th", "10th"])
@pytest.mark.parametrize("text", PHRASES)
def test_every_phrase_read_from_a_list_is_one_the_rules_take(text: str, edition: str) -> None:
    """Every phrase a list gives is one the attack rules of both editions read and offer."""
    rules = ruleset(edition)
    assert _key(text) in {_key(k) for k in known_phrases(rules)}
    parse_abilities(text, rules)

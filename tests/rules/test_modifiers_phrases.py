"""The modifier phrases (issue #17): their spellings, bounds, duplicates and autocomplete."""

from __future__ import annotations

import re

import pytest

from bot.rules.abilities import known_phrases, parse_abilities
from bot.rules.errors import InvalidProfile, RulesError, TooManyDice
from bot.rules.notation import parse
from bot.rules.pools import Reroll
from bot.rules.rulesets import NINTH, TENTH

NEW_EXAMPLES = (
    "reroll saves: 1s",
    "reroll saves: failed",
    "reroll armour saves: 1s",
    "reroll armour saves: failed",
    "reroll invulnerable saves: 1s",
    "reroll invulnerable saves: failed",
    "worsen ap 1",
    "ignore ap",
    "ignore invulnerable saves",
    "feel no pain 5+ vs mortal wounds",
    "halve damage",
    "+1 damage",
    "minimum damage 3",
    "reroll damage",
    "reroll damage: 1s",
    "+1 attacks",
    "+d3 attacks",
    "+d6 attacks",
    "reroll attacks",
    "reroll attacks: 1s",
    "critical hits: 1 mortal wound",
    "critical hits: damage as mortal wounds",
    "critical wounds: +1 ap",
    "critical wounds: +1 damage",
    "mortal wounds last",
    "reroll hits: fish",
    "reroll wounds: fish",
)


@pytest.mark.parametrize("rules", [NINTH, TENTH])
def test_every_modifier_phrase_is_offered_and_read_in_both_editions(rules: object) -> None:
    offered = known_phrases(rules)  # type: ignore[arg-type]
    for phrase in NEW_EXAMPLES:
        assert phrase in offered
        parse_abilities(phrase, rules)  # type: ignore[arg-type]


def test_save_rerolls_are_read_per_save_kind() -> None:
    a = parse_abilities(
        "reroll saves: 1s, reroll armour saves: failed, reroll invulnerable saves: ones", TENTH
    )
    assert a.reroll_saves is Reroll.ONES
    assert a.reroll_armour_saves is Reroll.FAILED
    assert a.reroll_invulnerable_saves is Reroll.ONES


@pytest.mark.parametrize(
    ("typed", "field", "value"),
    [
        ("Re-roll Armor Saves: 1s", "reroll_armour_saves", Reroll.ONES),
        ("rerolls invuln saves: failed", "reroll_invulnerable_saves", Reroll.FAILED),
        ("re-roll invulnerable save: failed", "reroll_invulnerable_saves", Reroll.FAILED),
        ("Re-roll Saves : failed", "reroll_saves", Reroll.FAILED),
        ("FNP 5+ vs mortal wounds", "fnp_mortal", 5),
        ("feel no pain 6+ against mortal wounds", "fnp_mortal", 6),
        ("Feel-No-Pain 4+ against mortal wounds", "fnp_mortal", 4),
        ("Worsen AP by 2", "worsen_ap", 2),
        ("+2 damage", "damage_bonus", 2),
        ("minimum damage 10", "minimum_damage", 10),
        ("re-roll damage", "reroll_damage", "below average"),
        ("reroll damage: ones", "reroll_damage", "1s"),
        ("rerolls attacks: 1s", "reroll_attacks", "1s"),
        ("Re-Roll Attacks", "reroll_attacks", "below average"),
        ("+1 attack", "bonus_attacks", parse("1")),
        ("+D3 Attacks", "bonus_attacks", parse("d3")),
        ("Critical Hits: 2 Mortal Wounds", "critical_hit_mortal", 2),
        ("critical hits: 1 mortal wound", "critical_hit_mortal", 1),
        ("critical wounds: +1 AP", "critical_wound_ap", 1),
        ("critical wounds: +2 damage", "critical_wound_damage", 2),
    ],
)
def test_the_spellings_people_type_are_read(typed: str, field: str, value: object) -> None:
    assert getattr(parse_abilities(typed, TENTH), field) == value


@pytest.mark.parametrize(
    ("typed", "flag"),
    [
        ("Ignore AP", "ignore ap"),
        ("ignores ap", "ignore ap"),
        ("ignore invuln saves", "ignore invulnerable saves"),
        ("Ignores Invulnerable Saves", "ignore invulnerable saves"),
        ("Halve Damage", "halve damage"),
        ("critical hits: damage as mortal wounds", "critical hits: damage as mortal wounds"),
        ("Mortal Wounds Last", "mortal wounds last"),
        ("re-roll hits: fish", "reroll hits: fish"),
        ("Re-roll Wounds: Fish", "reroll wounds: fish"),
    ],
)
def test_the_flag_phrases_are_read_under_one_name(typed: str, flag: str) -> None:
    assert parse_abilities(typed, NINTH).has(flag)


def test_fish_and_all_both_reroll_every_result_but_only_fish_is_flagged() -> None:
    fish, everything = (
        parse_abilities("reroll hits: fish", TENTH),
        parse_abilities("reroll hits: all", TENTH),
    )
    assert fish.reroll_hits is everything.reroll_hits is Reroll.ALL
    assert fish.has("reroll hits: fish") and not everything.has("reroll hits: fish")


@pytest.mark.parametrize(
    "text",
    [
        "worsen ap 0",
        "worsen ap 4",
        "feel no pain 1+ vs mortal wounds",
        "feel no pain 7+ vs mortal wounds",
        "+0 damage",
        "+7 damage",
        "minimum damage 1",
        "minimum damage 11",
        "+0 attacks",
        "+11 attacks",
        "critical hits: 0 mortal wounds",
        "critical hits: 4 mortal wounds",
        "critical wounds: +0 ap",
        "critical wounds: +4 ap",
        "critical wounds: +0 damage",
        "critical wounds: +4 damage",
        "+9999 attacks",
    ],
)
def test_numbers_in_modifier_phrases_are_bounded(text: str) -> None:
    with pytest.raises(TooManyDice, match="must be from"):
        parse_abilities(text, TENTH)


@pytest.mark.parametrize(
    "text",
    [
        "worsen ap 1",
        "feel no pain 2+ vs mortal wounds",
        "feel no pain 6+ vs mortal wounds",
        "+1 damage",
        "+6 damage",
        "minimum damage 2",
        "+10 attacks",
        "critical hits: 3 mortal wounds",
        "critical wounds: +3 ap",
        "critical wounds: +3 damage",
        "worsen ap 3",
    ],
)
def test_the_bounds_themselves_are_accepted(text: str) -> None:
    parse_abilities(text, TENTH)


@pytest.mark.parametrize(
    "text",
    [
        "reroll saves: 1s, reroll saves: failed",
        "reroll armour saves: 1s, re-roll armor saves: failed",
        "+1 attacks, +d3 attacks",
        "reroll damage, reroll damage: 1s",
        "worsen ap 1, worsen ap 2",
        "reroll hits: all, reroll hits: fish",
        "critical wounds: +1 ap, critical wounds: +2 ap",
    ],
)
def test_a_modifier_typed_twice_is_refused(text: str) -> None:
    with pytest.raises(InvalidProfile, match="twice"):
        parse_abilities(text, TENTH)


@pytest.mark.parametrize(
    ("typo", "nearest"),
    [
        ("reroll armour save: 2s", "reroll armour saves: 1s"),
        ("minimum damag 3", "minimum damage 3"),
        ("critical wounds +1 ap", "critical wounds: +1 ap"),
        ("reroll attack", "reroll attacks"),
    ],
)
def test_a_mistyped_modifier_names_the_nearest_phrase(typo: str, nearest: str) -> None:
    with pytest.raises(InvalidProfile, match=re.escape(f"did you mean `{nearest}`")):
        parse_abilities(typo, TENTH)


def test_every_mistake_is_one_sentence() -> None:
    for text in ("+11 attacks", "+1 attacks, +2 attacks", "ignore aps"):
        with pytest.raises(RulesError) as caught:
            parse_abilities(text, TENTH)
        assert str(caught.value).count(". ") == 0 and str(caught.value).endswith(("?", "."))

"""Crusade numbers from data/crusade: ranks, XP caps and Battle Honour caps."""

from __future__ import annotations

import pytest

from bot.campaign import crusade_rules, honour_cap, rank, xp_cap
from bot.campaign.rules import CAMPAIGN_EDITIONS, DATA_DIR, capped_xp
from tests.campaign.log import card


def test_every_campaign_edition_has_crusade_rules_citing_their_source() -> None:
    assert sorted(p.name for p in DATA_DIR.iterdir() if p.name.endswith(".json")) == [
        "10th.json",
        "9th.json",
    ]
    for edition in CAMPAIGN_EDITIONS:
        assert "Core Book" in crusade_rules(edition).source


def test_eternum_campaigns_use_the_9th_edition_crusade_rules() -> None:
    assert crusade_rules("eternum") is crusade_rules("9th")


@pytest.mark.parametrize("edition", ["9th", "10th"])
@pytest.mark.parametrize(
    ("xp", "expected"),
    [
        (0, "Battle-ready"),
        (5, "Battle-ready"),
        (6, "Blooded"),
        (15, "Blooded"),
        (16, "Battle-hardened"),
        (30, "Battle-hardened"),
        (31, "Heroic"),
        (50, "Heroic"),
        (51, "Legendary"),
        (500, "Legendary"),
    ],
)
def test_ranks_by_experience_points(edition: str, xp: int, expected: str) -> None:
    # Crusade "Ranks": Battle-ready 0-5, Blooded 6-15, Battle-hardened 16-30, Heroic 31-50,
    # Legendary 51+ (9th and 10th edition Core Books).
    assert rank(crusade_rules(edition), xp) == expected


def test_non_character_units_cannot_gain_xp_beyond_30() -> None:
    # Crusade "Experience points": a non-CHARACTER unit stops at 30 XP (Battle-hardened) unless
    # it has Legendary Veterans; XP beyond the cap is lost.
    rules = crusade_rules("9th")
    assert xp_cap(rules, card("Intercessors")) == 30
    assert capped_xp(rules, card("Intercessors", xp=28), 5) == 2
    assert capped_xp(rules, card("Intercessors", xp=30), 5) == 0
    assert xp_cap(rules, card("Intercessors", legendary_veterans=True)) is None
    assert xp_cap(rules, card("Captain", character=True)) is None
    assert capped_xp(rules, card("Captain", character=True, xp=50), 5) == 5


def test_battle_honours_cap_at_3_or_6_for_characters_and_legendary_veterans() -> None:
    # Crusade "Battle Honours": at most 3; CHARACTER units (and Legendary Veterans) at most 6.
    rules = crusade_rules("10th")
    assert honour_cap(rules, card("Intercessors")) == 3
    assert honour_cap(rules, card("Captain", character=True)) == 6
    assert honour_cap(rules, card("Intercessors", legendary_veterans=True)) == 6
    assert rules.max_scars == 3

"""Cards from an army's units: a card takes an army unit's profile (weapons and keywords) and keeps
what it earned; re-importing the army updates its cards in one event that undo takes back."""

from __future__ import annotations

import pytest

from bot.campaign import Card, fold, from_json, to_json, undo
from bot.campaign.army_cards import Source, link_card, refresh
from bot.campaign.events import CardAdded, ProfilesUpdated
from bot.errors import NotAllowed
from bot.game.units import UnitProfile, Weapon
from bot.rules.errors import IllegalAction
from tests.campaign.log import ALICE, BOB, Log, card

PLASMA = Weapon(name="Plasma gun", range='24"', attacks="1", skill=3, strength="7", ap=-2,
                damage="1", count=2, other=("hazardous",))  # fmt: skip
BOLTER = Weapon(name="Boltgun", range='24"', attacks="2", skill=3, strength="4", damage="1")


def source(unit: str = "Hellblasters", *, points: int = 115, army: str = "Strike Force",
           keywords: tuple[str, ...] = ("INFANTRY",), weapons: tuple[Weapon, ...] = (PLASMA,),
           ) -> Source:  # fmt: skip
    profile = UnitProfile(name=unit, models=5, wounds=2, toughness=4, save=3,
                          keywords=keywords, weapons=weapons)  # fmt: skip
    return Source(profile, points, army, unit)


def veteran_log() -> Log:
    """Alice's hand-made Hellblasters card with no weapons, 12 XP, an honour and a scar."""
    log = Log("10th")
    log.add(card("Hellblasters", points=100, xp=12, honours=("Hero",), scars=("Fatigued",),
                 battles=3, survived=2, kills=4))  # fmt: skip
    return log


def test_an_old_card_without_a_source_still_reads() -> None:
    old = '{"card": {"name": "Boyz", "owner": 202, "profile": {"name": "Boyz"}}}'
    event = from_json("card_added", old)
    assert isinstance(event, CardAdded)
    assert event.card.army is None and event.card.army_unit is None


def test_linking_a_card_gives_it_the_units_profile_and_keeps_what_it_earned() -> None:
    log = veteran_log()
    before = log.state.card("Hellblasters")
    [event] = log.do(link_card, "hellblasters", source(), actor=ALICE)
    assert isinstance(event, ProfilesUpdated)
    assert from_json(event.kind, to_json(event)) == event
    after = log.state.card("Hellblasters")
    assert before is not None and after is not None
    assert after.profile.weapons == (PLASMA,) and after.profile.models == 5
    assert (after.points, after.army, after.army_unit) == (115, "Strike Force", "Hellblasters")
    kept = ("name", "xp", "honours", "scars", "battles", "survived", "kills", "owner")
    assert all(getattr(after, k) == getattr(before, k) for k in kept)


def test_linking_is_the_owners_and_changes_something() -> None:
    log = veteran_log()
    with pytest.raises(NotAllowed, match="Only <@101>"):
        link_card(log.state, "Hellblasters", source(), actor=BOB)
    log.do(link_card, "Hellblasters", source(), actor=ALICE)
    with pytest.raises(IllegalAction, match="already has the profile of Hellblasters"):
        link_card(log.state, "Hellblasters", source(), actor=ALICE)


def test_linking_keeps_the_roster_within_its_supply_limit() -> None:
    log = veteran_log()  # 10th: a supply limit of 1000 points
    with pytest.raises(IllegalAction, match="over the supply limit"):
        link_card(log.state, "Hellblasters", source(points=1500), actor=ALICE)


def linked_log() -> Log:
    log = veteran_log()
    log.do(link_card, "Hellblasters", source(), actor=ALICE)
    log.add(Card(name="Tactical", owner=ALICE, profile=UnitProfile(name="Tactical"), points=90,
                 army="Strike Force", army_unit="Tactical Squad"))  # fmt: skip
    log.add(Card(name="Other army", owner=ALICE, profile=UnitProfile(name="Other army"),
                 points=50, army="Second Company", army_unit="Hellblasters"))  # fmt: skip
    log.add(Card(name="Bob's", owner=BOB, profile=UnitProfile(name="Bob's"), points=50,
                 army="Strike Force", army_unit="Hellblasters"))  # fmt: skip
    return log


def test_a_reimported_army_updates_only_its_owners_cards_of_that_army_in_one_event() -> None:
    log = linked_log()
    new = source(points=130, weapons=(PLASMA, BOLTER))
    done = refresh(log.state, ALICE, "STRIKE FORCE", {"hellblasters": new})
    assert done.updated == ("Hellblasters",)
    assert done.left == ("Tactical",)  # its unit left the list: kept as it was
    [event] = log.append(done.events, ALICE)
    assert isinstance(event, ProfilesUpdated) and len(event.updates) == 1
    state = log.state
    hellblasters = state.card("Hellblasters")
    assert hellblasters is not None
    assert hellblasters.profile.weapons == (PLASMA, BOLTER) and hellblasters.points == 130
    earned = (hellblasters.xp, hellblasters.honours, hellblasters.scars)
    assert earned == (12, ("Hero",), ("Fatigued",))
    for untouched in ("Tactical", "Other army", "Bob's"):
        assert state.card(untouched) == linked_log().state.card(untouched)


def test_an_unchanged_army_changes_no_card() -> None:
    log = linked_log()
    done = refresh(log.state, ALICE, "Strike Force", {"hellblasters": source()})
    assert done.events == [] and done.updated == ()


def test_undo_takes_back_a_refresh() -> None:
    log = linked_log()
    before = log.state.cards
    log.append(refresh(log.state, ALICE, "Strike Force", {"hellblasters": source(points=130)})
               .events, ALICE)  # fmt: skip
    assert log.state.cards != before
    log.do(undo)
    assert fold(log.records).cards == before


def test_a_profile_that_breaks_the_xp_cap_is_refused_and_the_card_kept() -> None:
    """Crusade: a unit that is not a CHARACTER cannot gain more than 30 XP (without Legendary
    Veterans)."""
    log = Log("10th")
    log.add(card("Captain", character=True, points=80, xp=40, army="Strike Force",
                 army_unit="Captain"))  # fmt: skip
    done = refresh(log.state, ALICE, "Strike Force", {"captain": source("Captain")})
    assert done.events == [] and done.updated == ()
    assert "cannot have more than 30 XP" in done.refused[0]

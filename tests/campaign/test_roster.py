"""Membership, cards, the supply limit and requisition points."""

from __future__ import annotations

import pytest

from bot.campaign import (
    add_card,
    add_rp,
    create_campaign,
    edit_card,
    increase_supply,
    join,
    record_battle,
    remove_card,
    spend_rp,
    standings,
    undo,
)
from bot.errors import NotAllowed
from bot.rules.errors import IllegalAction
from tests.campaign.log import ALICE, BOB, CAROL, Log, card


def test_create_campaign_normalises_the_edition_and_refuses_others() -> None:
    assert create_campaign(" Vigilus ", "10", guild=1, creator=ALICE).edition == "10th"
    assert create_campaign("V", "Eternum", guild=1, creator=ALICE).edition == "eternum"
    with pytest.raises(IllegalAction, match="pick one of those"):
        create_campaign("Vigilus", "7th", guild=1, creator=ALICE)
    with pytest.raises(IllegalAction, match="at most 60 characters"):
        create_campaign("x" * 61, "9th", guild=1, creator=ALICE)


def test_players_join_once_with_the_starting_requisition_and_supply() -> None:
    # Crusade "Requisition points": each player starts with 5 RP; "Supply Limit": 50 PL (9th).
    log = Log("9th", players=(ALICE,))
    assert (log.state.players[ALICE].rp, log.state.players[ALICE].supply_limit) == (5, 50)
    with pytest.raises(IllegalAction, match="already in Vigilus"):
        join(log.state, ALICE)
    assert Log("10th").state.players[BOB].supply_limit == 1000


def test_cards_need_a_member_owner_and_a_unique_name() -> None:
    log = Log()
    log.add(card("Intercessors"))
    with pytest.raises(IllegalAction, match='"Intercessors" already exists'):
        add_card(log.state, card("INTERCESSORS", BOB), actor=BOB)
    with pytest.raises(IllegalAction, match="has not joined Vigilus"):
        add_card(log.state, card("Hellblasters", CAROL), actor=CAROL)
    with pytest.raises(NotAllowed, match="Only <@101>"):
        add_card(log.state, card("Hellblasters", ALICE), actor=BOB)


def test_supply_limit_refuses_a_roster_over_it() -> None:
    # Crusade "Supply Limit": a roster's total Power Level (9th) may not exceed the limit.
    log = Log("9th")
    log.add(card("Intercessors", points=45))
    with pytest.raises(IllegalAction, match=r"55 PL, over the supply limit of 50 PL.*requisition"):
        add_card(log.state, card("Hellblasters", points=10), actor=ALICE)
    bigger = card("Intercessors", points=51)
    with pytest.raises(IllegalAction, match="supply limit"):
        edit_card(log.state, "Intercessors", bigger, actor=ALICE)
    log.add(card("Scouts", points=5))  # exactly the limit is fine


def test_increase_supply_limit_costs_1_rp_for_5_pl_or_200_points() -> None:
    # Crusade requisition "Increase Supply Limit": 1 RP; +5 PL (9th) or +200 points (10th).
    log = Log("9th")
    log.do(increase_supply, ALICE, actor=ALICE)
    assert (log.state.players[ALICE].rp, log.state.players[ALICE].supply_limit) == (4, 55)
    tenth = Log("10th")
    tenth.do(increase_supply, BOB, actor=BOB)
    assert tenth.state.players[BOB].supply_limit == 1200
    tenth.do(spend_rp, BOB, 4, actor=BOB, admin=False)
    with pytest.raises(IllegalAction, match="costs 1 RP and <@202> has 0"):
        increase_supply(tenth.state, BOB, actor=BOB)


def test_edit_card_is_for_its_owner_or_an_admin_and_keeps_its_place() -> None:
    log = Log()
    log.add(card("Intercessors"), card("Scouts"))
    renamed = card("Sternguard", xp=3)
    with pytest.raises(NotAllowed, match="Only <@101> or a server admin"):
        edit_card(log.state, "intercessors", renamed, actor=BOB)
    log.append(edit_card(log.state, "intercessors", renamed, actor=BOB, admin=True), BOB)
    assert list(log.state.cards) == ["sternguard", "scouts"]
    with pytest.raises(IllegalAction, match='"Scouts" already exists'):
        edit_card(log.state, "Sternguard", card("scouts"), actor=ALICE)
    with pytest.raises(IllegalAction, match="cannot have more than 30 XP"):
        edit_card(log.state, "Sternguard", card("Sternguard", xp=31), actor=ALICE)
    log.append(remove_card(log.state, "scouts", actor=ALICE), ALICE)
    assert list(log.state.cards) == ["sternguard"]


def test_requisition_starts_at_5_and_spending_is_refused_when_short() -> None:
    # Crusade "Requisition points": RP can never go below 0.
    log = Log()
    log.do(spend_rp, ALICE, 3, actor=ALICE, admin=False)
    assert log.state.players[ALICE].rp == 2
    with pytest.raises(IllegalAction, match="has 2 RP; spend at most 2"):
        spend_rp(log.state, ALICE, 3, actor=ALICE, admin=False)
    with pytest.raises(IllegalAction, match="1 to 10 RP"):
        spend_rp(log.state, ALICE, 0, actor=ALICE, admin=False)
    with pytest.raises(NotAllowed, match="Only <@101>"):
        spend_rp(log.state, ALICE, 1, actor=BOB, admin=False)


@pytest.mark.parametrize(("edition", "cap"), [("9th", 5), ("10th", 10)])
def test_requisition_is_capped_at_5_in_9th_and_10_in_10th(edition: str, cap: int) -> None:
    # Crusade "Requisition points": at most 5 RP (9th edition) / 10 RP (10th edition).
    log = Log(edition)
    with pytest.raises(IllegalAction, match=f"capped at {cap} RP and <@101> has 5; add at most"):
        add_rp(log.state, ALICE, cap - 4, actor=ALICE, admin=True)
    if cap > 5:
        log.do(add_rp, ALICE, cap - 5, actor=ALICE, admin=True)
    assert log.state.players[ALICE].rp == cap


def test_standings_sort_by_wins_then_vp_difference() -> None:
    log = Log(players=(ALICE, BOB, CAROL))
    log.battle(winner=BOB, vp={ALICE: 40, BOB: 90})
    rows = standings(log.state)
    assert [r.player for r in rows] == [BOB, CAROL, ALICE]
    assert (rows[0].wins, rows[0].vp_difference, rows[2].losses) == (1, 50, 1)


def test_record_battle_checks_the_cards_fielded() -> None:
    log = Log()
    log.add(card("Intercessors"), card("Boyz", BOB))
    with pytest.raises(IllegalAction, match=r"^Boyz belongs to <@202>; field it for its owner"):
        record_battle(log.state, (ALICE, BOB), winner=ALICE, fielded={ALICE: ["boyz"]})
    with pytest.raises(IllegalAction, match=r"^Boyz is in destroyed but was not fielded"):
        record_battle(
            log.state, (ALICE, BOB), winner=ALICE, fielded={ALICE: ["Intercessors"]},
            destroyed=["boyz"],
        )  # fmt: skip
    with pytest.raises(IllegalAction, match=r"^The winner must be one of the two players"):
        record_battle(log.state, (ALICE, BOB), winner=CAROL)
    with pytest.raises(IllegalAction, match="cannot be negative"):
        record_battle(log.state, (ALICE, BOB), winner=None, vp={ALICE: -1})


def test_undo_reverts_the_latest_action_and_then_the_one_before() -> None:
    log = Log(players=(ALICE,))
    log.add(card("Intercessors"))
    log.do(spend_rp, ALICE, 2, actor=ALICE, admin=False)
    log.append(undo(log.state), ALICE)
    assert log.state.players[ALICE].rp == 5
    log.append(undo(log.state), ALICE)
    assert log.state.cards == {}
    log.append(undo(log.state), ALICE)  # the join
    with pytest.raises(IllegalAction, match="nothing to undo"):
        undo(log.state)

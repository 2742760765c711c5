"""A campaign battle ended by a concession (`/game end concede:true`): recorded as one, counted in
the standings, and logs and files from before concessions were recorded still load."""

from __future__ import annotations

import json

import pytest

from bot.campaign import (
    advance,
    export,
    fold,
    from_json,
    parse_export,
    record_battle,
    standings,
    to_json,
)
from bot.campaign.events import BattleRecorded
from bot.rules.dice import ScriptedDice
from bot.rules.errors import IllegalAction
from tests.campaign.log import ALICE, BOB, CAROL, Log, played


def test_a_conceded_battle_is_won_by_the_opponent_and_counted_for_who_conceded() -> None:
    log = Log(players=(ALICE, BOB, CAROL))
    [recorded] = log.battle(winner=BOB, conceded=ALICE, vp={ALICE: 30, BOB: 20})
    assert isinstance(recorded, BattleRecorded) and recorded.battle.conceded == ALICE
    rows = {r.player: r for r in standings(log.state)}
    assert (rows[ALICE].losses, rows[ALICE].conceded) == (1, 1)
    assert (rows[BOB].wins, rows[BOB].conceded, rows[CAROL].conceded) == (1, 0, 0)
    log.append(advance(log.state, ScriptedDice(())))  # no cards: Vox closes the sequence
    log.battle(winner=ALICE, vp={ALICE: 50, BOB: 0})  # an ordinary battle concedes nothing
    assert {r.player: r.conceded for r in standings(log.state)}[ALICE] == 1


@pytest.mark.parametrize(("winner", "conceded"), [(ALICE, ALICE), (None, BOB), (ALICE, CAROL)])
def test_a_player_who_concedes_loses_to_their_opponent(winner: int | None, conceded: int) -> None:
    log = Log(players=(ALICE, BOB, CAROL))
    with pytest.raises(IllegalAction, match=r"^A player who concedes loses; name their opponent"):
        record_battle(log.state, (ALICE, BOB), winner=winner, conceded=conceded)


def test_a_log_from_before_concessions_were_recorded_still_loads() -> None:
    """A `battle_recorded` payload without `conceded` (as stored before) is a battle nobody
    conceded, and the log folds as it did."""
    records = played().records
    old = []
    for r in records:
        payload = json.loads(to_json(r.event))
        if isinstance(r.event, BattleRecorded):
            del payload["battle"]["conceded"]
        old.append(r.__class__(r.seq, r.actor, r.at, from_json(r.event.kind, json.dumps(payload))))
    assert old == records
    assert fold(old) == fold(records) and fold(old).players[BOB].conceded == 0


def test_an_export_from_before_concessions_were_recorded_still_imports() -> None:
    document = json.loads(export(played().state).model_dump_json())
    for battle in document["battles"]:
        del battle["conceded"]
    assert parse_export(json.dumps(document)).battles[0].conceded is None

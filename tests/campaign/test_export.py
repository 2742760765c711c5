"""A campaign as one JSON file: the round trip, and the first problem of a bad file."""

from __future__ import annotations

import json

import pytest

from bot.campaign import export, fold, import_events, parse_export
from bot.campaign.events import Recorded
from bot.campaign.export import CampaignExport
from bot.rules.errors import IllegalAction
from tests.campaign.log import ALICE, BOB, played


def reimport(data: CampaignExport) -> CampaignExport:
    events = import_events(data, guild=9, creator=BOB)
    log = [Recorded(i, BOB, "", e) for i, e in enumerate(events, 1)]
    return export(fold(log))


def test_export_then_import_gives_the_same_export() -> None:
    original = export(played().state)
    assert original.battles[0].note == "The Boyz held the bridge."
    assert original.players[0].supply_limit == 1200
    assert reimport(original) == original
    assert parse_export(original.model_dump_json()) == original


def test_imported_standings_come_from_the_battles() -> None:
    events = import_events(export(played().state), guild=9, creator=BOB)
    state = fold([Recorded(i, BOB, "", e) for i, e in enumerate(events, 1)])
    assert (state.players[ALICE].wins, state.players[BOB].losses) == (1, 1)
    assert (state.players[ALICE].vp_for, state.players[ALICE].vp_against) == (70, 40)
    assert state.aftermath is None


def text(**changes: object) -> str:
    data = json.loads(export(played().state).model_dump_json())
    data.update(changes)
    return json.dumps(data)


def test_parse_export_names_the_first_problem() -> None:
    data = json.loads(text())
    data["cards"][1]["profile"]["save"] = 9
    with pytest.raises(IllegalAction) as caught:
        parse_export(json.dumps(data))
    assert str(caught.value) == (
        "cards.1.profile.save: Input should be less than or equal to 7; "
        "fix the file and import it again."
    )


def test_parse_export_refuses_invalid_json_and_big_files() -> None:
    with pytest.raises(IllegalAction, match=r"^Invalid JSON: .*; fix the file and import it again"):
        parse_export("{not json")
    with pytest.raises(IllegalAction, match="over 1 MB"):
        parse_export(" " * 1_000_001)
    with pytest.raises(IllegalAction, match=r"^vox_campaign: Input should be 1"):
        parse_export(text(vox_campaign=2))


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d["cards"][0].update(owner=999), "cards.0.owner: 999 is not a player"),
        (lambda d: d["cards"][1].update(name="INTERCESSORS"), "cards.1.name: a card called"),
        (lambda d: d["players"].append(d["players"][0]), "players.2.id: player 101 is listed"),
        (lambda d: d["players"][0].update(rp=11), "players.0.rp: 11 RP is over"),
        (lambda d: d["cards"][0].update(xp=31), "cards.0: Intercessors is not a CHARACTER"),
        (lambda d: d["cards"][0].update(points=1300), "players.0.supply_limit: the roster"),
        (lambda d: d["battles"][0].update(battle=2), "battles.0.battle: expected battle 1"),
        (
            lambda d: d["battles"][0].update(destroyed=["Ghosts"]),
            "battles.0: Ghosts is in destroyed but was not fielded",
        ),
        (
            lambda d: d["battles"][0].update(players=[ALICE, 999], fielded={}, vp={}, kills={}),
            "battles.0.players: 999 is not a player",
        ),
    ],
)
def test_import_refuses_an_inconsistent_file_with_one_sentence(
    change: object, problem: str
) -> None:
    data = json.loads(text())
    change(data)  # type: ignore[operator]
    with pytest.raises(IllegalAction) as caught:
        parse_export(json.dumps(data))
    message = str(caught.value)
    assert message.startswith(problem), message
    assert message.endswith("; fix the file and import it again.")

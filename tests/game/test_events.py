"""Events are JSON-able, every kind is said in words, and bot/game stays pure."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.game import describe, from_json, to_json
from bot.game.events import (
    EVENT_TYPES,
    CommandPointsGained,
    DamageApplied,
    GameEnded,
    PhaseAdvanced,
    chain,
)
from tests.game.conftest import ALICE, BOB, Table

ROOT = Path(__file__).resolve().parents[2]


def test_every_event_of_a_played_game_survives_json_and_is_described(table: Table) -> None:
    from tests.game.test_summary import play_round_one

    play_round_one(table)
    kinds = set()
    for entry in table.log:
        event = entry.event
        kinds.add(event.kind)
        assert from_json(event.kind, to_json(event)) == event
        assert describe(event, {ALICE: "Alice", BOB: "Bob"}).strip()
    assert {"game_started", "damage_applied", "cp_spent", "dice_rolled"} <= kinds


@pytest.mark.parametrize("kind", sorted(EVENT_TYPES))
def test_every_event_kind_has_its_own_class(kind: str) -> None:
    assert EVENT_TYPES[kind].model_fields["kind"].default == kind


def test_game_ended_keeps_int_player_keys_through_json() -> None:
    event = GameEnded(winner=ALICE, reason="last round", vp={ALICE: 20, BOB: 15})
    assert from_json("game_ended", to_json(event)) == event


def test_describe_says_damage_with_its_result() -> None:
    event = DamageApplied(unit="Boyz", damage=3, source="Bolt rifles", models_before=10,
                          wounds_before=1, models_after=7, wounds_after=1)  # fmt: skip
    assert describe(event) == (
        "Boyz took 3 damage from Bolt rifles, 3 models destroyed: 7 models, 1 W on the wounded one"
    )


def test_describe_names_players_as_mentions_by_default() -> None:
    assert describe(CommandPointsGained(player=ALICE, amount=1, reason="Command phase")) == (
        f"<@{ALICE}> gained 1 CP (Command phase)"
    )


def test_an_action_chains_its_consequences() -> None:
    first = PhaseAdvanced(round=1, player=ALICE, phase="command")
    gained = CommandPointsGained(player=ALICE, amount=1)
    assert [e.follows for e in chain(first, gained)] == [False, True]


def test_unknown_event_kinds_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown event kind"):
        from_json("made_up", "{}")


def test_game_model_is_pure_no_sql_logging_or_clock() -> None:
    forbidden = {"discord", "aiosqlite", "sqlite3", "logging", "time", "datetime", "asyncio"}
    for path in (ROOT / "bot" / "game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in forbidden, f"{path.name} imports {name}"

"""The campaign side of a game's actions: free unless the action ended the game."""

from __future__ import annotations

from typing import Any

from bot.game.events import GameEnded
from bot.play.campaign_games import after_game, ended


class Entry:
    def __init__(self, event: object) -> None:
        self.event = event


class Outcome:
    def __init__(self, *events: object) -> None:
        self.appended = tuple(Entry(e) for e in events)


class NoServices:
    """Any use of a service fails the test: the question must not be asked."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"{name} was used")


async def test_an_action_that_does_not_end_the_game_asks_no_campaign_question() -> None:
    outcome: Any = Outcome()
    assert await after_game(NoServices(), outcome) is None


def test_the_end_of_the_game_is_found_among_the_appended_events() -> None:
    end = GameEnded(winner=1, reason="conceded", vp={1: 10, 2: 5})
    outcome: Any = Outcome(end)
    assert ended(outcome) is end
    assert ended(Outcome()) is None  # type: ignore[arg-type]

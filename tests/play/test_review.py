"""The review use cases (bot/play/review.py): the channel's latest game, active or ended; a
round's summary only of a round that has ended; the edition's word for a round."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import NotFound, VoxError
from bot.game import GameState
from bot.play import game, pregame, review
from bot.play.actor import Actor
from bot.play.pregame import NewGame
from bot.rules.editions import edition
from tests.harness import ALICE, BOB, CHANNEL_ID, GUILD_ID, Harness

ALICE_ACTS = Actor(ALICE.id, CHANNEL_ID, GUILD_ID)


async def playing(h: Harness, edition_key: str = "9th") -> None:
    await pregame.start(h.bot, ALICE_ACTS, NewGame(BOB.id, first="me", edition=edition_key))


def test_rounds_that_have_ended_are_those_before_the_current_or_the_last_of_a_finished_game() -> (
    None
):
    assert review.rounds_ended(GameState(status="active", round=1)) == 0
    assert review.rounds_ended(GameState(status="active", round=3)) == 2
    assert review.rounds_ended(GameState(status="ended", round=3)) == 3
    assert review.rounds_ended(GameState(status="ended", round=0)) == 0  # ended during set-up


def test_a_round_is_a_game_turn_in_7th() -> None:
    """Seed 001: "In a complete game turn, each player gets a player turn"."""
    assert review.round_word(GameState(edition=edition("7th"))) == "game turn"
    assert review.round_word(GameState(edition=edition("10th"))) == "battle round"
    assert review.round_word(GameState()) == "battle round"


async def test_a_round_out_of_bounds_is_refused_before_the_game_is_read(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:  # no game at all: the bound speaks first
        for bad in (0, 11, -5):
            with pytest.raises(VoxError, match=r"^Pick a round from 1 to 10\.$"):
                await review.summary(h.bot, CHANNEL_ID, bad)
        with pytest.raises(NotFound, match="/game start"):
            await review.summary(h.bot, CHANNEL_ID, 1)


async def test_the_status_of_a_game_being_played_has_no_end(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await playing(h)
        shown = await review.status(h.bot, CHANNEL_ID)
        assert shown.ended is None and shown.state.status == "active"
        log = await review.log(h.bot, CHANNEL_ID)
        assert not log.finished and log.events[0].event.kind == "game_started"


async def test_after_the_end_the_same_game_is_read_with_how_it_ended(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await playing(h)
        before = await review.status(h.bot, CHANNEL_ID)
        await game.end(h.bot, ALICE_ACTS, None, concede=True)
        shown = await review.status(h.bot, CHANNEL_ID)
        log = await review.log(h.bot, CHANNEL_ID)
        summary = await review.summary(h.bot, CHANNEL_ID)
    assert shown.game_id == before.game_id and shown.ended is not None
    assert (shown.ended.winner, shown.ended.conceded) == (BOB.id, ALICE.id)
    assert log.finished and log.events[-1].event.kind == "game_ended"
    assert summary.summary.round == 1  # the end closed battle round 1

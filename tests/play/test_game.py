"""The game-flow use cases (bot/play/game.py, bot/play/pregame.py): a button of another game is
stale before anything is appended, bystanders are refused before any die, and what a change of
phase shows comes from the change itself."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.errors import NotAllowed, Stale, VoxError
from bot.play import game, pregame
from bot.play.actor import Actor
from bot.play.pregame import NewGame, Offer
from bot.rules.dice import ScriptedDice
from tests.harness import ALICE, BOB, CAROL, CHANNEL_ID, DAVE, GUILD_ID, Harness

ALICE_ACTS = Actor(ALICE.id, CHANNEL_ID, GUILD_ID)
DAVE_ACTS = Actor(DAVE.id, CHANNEL_ID, GUILD_ID)
CAROL_ACTS = Actor(CAROL.id, CHANNEL_ID, GUILD_ID, manages_channel=True)


async def playing(h: Harness, **options: object) -> game.Announcement:
    """A 9th-edition game Alice started and goes first in: its first prompt."""
    new = NewGame(BOB.id, first="me", **options)  # type: ignore[arg-type]
    result = await pregame.start(h.bot, ALICE_ACTS, new)
    assert isinstance(result, game.Announcement)
    return result


async def seq(h: Harness) -> int:
    return (await h.bot.tracker.require(CHANNEL_ID)).state.seq


async def test_a_named_first_player_gets_the_first_prompt(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        first = await playing(h)
    assert first.prompt is not None and first.prompt.player == ALICE.id
    assert first.summary is None and first.state.active == ALICE.id


async def test_a_roll_off_offers_its_winner_the_choice(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 5])) as h:  # Bob wins 5–2
        offer = await pregame.start(h.bot, ALICE_ACTS, NewGame(BOB.id))
    assert isinstance(offer, Offer)
    assert offer.chooser == BOB.id and not offer.roles and offer.players == (ALICE.id, BOB.id)


async def test_an_eternum_roll_off_offers_the_attacker(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 2])) as h:
        offer = await pregame.start(h.bot, ALICE_ACTS, NewGame(BOB.id, edition="eternum"))
    assert isinstance(offer, Offer) and offer.roles and offer.chooser == ALICE.id


async def test_a_bot_opponent_is_refused_before_a_game_starts(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        with pytest.raises(VoxError, match="not a bot"):
            await pregame.start(h.bot, ALICE_ACTS, NewGame(BOB.id, opponent_is_bot=True))
        assert await h.bot.tracker.table(CHANNEL_ID) is None


async def test_a_button_of_another_game_is_stale_and_appends_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        first = await playing(h)
        assert first.prompt is not None
        before = await seq(h)
        with pytest.raises(Stale, match="That game is over"):
            await game.advance(h.bot, ALICE_ACTS, first.game_id + 1, first.prompt.seq)
        assert await seq(h) == before


async def test_a_bystanders_next_phase_is_refused_and_appends_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        first = await playing(h)
        before = await seq(h)
        with pytest.raises(NotAllowed):
            await game.advance(h.bot, DAVE_ACTS, first.game_id, first.state.phase_seq)
        assert await seq(h) == before
        moved = await game.advance(h.bot, CAROL_ACTS)  # Manage Channels
    assert moved.prompt is not None and moved.prompt.phase_name == "Movement phase"


async def test_the_last_phase_of_a_round_carries_its_summary(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await playing(h, rounds=1)
        shown = [await game.advance(h.bot, ALICE_ACTS) for _ in range(14)]
    assert [s.summary is not None for s in shown] == [False] * 13 + [True]
    last = shown[-1]
    assert last.prompt is None and last.state.status == "ended" and last.reason
    assert last.summary is not None and last.summary.round == 1


async def test_ending_the_game_names_the_winner(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await playing(h)
        with pytest.raises(NotAllowed):
            await game.end(h.bot, DAVE_ACTS, None)
        ended = await game.end(h.bot, ALICE_ACTS, BOB.id)
    assert ended.prompt is None and ended.state.winner == BOB.id
    assert ended.reason == "ended early"


async def test_only_a_player_has_points_and_the_amount_is_checked_first(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await playing(h)
        with pytest.raises(VoxError, match="1 to 100"):
            await game.change_points(h.bot, ALICE_ACTS, "gain", 0, "")
        with pytest.raises(NotAllowed, match="Only the two players have"):
            await game.change_points(h.bot, CAROL_ACTS, "gain", 1, "")
        points = await game.change_points(h.bot, ALICE_ACTS, "score", 3, "centre")
    assert (points.player, points.vp) == (ALICE.id, 3)


async def test_undo_names_the_change_it_took_back(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await playing(h)
        await game.change_points(h.bot, ALICE_ACTS, "score", 3, "")
        point = (await game.take_back(h.bot, ALICE_ACTS, None)).point
        state = await game.status(h.bot, CHANNEL_ID)
    assert point.actor == ALICE.id and state.vp.get(ALICE.id, 0) == 0


async def test_the_first_turn_roll_off_rolls_nothing_for_a_bystander(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 2])) as h:  # then none left
        offer = await pregame.start(h.bot, ALICE_ACTS, NewGame(BOB.id, edition="eternum"))
        assert isinstance(offer, Offer)
        await pregame.pick_attacker(h.bot, ALICE_ACTS, offer.game_id, ALICE.id, ALICE.id)
        with pytest.raises(NotAllowed):
            await pregame.finish_deploying(h.bot, DAVE_ACTS, offer.game_id, BOB.id)
        with pytest.raises(NotAllowed, match="they pick the Attacker"):
            await pregame.pick_attacker(h.bot, DAVE_ACTS, offer.game_id, ALICE.id, BOB.id)

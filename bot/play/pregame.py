"""Starting a game: who goes first (a roll-off whose winner chooses, or named), a campaign battle
linked to its campaign, and the Eternum set-up (seed 004): the roll-off winner picks the Attacker,
then whoever finished deploying first gets +1 to the roll-off for the first turn."""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import Stale, VoxError
from bot.game import GameState, start_game
from bot.game.flow import (
    choose_first_player,
    choose_roles,
    finish_deployment,
    may_finish_deployment,
)
from bot.play import log_words
from bot.play.actor import Actor, may_change
from bot.play.campaign_games import battleground, link
from bot.play.game import Announcement, Decision, announcement, chosen, current
from bot.play.services import Services
from bot.rules.deployment import FirstTurnRollOff, attacker_defender_rolloff, first_turn_rolloff
from bot.rules.pools import RollOff, roll_off
from bot.tally import describe, recorded_in_game

NOT_A_BOT = "Pick a player as your opponent, not a bot."
NOT_IN_GAME = "That player is not in this game; this button no longer does anything."


@dataclass(frozen=True, slots=True)
class NewGame:
    """What /game start was given, as values."""

    opponent: int
    opponent_is_bot: bool = False
    edition: str | None = None
    rounds: int = 5
    mission: str = ""
    first: str = "rolloff"  # or "me", "opponent"
    battle_forged: bool | None = None
    campaign: str | None = None
    battle_size: str | None = None  # 9th: gives both players its starting CP


@dataclass(frozen=True, slots=True)
class Offer:
    """A roll-off whose winner (`chooser`) answers with buttons: the Attacker (`roles`, Eternum)
    or who takes the first turn."""

    game_id: int
    rolloff: RollOff | FirstTurnRollOff
    chooser: int
    players: tuple[int, ...]
    roles: bool = False
    deployed_first: int | None = None  # Eternum: who got the +1


async def start(services: Services, actor: Actor, new: NewGame) -> Offer | Announcement:
    """Start the channel's game: the roll-off to answer, or (first named) the first prompt."""
    players = (actor.user_id, new.opponent)
    if new.opponent_is_bot:
        raise VoxError(NOT_A_BOT)
    ground, edition = None, new.edition
    if new.campaign:
        ground = await battleground(services, actor, new.campaign, players, edition)
        edition = ground.edition
    started = start_game(
        edition or services.settings.default_edition, players, rounds=new.rounds,
        mission=new.mission, battle_size=new.battle_size,
        options=None if new.battle_forged is None else {"battle_forged": new.battle_forged},
    )  # fmt: skip
    tracker = services.tracker
    table = await tracker.start(actor.guild_id, actor.channel_id, started, actor.user_id)
    if ground is not None:
        await link(services, table.record.id, ground.book)
    game_id, state = table.record.id, table.state
    if new.first == "rolloff":
        eternum = started.edition == "eternum"
        off = attacker_defender_rolloff(services.dice) if eternum else roll_off(services.dice)
        why = "Attacker and Defender" if eternum else "who goes first"
        describe(*log_words.roll_off(why, off, log_words.mentions(state.players)))
        return Offer(game_id, off, state.players[off.winner], state.players, roles=eternum)
    player = actor.user_id if new.first == "me" else new.opponent
    outcome = await tracker.act(
        actor.channel_id, actor.user_id, lambda s: choose_first_player(s, player)
    )
    return await announcement(services, outcome)


async def pick_attacker(
    services: Services, actor: Actor, game_id: int, chooser: int, attacker: int
) -> GameState:
    """Eternum: the roll-off's winner names the Attacker (the other player defends)."""
    decide: Decision = lambda s: choose_roles(s, attacker)  # noqa: E731
    outcome = await chosen(services, actor, game_id, chooser, "pick the Attacker", decide)
    return outcome.state


async def finish_deploying(services: Services, actor: Actor, game_id: int, player: int) -> Offer:
    """Eternum: `player` finished deploying first; the first-turn roll-off, with their +1, is
    rolled once the change is allowed, and its winner chooses who goes first."""
    table = await current(services, actor, game_id)
    may_change(actor, table.state)
    players = table.state.players
    if player not in players:
        raise Stale(NOT_IN_GAME)
    may_finish_deployment(table.state, player)  # before any dice are rolled
    rolloff = first_turn_rolloff(services.dice, players.index(player))
    outcome = await services.tracker.act(
        actor.channel_id, actor.user_id, lambda s: finish_deployment(s, player, rolloff)
    )
    describe(*log_words.roll_off("the first turn", rolloff, log_words.mentions(players)))
    recorded_in_game()  # the roll-off is the DeploymentFinished event's
    chooser = outcome.state.chooser
    assert chooser is not None  # finish_deployment names the roll-off's winner
    return Offer(game_id, rolloff, chooser, players, deployed_first=player)

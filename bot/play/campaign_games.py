"""Games played as campaign battles: the campaign a new game will be a battle of, fielding a
roster unit, and recording the battle when a tracked game ends.

The question a game's every action may ask, "did this end a campaign battle?", costs nothing
unless the action ended the game, and then one statement (`campaign_of_game`).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.campaign import CampaignState, Card, rank, record_battle
from bot.chronicle import Book
from bot.errors import NotAllowed, NotFound
from bot.game import Unit, add_unit
from bot.game.events import GameEnded, GameStarted
from bot.game.report import battle_report
from bot.play.actor import Actor, is_admin, may_change
from bot.play.campaign_aftermath import Next, following
from bot.play.services import Services
from bot.play.units import missing
from bot.rules.errors import IllegalAction
from bot.rules.quote import quoted
from bot.store import campaigns as store
from bot.store.campaigns import CampaignRecord
from bot.tracker import Outcome

NOT_A_BATTLE = "This channel's game is not a campaign battle; start one with /game start campaign:."


@dataclass(frozen=True, slots=True)
class Battleground:
    """The campaign a new game will be a battle of, and the edition it is played in."""

    book: Book
    edition: str


@dataclass(frozen=True, slots=True)
class Fielded:
    """A roster unit at the table: its Crusade card as the campaign has it, and its rank."""

    card: Card
    rank: str
    campaign: str


async def battleground(
    services: Services, actor: Actor, name: str, players: tuple[int, int], edition: str | None
) -> Battleground:
    """The campaign a new game will be a battle of, checked before the game starts."""
    book = await services.chronicle.find(actor.guild_id, name)
    state = book.state
    for player in players:
        if player not in state.players:
            raise IllegalAction(
                f"<@{player}> is not in {state.name}; they join with /campaign join."
            )
    if state.aftermath is not None:
        raise IllegalAction(
            f"Finish the post-battle sequence of battle {state.aftermath.battle} first "
            "(see /campaign status)."
        )
    played = state.edition  # a campaign's battles are played in its own edition
    if edition is not None and edition != played:
        raise IllegalAction(f"{state.name} is played in {played}; leave edition out or pick it.")
    return Battleground(book, played)


async def link(services: Services, game_id: int, book: Book) -> None:
    """Play tracked game `game_id` as a battle of the campaign (once)."""
    await services.chronicle.link(game_id, book)


async def campaign_of_game(services: Services, game_id: int) -> CampaignRecord | None:
    """The campaign game `game_id` is a battle of, or None: one statement."""
    return await store.campaign_for_game(services.db, game_id)


def ended(outcome: Outcome) -> GameEnded | None:
    """The game's end, if this action ended it (no statement)."""
    return next((r.event for r in outcome.appended if isinstance(r.event, GameEnded)), None)


async def field(services: Services, actor: Actor, name: str) -> Fielded:
    """Add a roster unit to the channel's campaign game as a tracked unit (its card's profile)."""
    table = await services.tracker.require(actor.channel_id)
    may_change(actor, table.state)
    record = await campaign_of_game(services, table.record.id)
    if record is None:
        raise IllegalAction(NOT_A_BATTLE)
    book = await services.chronicle.load(record)
    card = book.state.card(name)
    if card is None:
        raise NotFound(
            f"{book.state.name} has no unit called {quoted(name)}; see /campaign roster."
        )
    if card.owner != actor.user_id and not is_admin(actor, book.state):
        raise NotAllowed(f"{card.name} is <@{card.owner}>'s; only they field it.")
    profile = card.profile.model_copy(update={"name": card.name})
    await services.tracker.act(
        table.record.channel_id,
        actor.user_id,
        lambda s: add_unit(s, card.owner, profile, card=True),
    )
    return _fielded(book.state, card)


def _fielded(state: CampaignState, card: Card) -> Fielded:
    return Fielded(card, rank(state.rules, card.xp), state.name)


async def unit_with_card(
    services: Services, channel_id: int, name: str
) -> tuple[Unit, Fielded | None]:
    """Unit `name` of the channel's game and, in a campaign battle, the Crusade card it is (the
    card of that name its owner fielded; None for any other unit or game)."""
    table = await services.tracker.require(channel_id)
    unit = table.state.unit(name)
    if unit is None:
        raise NotFound(missing(name))
    record = await campaign_of_game(services, table.record.id)
    if record is None:
        return unit, None
    state = (await services.chronicle.load(record)).state
    card = state.card(unit.name)
    return unit, (_fielded(state, card) if card and card.owner == unit.owner else None)


async def after_game(services: Services, outcome: Outcome) -> Next | None:
    """If this action ended a campaign game: record the battle and run Vox's steps (Out of
    Action rolls); what the sequence needs next. None for any other action or game."""
    end = ended(outcome)
    if end is None:
        return None
    game_id = outcome.table.record.id
    record = await campaign_of_game(services, game_id)
    if record is None:
        return None
    state, events = outcome.state, await services.tracker.history(outcome.table)
    started = events[0].event
    mission = started.mission if isinstance(started, GameStarted) else ""
    report = battle_report(state, events)
    players = (state.players[0], state.players[1])
    book = await services.chronicle.act(
        record.id,
        None,
        lambda s: record_battle(
            s,
            players,
            winner=end.winner,
            conceded=end.conceded,
            vp=end.vp,
            mission=mission,
            fielded=report.fielded,
            destroyed=report.destroyed,
            kills=report.kills,
            game_id=game_id,
        ),
    )
    return following(book)

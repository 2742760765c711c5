"""Crusade campaigns as members use them: create, join, look one up, note a battle, undo a
change, import an export; and the names autocomplete offers."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from bot.campaign import CampaignState, Card, import_events, join, parse_export
from bot.campaign.actions import Action
from bot.campaign.battles import set_note, undo_choice
from bot.campaign.export import MAX_BYTES
from bot.chronicle import IN_A_SERVER, Book
from bot.errors import NotAllowed, NotFound, VoxError
from bot.play.actor import Actor, is_admin
from bot.play.campaign_games import campaign_of_game
from bot.play.services import Services
from bot.rules.errors import IllegalAction


@dataclass(frozen=True, slots=True)
class Campaign:
    """A campaign as the reply shows it: its id (for components) and its state."""

    campaign_id: int
    state: CampaignState

    @staticmethod
    def of(book: Book) -> Campaign:
        return Campaign(book.record.id, book.state)


@dataclass(frozen=True, slots=True)
class Undone:
    state: CampaignState
    action: Action  # the change taken back


async def find(services: Services, actor: Actor, name: str) -> Campaign:
    """The server's campaign called `name`, to read."""
    return Campaign.of(await services.chronicle.find(actor.guild_id, name))


async def create(services: Services, actor: Actor, name: str, edition: str) -> Campaign:
    """A new campaign in the server; its creator joins it and administers it."""
    if actor.guild_id is None:
        raise NotAllowed(IN_A_SERVER)
    book = await services.chronicle.create(actor.guild_id, name, edition, actor.user_id)
    return Campaign.of(book)


async def enlist(services: Services, actor: Actor, name: str, label: str) -> Campaign:
    """The actor joins the campaign with their own roster."""
    book = await services.chronicle.find(actor.guild_id, name)
    after = await services.chronicle.act(
        book.record.id, actor.user_id, lambda s: join(s, actor.user_id, label)
    )
    return Campaign.of(after)


async def roster(services: Services, actor: Actor, name: str, player: int) -> Campaign:
    """The campaign, if `player` plays in it."""
    found = await find(services, actor, name)
    if player not in found.state.players:
        state = found.state
        raise NotFound(f"<@{player}> is not in {state.name}; they join with /campaign join.")
    return found


async def card(services: Services, actor: Actor, name: str, unit: str) -> tuple[Campaign, Card]:
    """The campaign and its card called `unit`."""
    found = await find(services, actor, name)
    named = found.state.card(unit)
    if named is None:
        raise NotFound(f"{found.state.name} has no unit called {unit}; see /campaign roster.")
    return found, named


async def note(services: Services, actor: Actor, name: str, battle: int, text: str) -> Campaign:
    """A battle's narrative note, written by one of its players or an admin."""
    book = await services.chronicle.find(actor.guild_id, name)
    state = book.state
    if 1 <= battle <= len(state.battles):
        players = state.battles[battle - 1].players
        if actor.user_id not in players and not is_admin(actor, state):
            raise NotAllowed("Only the two players of that battle (or an admin) write its note.")
    await services.chronicle.act(book.record.id, actor.user_id, lambda s: set_note(s, battle, text))
    return Campaign.of(book)


async def undo(services: Services, actor: Actor, name: str, change: int | None) -> Undone:
    """Take back the actor's latest change, or (a moderator) change number `change`."""
    book = await services.chronicle.find(actor.guild_id, name)
    me, state = actor.user_id, book.state
    moderator = is_admin(actor, state) or actor.manages_channel
    if me not in state.players and not moderator:
        raise NotAllowed(f"You are not in {state.name}; only its players undo their changes.")
    action, _ = undo_choice(state, me, moderator=moderator, naming=change)
    seq = state.seq
    after = await services.chronicle.act(
        book.record.id,
        me,
        lambda s: undo_choice(s, me, moderator=moderator, naming=change)[1],
        expect=lambda s: s.seq == seq,
    )
    return Undone(after.state, action)


async def import_campaign(
    services: Services,
    actor: Actor,
    size: int,
    read: Callable[[], Awaitable[bytes]],
    name: str | None,
) -> Campaign:
    """A new campaign from an exported file of `size` bytes (`read` only once it may be one);
    a bad file is one sentence and changes nothing."""
    if actor.guild_id is None:
        raise NotAllowed(IN_A_SERVER)
    if size > MAX_BYTES:
        raise VoxError("That file is over 1 MB, too big for a campaign; pick the right one.")
    try:
        text = (await read()).decode("utf-8")
    except UnicodeDecodeError as exc:
        raise IllegalAction("That file is not text; attach a /campaign export file.") from exc
    data = parse_export(text)
    if name:
        data = data.model_copy(update={"name": name.strip()})
    events = import_events(data, guild=actor.guild_id, creator=actor.user_id)
    book = await services.chronicle.create(
        actor.guild_id, data.name, data.edition, actor.user_id, follow=events[1:]
    )
    return Campaign.of(book)


async def campaign_names(services: Services, actor: Actor, typed: str) -> list[str]:
    """The server's campaigns starting with what is typed (autocomplete)."""
    return await services.chronicle.names(actor.guild_id, typed)


async def card_names(
    services: Services, actor: Actor, campaign: str | None, typed: str
) -> list[str]:
    """Roster units matching what is typed, the actor's own first: of the named campaign, else of
    the campaign the channel's game is a battle of (autocomplete; nothing if there is none)."""
    book = await _named_or_played(services, actor, campaign)
    if book is None:
        return []
    key = typed.casefold()
    cards = [c for c in book.state.cards.values() if key in c.name.casefold()]
    cards.sort(key=lambda c: c.owner != actor.user_id)
    return [c.name for c in cards]


async def _named_or_played(services: Services, actor: Actor, campaign: str | None) -> Book | None:
    if campaign and actor.guild_id is not None:
        try:
            return await services.chronicle.find(actor.guild_id, campaign)
        except VoxError:
            return None
    table = await services.tracker.table(actor.channel_id)
    record = await campaign_of_game(services, table.record.id) if table else None
    return await services.chronicle.load(record) if record else None

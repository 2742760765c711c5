"""Campaign cards made from an army's units: a card from (or linked to) an army unit, and
re-importing the army updates their profiles.

A card remembers its army's name and its unit's label (the unit's name; a later unit of the same
name is `Name 2`, `Name 3` in the list's order, as /army show names it), and only its owner's
army can update it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from bot.armies import field
from bot.armies.model import Army, ArmyUnit, numbered
from bot.campaign import CampaignState, Event, add_card
from bot.campaign.army_cards import Source, link_card, refresh
from bot.campaign.events import ProfilesUpdated
from bot.chronicle import Book
from bot.errors import VoxError
from bot.game.units import NAME_LENGTH
from bot.play import army_lookup
from bot.play.actor import Actor
from bot.play.campaign_roster import CardChanged, validated
from bot.play.services import Services
from bot.rules.editions import edition
from bot.rules.errors import IllegalAction
from bot.rules.names import name_key
from bot.store import campaigns as campaign_store

MAX_CAMPAIGNS = 1000  # the server's campaigns a re-import looks through
# Eternum is the house edition built on 9th: its campaigns take 9th-edition armies.


@dataclass(frozen=True, slots=True)
class FromArmy:
    """The card made (or, `linked`, the existing card updated) and what fielding left out."""

    changed: CardChanged
    linked: bool
    notes: tuple[str, ...] = ()


def labelled(army: Army) -> dict[str, tuple[str, ArmyUnit]]:
    """Each unit by the `name_key` of its label, the name /army show gives it (`numbered`)."""
    return {name_key(label): (label, unit) for label, unit in numbered(army.units)}


def _same_edition(state: CampaignState, army: Army) -> None:
    if not edition(state.edition).fields_lists_of(army.edition):
        raise IllegalAction(
            f"{army.name} is a {army.edition}-edition army and {state.name} is played in "
            f"{state.edition}; pick an army of that edition."
        )


def source(army: Army, label: str, unit: ArmyUnit) -> tuple[Source, tuple[str, ...]]:
    """The card-to-be of an army unit, and what its conversion could not carry over."""
    if unit.missing:
        raise IllegalAction(
            f"{label} has no profile in {army.name} (the list gave only its name); import a "
            "list with its datasheet, then try again."
        )
    fielded = field.unit_profile(unit, army.edition)
    return Source(fielded.profile, unit.points, army.name, label), fielded.notes


async def from_army(
    services: Services,
    actor: Actor,
    campaign: str,
    army_name: str,
    unit: str,
    *,
    name: str | None = None,
    points: int | None = None,
) -> FromArmy:
    """A card on the actor's roster from unit `unit` of their army; if the actor already has a
    card called `name` (default: the unit's label), that card takes the unit's profile, keeping
    its XP, honours, scars and record."""
    book = await services.chronicle.find(actor.guild_id, campaign)
    army = (await army_lookup.army(services, actor, army_name)).army
    _same_edition(book.state, army)
    label, found = army_lookup.unit_of(army, unit)
    made, notes = source(army, label, found)
    made = made if points is None else replace(made, points=points)
    title = (name or label).strip()
    if len(title) > NAME_LENGTH:
        raise IllegalAction(f"{label} is too long for a card's name; give one with name:.")
    me = actor.user_id

    def decide(s: CampaignState) -> list[Event]:
        taken = s.card(title)
        if taken is not None and taken.owner != me:
            raise IllegalAction(f'A card called "{taken.name}" already exists; pick another name.')
        if taken is not None:
            return link_card(s, title, made, actor=me)
        profile = made.profile.model_copy(update={"name": title})
        card = validated(
            name=title, owner=me, profile=profile, points=made.points,
            army=made.army, army_unit=made.army_unit,
        )  # fmt: skip
        return add_card(s, card, actor=me)

    acted = await services.chronicle.act(book.record.id, me, decide)
    linked = any(isinstance(r.event, ProfilesUpdated) for r in acted.appended)
    return FromArmy(CardChanged(acted.state, acted.state.card(title)), linked, notes)


@dataclass(frozen=True, slots=True)
class Refreshed:
    """What re-importing an army did to its cards, in every campaign of the server."""

    updated: tuple[str, ...] = ()  # cards given their unit's new profile
    left: tuple[str, ...] = ()  # cards whose unit is no longer in the army, kept as they were
    refused: tuple[str, ...] = ()  # one sentence each: cards kept because the profile won't fit

    @property
    def sentence(self) -> str:
        """One line for the import's reply (empty when no card comes from the army)."""
        parts = []
        if self.updated:
            parts.append(f"Campaign cards updated: {', '.join(self.updated)}.")
        if self.left:
            parts.append(f"No longer in the list, kept as they were: {', '.join(self.left)}.")
        return " ".join([*parts, *self.refused])


def _army_cards(state: CampaignState, owner: int, army: Army) -> set[str]:
    """The `name_key`s of the army units `owner`'s cards in `state` were made from."""
    return {
        name_key(c.army_unit)
        for c in state.roster(owner)
        if c.army is not None and c.army_unit and name_key(c.army) == name_key(army.name)
    }


def _sources(army: Army, wanted: set[str]) -> tuple[dict[str, Source], list[str]]:
    """The wanted units' card profiles by label key, and a sentence for each that cannot be one
    (no profile in a text export, a value the game cannot read): its cards stay as they were."""
    sources: dict[str, Source] = {}
    refused: list[str] = []
    for key, (label, unit) in labelled(army).items():
        if key not in wanted:
            continue
        try:
            sources[key] = source(army, label, unit)[0]
        except VoxError as exc:
            refused.append(f"{label} kept its old profile: {exc}")
    return sources, refused


async def _books(services: Services, guild_id: int) -> list[Book]:
    records = await campaign_store.list_campaigns(services.db, guild_id, "", MAX_CAMPAIGNS)
    return [await services.chronicle.load(r) for r in records]


async def refresh_report(
    services: Services, actor: Actor, guild_id: int | None, army: Army
) -> Refreshed:
    """Give the actor's cards made from `army` (in the server's campaigns) their unit's new
    profile and points: one event per campaign, recorded as the actor, undone by /campaign undo.
    XP, rank, honours, scars, battles and kills are untouched; a card whose unit left the list
    keeps its profile and is named."""
    if guild_id is None:
        return Refreshed()
    me = actor.user_id
    books = [(b, _army_cards(b.state, me, army)) for b in await _books(services, guild_id)]
    wanted = set().union(*(keys for _, keys in books))
    if not wanted:
        return Refreshed()
    sources, refused = _sources(army, wanted)
    updated: list[str] = []
    left: list[str] = []
    for book, keys in books:
        if not keys:
            continue
        acted = await services.chronicle.act(
            book.record.id, me, lambda s: refresh(s, me, army.name, sources).events
        )
        done = refresh(acted.before, me, army.name, sources)
        updated += done.updated
        left += [n for n in done.left if _gone(acted.before, n, army)]
        refused += done.refused
    return Refreshed(tuple(updated), tuple(left), tuple(refused))


def _gone(state: CampaignState, card: str, army: Army) -> bool:
    """Whether card `card`'s unit left the army (not merely refused a profile)."""
    found = state.card(card)
    return found is not None and name_key(found.army_unit or "") not in labelled(army)

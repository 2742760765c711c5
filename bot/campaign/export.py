"""A campaign as one JSON file: `export(state)`, `parse_export(text)` and `import_events(export)`.

The file holds the players' ledgers, the cards and the battles (results and notes); importing it
gives a log whose state exports the same file. An open post-battle sequence is not exported.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt, ValidationError, model_validator

from bot.campaign import guards
from bot.campaign.events import (
    BattleImported,
    CampaignCreated,
    CardAdded,
    Event,
    PlayerJoined,
    chain,
)
from bot.campaign.models import Battle, Card, problem
from bot.campaign.roster import MAX_LABEL, MAX_NAME
from bot.campaign.rules import CampaignEdition, crusade_rules
from bot.campaign.state import CampaignState
from bot.game.army import checked_profile
from bot.game.units import NAME_LENGTH, Name
from bot.rules.editions import edition as game_edition
from bot.rules.errors import IllegalAction, RulesError
from bot.rules.names import clean_name, name_key
from bot.rules.rulesets import ruleset

MAX_BYTES = 1_000_000
MAX_PLAYERS = 50
MAX_CARDS = 200
MAX_BATTLES = 1000


class ExportPlayer(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: int
    label: str = Field(default="", max_length=40)
    rp: NonNegativeInt
    supply_limit: NonNegativeInt


class CampaignExport(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    vox_campaign: Literal[1] = 1
    name: Name
    edition: CampaignEdition
    players: tuple[ExportPlayer, ...] = Field(max_length=MAX_PLAYERS)
    cards: tuple[Card, ...] = Field(default=(), max_length=MAX_CARDS)
    battles: tuple[Battle, ...] = Field(default=(), max_length=MAX_BATTLES)

    @model_validator(mode="after")
    def _consistent(self) -> CampaignExport:
        """The first inconsistency, located like pydantic's own errors."""
        rules = crusade_rules(self.edition)
        ids: set[int] = set()
        for i, p in enumerate(self.players):
            if p.id in ids:
                raise ValueError(f"players.{i}.id: player {p.id} is listed twice")
            if p.rp > rules.requisition.max:
                raise ValueError(f"players.{i}.rp: {p.rp} RP is over the {rules.name} maximum")
            ids.add(p.id)
        names: set[str] = set()
        for i, card in enumerate(self.cards):
            if card.owner not in ids:
                raise ValueError(f"cards.{i}.owner: {card.owner} is not a player of this campaign")
            if card.key in names:
                raise ValueError(f"cards.{i}.name: a card called {card.name} is listed twice")
            names.add(card.key)
            try:
                guards.within_caps(rules, card)
            except IllegalAction as exc:
                raise ValueError(f"cards.{i}: {str(exc).rstrip('.')}") from exc
        for i, p in enumerate(self.players):
            total = sum(c.points for c in self.cards if c.owner == p.id)
            if total > p.supply_limit:
                raise ValueError(
                    f"players.{i}.supply_limit: the roster of {p.id} totals {total} "
                    f"{rules.supply.unit}, over its limit of {p.supply_limit}"
                )
        for i, battle in enumerate(self.battles):
            if battle.battle != i + 1:
                raise ValueError(f"battles.{i}.battle: expected battle {i + 1}")
            strangers = set(battle.players) - ids
            if strangers:
                raise ValueError(f"battles.{i}.players: {min(strangers)} is not a player")
        return self


def export(state: CampaignState) -> CampaignExport:
    players = tuple(
        ExportPlayer(id=p, label=g.label, rp=g.rp, supply_limit=g.supply_limit)
        for p, g in state.players.items()
    )
    return CampaignExport(
        name=state.name,
        edition=state.edition,
        players=players,
        cards=tuple(state.cards.values()),
        battles=state.battles,
    )


def parse_export(text: str) -> CampaignExport:
    """A campaign file, or IllegalAction naming its first problem."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise IllegalAction("That file is over 1 MB, too big for a campaign; pick the right one.")
    try:
        data = CampaignExport.model_validate_json(text)
    except ValidationError as exc:
        raise IllegalAction(f"{problem(exc)}; fix the file and import it again.") from exc
    return _cleaned(data)


def _cleaned(data: CampaignExport) -> CampaignExport:
    """Every name in the file checked and stored as a typed one would be (`clean_name`), and
    every card read by the attack rules of the campaign's edition; the first problem is located."""
    where = "name"
    try:
        name = clean_name(data.name, "A campaign name", MAX_NAME)
        players = []
        for i, p in enumerate(data.players):
            where = f"players.{i}.label"
            label = clean_name(p.label, "A player label", MAX_LABEL) if p.label.strip() else ""
            players.append(p.model_copy(update={"label": label}))
        rules = ruleset(game_edition(data.edition).attack_ruleset)
        cards, keys = [], set()
        for i, c in enumerate(data.cards):
            where = f"cards.{i}.name"
            title = clean_name(c.name, "A unit name", NAME_LENGTH)
            if name_key(title) in keys:
                raise IllegalAction(f"A card called {title} is listed twice; rename one.")
            keys.add(name_key(title))
            where = f"cards.{i}.profile"
            profile = checked_profile(rules, c.profile.model_copy(update={"name": title}))
            where = f"cards.{i}.honours"
            honours = tuple(clean_name(h, "A Battle Honour", NAME_LENGTH) for h in c.honours)
            where = f"cards.{i}.scars"
            scars = tuple(clean_name(s, "A Battle Scar", NAME_LENGTH) for s in c.scars)
            update = {"name": title, "profile": profile, "honours": honours, "scars": scars}
            cards.append(c.model_copy(update=update))
        for i, b in enumerate(data.battles):
            where = f"battles.{i}"
            for n in (*b.all_fielded, *b.destroyed, *b.kills):
                clean_name(n, "A unit name", NAME_LENGTH)
    except RulesError as exc:
        raise IllegalAction(
            f"{where}: {str(exc).rstrip('.')}; fix the file and import it again."
        ) from exc
    return data.model_copy(update={"name": name, "players": tuple(players), "cards": tuple(cards)})


def import_events(data: CampaignExport, *, guild: int, creator: int) -> list[Event]:
    """A new campaign's log holding the file's players, battles and cards, as one action."""
    return chain(
        CampaignCreated(name=data.name, edition=data.edition, guild=guild, creator=creator),
        *(
            PlayerJoined(player=p.id, label=p.label, rp=p.rp, supply_limit=p.supply_limit)
            for p in data.players
        ),
        *(BattleImported(battle=b) for b in data.battles),
        *(CardAdded(card=c) for c in data.cards),
    )

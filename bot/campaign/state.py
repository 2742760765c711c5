"""The state of a campaign and how each event changes it: `fold(log)`.

Undo appends `EventUndone(seqs)`; `fold` first collects every undone seq, then applies the rest in
order. Undo always reverts the latest live action, so skipping its events is exact.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from bot.campaign import events as ev
from bot.campaign.actions import Action, Actions
from bot.campaign.events import NOT_UNDOABLE, Recorded
from bot.campaign.models import Battle, Card
from bot.campaign.rules import CampaignEdition, CrusadeRules, crusade_rules, rank
from bot.rules.names import name_key


@dataclass(frozen=True, slots=True)
class Ledger:
    """A player's standing: requisition, supply limit and results."""

    rp: int
    supply_limit: int
    label: str = ""
    wins: int = 0
    losses: int = 0
    draws: int = 0
    vp_for: int = 0
    vp_against: int = 0
    conceded: int = 0  # battles this player conceded


@dataclass(frozen=True, slots=True)
class Aftermath:
    """The post-battle sequence of the latest battle; card keys are `name_key`s."""

    battle: int
    rolls: Mapping[str, int] = field(default_factory=dict)
    chosen: frozenset[str] = frozenset()
    marked: Mapping[int, str | None] = field(default_factory=dict)
    xp_awarded: bool = False
    ranked_up: Mapping[str, str] = field(default_factory=dict)  # card key → its new rank
    honoured: frozenset[str] = frozenset()
    requisition: bool = False


@dataclass(frozen=True, slots=True)
class CampaignState:
    name: str
    edition: CampaignEdition
    rules: CrusadeRules
    guild: int
    creator: int
    players: Mapping[int, Ledger] = field(default_factory=dict)
    cards: Mapping[str, Card] = field(default_factory=dict)  # by name_key, in added order
    battles: tuple[Battle, ...] = ()
    aftermath: Aftermath | None = None
    actions: Actions = field(default_factory=Actions)  # live (not undone) actions, oldest first
    seq: int = 0

    def card(self, name: str) -> Card | None:
        return self.cards.get(name_key(name))

    def roster(self, player: int) -> list[Card]:
        return [c for c in self.cards.values() if c.owner == player]

    def roster_total(self, player: int) -> int:
        return sum(c.points for c in self.roster(player))

    @property
    def latest(self) -> Battle | None:
        return self.battles[-1] if self.battles else None


def _cards(state: CampaignState, key: str, card: Card | None) -> dict[str, Card]:
    cards = dict(state.cards)
    if card is None:
        cards.pop(key, None)
    else:
        cards[key] = card
    return cards


def _card(state: CampaignState, name: str) -> Card:
    found = state.card(name)
    if found is None:
        raise ValueError(f"the log names card {name!r}, which does not exist at that point")
    return found


def _aftermath(state: CampaignState, **changes: Any) -> CampaignState:
    assert state.aftermath is not None, "a post-battle event without an open battle"
    return replace(state, aftermath=replace(state.aftermath, **changes))


def _joined(state: CampaignState, e: ev.PlayerJoined) -> CampaignState:
    r = state.rules
    rp = r.requisition.start if e.rp is None else e.rp
    limit = r.supply.start if e.supply_limit is None else e.supply_limit
    return replace(state, players={**state.players, e.player: Ledger(rp, limit, e.label)})


def _ledger(state: CampaignState, player: int, **changes: Any) -> CampaignState:
    ledger = replace(state.players[player], **changes)
    return replace(state, players={**state.players, player: ledger})


def _rp(state: CampaignState, player: int, delta: int) -> CampaignState:
    """Requisition points never go below 0 nor above the edition's maximum."""
    rp = min(state.rules.requisition.max, max(0, state.players[player].rp + delta))
    return _ledger(state, player, rp=rp)


def _supply(state: CampaignState, e: ev.SupplyIncreased) -> CampaignState:
    state = _rp(state, e.player, -e.cost)
    return _ledger(state, e.player, supply_limit=state.players[e.player].supply_limit + e.amount)


def _edited(state: CampaignState, e: ev.CardEdited) -> CampaignState:
    old, new = e.before.key, e.after.key
    cards = {(new if k == old else k): (e.after if k == old else c) for k, c in state.cards.items()}
    return replace(state, cards=cards)


def _profiles(state: CampaignState, e: ev.ProfilesUpdated) -> CampaignState:
    """Each card's profile, points and source; its name, XP, honours, scars and record kept."""
    cards = dict(state.cards)
    for u in e.updates:
        card = _card(state, u.card)
        profile = u.profile.model_copy(update={"name": card.name})
        change = {"profile": profile, "points": u.points, "army": u.army, "army_unit": u.army_unit}
        cards[card.key] = card.model_copy(update=change)
    return replace(state, cards=cards)


def _results(state: CampaignState, battle: Battle) -> CampaignState:
    players = dict(state.players)
    for me in battle.players:
        if me not in players:
            continue
        them = battle.players[1] if me == battle.players[0] else battle.players[0]
        mine = players[me]
        won, lost = battle.winner == me, battle.winner == them
        players[me] = replace(
            mine,
            wins=mine.wins + won,
            losses=mine.losses + lost,
            draws=mine.draws + (battle.winner is None),
            vp_for=mine.vp_for + battle.vp.get(me, 0),
            vp_against=mine.vp_against + battle.vp.get(them, 0),
            conceded=mine.conceded + (battle.conceded == me),
        )
    return replace(state, players=players, battles=(*state.battles, battle))


def _recorded(state: CampaignState, e: ev.BattleRecorded) -> CampaignState:
    """Every fielded card fought one more battle; survived unless destroyed; adds its kills."""
    b = e.battle
    cards = dict(state.cards)
    for name in b.all_fielded:
        card = cards.get(name_key(name))
        if card is not None:
            cards[card.key] = card.model_copy(
                update={
                    "battles": card.battles + 1,
                    "survived": card.survived + (not b.was_destroyed(name)),
                    "kills": card.kills + b.kills_of(name),
                }
            )
    state = _results(replace(state, cards=cards), b)
    return replace(state, aftermath=Aftermath(battle=b.battle))


def _note(state: CampaignState, e: ev.NoteSet) -> CampaignState:
    battles = tuple(
        b.model_copy(update={"note": e.note}) if b.battle == e.battle else b for b in state.battles
    )
    return replace(state, battles=battles)


def _rolled(state: CampaignState, e: ev.OutOfActionRolled) -> CampaignState:
    assert state.aftermath is not None
    return _aftermath(state, rolls={**state.aftermath.rolls, name_key(e.card): e.roll})


def _chosen(state: CampaignState, e: ev.OutOfActionChosen) -> CampaignState:
    assert state.aftermath is not None
    key = name_key(e.card)
    state = _aftermath(state, chosen=state.aftermath.chosen | {key})
    if e.removed:
        return replace(state, cards=_cards(state, key, None))
    card = _card(state, e.card)
    if e.honour_lost is not None:
        honours = list(card.honours)
        del honours[len(honours) - 1 - honours[::-1].index(e.honour_lost)]
        card = card.model_copy(update={"honours": tuple(honours)})
    if e.scar is not None:
        card = card.model_copy(update={"scars": (*card.scars, e.scar)})
    return replace(state, cards=_cards(state, key, card))


def _marked(state: CampaignState, e: ev.MarkedForGreatness) -> CampaignState:
    assert state.aftermath is not None
    return _aftermath(state, marked={**state.aftermath.marked, e.player: e.card})


def _experience(state: CampaignState, e: ev.ExperienceAwarded) -> CampaignState:
    assert state.aftermath is not None
    cards, ranked = dict(state.cards), dict(state.aftermath.ranked_up)
    for award in e.awards:
        card = _card(state, award.card)
        after = card.xp + award.amount
        if rank(state.rules, after) != rank(state.rules, card.xp):
            ranked[card.key] = rank(state.rules, after)
        cards[card.key] = card.model_copy(update={"xp": after})
    return _aftermath(replace(state, cards=cards), xp_awarded=True, ranked_up=ranked)


def _honour(state: CampaignState, e: ev.HonourGained) -> CampaignState:
    a = state.aftermath
    assert a is not None
    card = _card(state, e.card)
    card = card.model_copy(update={"honours": (*card.honours, e.honour)})
    state = replace(state, cards=_cards(state, card.key, card))
    return _aftermath(state, honoured=a.honoured | {card.key})


def _granted(state: CampaignState, e: ev.RequisitionGranted) -> CampaignState:
    for player, amount in e.amounts.items():
        state = _rp(state, player, amount)
    return _aftermath(state, requisition=True)


_HANDLERS: dict[str, Callable[[CampaignState, Any], CampaignState]] = {
    "player_joined": _joined,
    "card_added": lambda s, e: replace(s, cards=_cards(s, e.card.key, e.card)),
    "card_edited": _edited,
    "card_removed": lambda s, e: replace(s, cards=_cards(s, name_key(e.name), None)),
    "profiles_updated": _profiles,
    "requisition_changed": lambda s, e: _rp(s, e.player, e.amount),
    "supply_increased": _supply,
    "battle_recorded": _recorded,
    "battle_imported": lambda s, e: _results(s, e.battle),
    "note_set": _note,
    "out_of_action_rolled": _rolled,
    "out_of_action_chosen": _chosen,
    "marked_for_greatness": _marked,
    "experience_awarded": _experience,
    "honour_gained": _honour,
    "requisition_granted": _granted,
    "aftermath_finished": lambda s, e: replace(s, aftermath=None),
}


def created(entry: Recorded) -> CampaignState:
    """The state a log's first event starts."""
    e = entry.event
    if not isinstance(e, ev.CampaignCreated):
        raise ValueError(f"a campaign log starts with campaign_created, not {e.kind}")
    return CampaignState(
        e.name, e.edition, crusade_rules(e.edition), e.guild, e.creator, seq=entry.seq
    )


def apply(state: CampaignState, entry: Recorded) -> CampaignState:
    """The state after one live event (`fold` has already skipped undone ones)."""
    event = entry.event
    if event.kind not in NOT_UNDOABLE:
        state = _HANDLERS[event.kind](state, event)
        actions = state.actions
        if event.follows and actions:
            last = actions[-1]
            joined = Action((*last.seqs, entry.seq), (*last.kinds, event.kind), last.actor)
            actions = actions.replace_last(joined)
        else:
            actions = actions.push(Action((entry.seq,), (event.kind,), entry.actor))
        state = replace(state, actions=actions)
    return replace(state, seq=entry.seq)


def fold(log: Iterable[Recorded]) -> CampaignState:
    """The state after every live event of a campaign's log (undone actions are skipped)."""
    entries = list(log)
    if not entries:
        raise ValueError("an empty campaign log")
    undone = {s for r in entries if isinstance(r.event, ev.EventUndone) for s in r.event.seqs}
    state = created(entries[0])
    for entry in entries[1:]:
        skipped = entry.seq in undone
        state = replace(state, seq=entry.seq) if skipped else apply(state, entry)
    return state

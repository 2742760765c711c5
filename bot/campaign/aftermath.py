"""The post-battle sequence of a campaign's latest battle, as a state machine over the state.

`pending(state)` names the next step, in this order (Crusade "After the battle", 9th and 10th
edition Core Books): (1) Out of Action tests, rolled by Vox; (2) the owner's choice for each failed
test; (3) each player's Marked for Greatness; (4) experience, by Vox; (5) a Battle Honour for each
unit that gained a rank; (6) requisition points, by Vox; (7) the end of the sequence, by Vox.
Every step is its own action, so undo reverts one step and `pending` asks for it again.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from bot.campaign import guards
from bot.campaign.events import (
    AftermathFinished,
    Event,
    ExperienceAwarded,
    HonourGained,
    MarkedForGreatness,
    OutOfActionChoice,
    OutOfActionChosen,
    OutOfActionRolled,
    Recorded,
    RequisitionGranted,
    chain,
)
from bot.campaign.experience import award
from bot.campaign.models import Battle
from bot.campaign.rules import honour_cap
from bot.campaign.state import Aftermath, CampaignState, apply
from bot.rules.dice import D6, Dice, roll_die
from bot.rules.errors import IllegalAction
from bot.rules.names import clean_name, name_key

StepKind = Literal[
    "out_of_action_rolls",
    "out_of_action",
    "marked_for_greatness",
    "experience",
    "battle_honour",
    "requisition",
    "finish",
]
AUTOMATIC: frozenset[StepKind] = frozenset(
    {"out_of_action_rolls", "experience", "requisition", "finish"}
)
MAX_HONOUR = 60


@dataclass(frozen=True, slots=True)
class Step:
    """What the sequence needs next; `player` is who decides it (None: Vox does it)."""

    kind: StepKind
    battle: int
    card: str | None = None
    player: int | None = None
    choices: tuple[str, ...] = ()  # out_of_action: the outcomes; marked: the cards
    scars: tuple[str, ...] = ()  # out_of_action: the Battle Scars the unit may gain
    rank: str | None = None  # battle_honour: the rank the unit reached

    @property
    def automatic(self) -> bool:
        return self.kind in AUTOMATIC


def _open(state: CampaignState) -> tuple[Aftermath, Battle] | None:
    a, battle = state.aftermath, state.latest
    if a is None or battle is None:
        return None
    return a, battle


def _out_of_action_steps(state: CampaignState, a: Aftermath) -> list[Step]:
    """Crusade "Out of Action tests": a D6 for each destroyed unit; it fails on a 1."""
    steps = []
    for key, roll in a.rolls.items():
        card = state.cards.get(key)
        if card is None or key in a.chosen or roll > state.rules.out_of_action_fails_on:
            continue
        scars = tuple(s for s in state.rules.scars if s not in card.scars)
        can_scar = len(card.scars) < state.rules.max_scars and bool(scars)
        choices = ("devastating_blow", "battle_scar") if can_scar else ("devastating_blow",)
        steps.append(
            Step(
                "out_of_action", a.battle, card.name, card.owner, choices, scars if can_scar else ()
            )
        )
    return steps


def _mark_steps(state: CampaignState, a: Aftermath, battle: Battle) -> list[Step]:
    """Marked for Greatness: each player picks one of their fielded units still on the roster."""
    steps = []
    for player in battle.players:
        cards = [c.name for n in battle.fielded_by(player) if (c := state.card(n)) is not None]
        if player not in a.marked and cards:
            steps.append(Step("marked_for_greatness", a.battle, None, player, tuple(cards)))
    return steps


def _honour_steps(state: CampaignState, a: Aftermath) -> list[Step]:
    """A unit that gains a rank gains a Battle Honour, up to its cap."""
    steps = []
    for key, new_rank in a.ranked_up.items():
        card = state.cards.get(key)
        if card is None or key in a.honoured or len(card.honours) >= honour_cap(state.rules, card):
            continue
        steps.append(Step("battle_honour", a.battle, card.name, card.owner, rank=new_rank))
    return steps


def pending(state: CampaignState) -> Step | None:
    """The next step of the open post-battle sequence, or None when none is open."""
    opened = _open(state)
    if opened is None:
        return None
    a, battle = opened
    destroyed = [c for n in battle.destroyed if (c := state.card(n)) is not None]
    if any(c.key not in a.rolls for c in destroyed):
        return Step("out_of_action_rolls", a.battle)
    waiting = _out_of_action_steps(state, a) or _mark_steps(state, a, battle)
    if waiting:
        return waiting[0]
    if not a.xp_awarded:
        return Step("experience", a.battle)
    honours = _honour_steps(state, a)
    if honours:
        return honours[0]
    return Step("requisition" if not a.requisition else "finish", a.battle)


def _expect(state: CampaignState, kind: StepKind) -> tuple[Aftermath, Battle]:
    step, opened = pending(state), _open(state)
    if step is None or opened is None:
        raise IllegalAction("No post-battle sequence is open; record a battle first.")
    if step.kind != kind:
        raise IllegalAction(f"The post-battle sequence is at {_WHAT[step.kind]}; do that first.")
    return opened


def roll_out_of_action(state: CampaignState, dice: Dice) -> list[Event]:
    """One Out of Action D6 for every destroyed unit still on the roster."""
    a, battle = _expect(state, "out_of_action_rolls")
    cards = [c for n in battle.destroyed if (c := state.card(n)) is not None]
    rolls = [
        OutOfActionRolled(battle=a.battle, card=c.name, roll=roll_die(D6, dice).value)
        for c in cards
        if c.key not in a.rolls
    ]
    return chain(*rolls)


def out_of_action_results(state: CampaignState, rolls: Sequence[OutOfActionRolled]) -> list[str]:
    """`Intercessors: 4, passed` for each Out of Action test, as the players are told it."""
    fails = state.rules.out_of_action_fails_on
    return [f"{r.card}: {r.roll}, {'failed' if r.roll <= fails else 'passed'}" for r in rolls]


def choose_out_of_action(
    state: CampaignState,
    card: str,
    choice: OutOfActionChoice,
    scar: str | None = None,
    *,
    actor: int,
    admin: bool = False,
) -> list[Event]:
    """Devastating Blow (lose the latest Battle Honour; with none, the unit is removed) or a
    Battle Scar (only while it has fewer than 3)."""
    a, _ = _expect(state, "out_of_action")
    found = guards.card(state, card)
    step = next((s for s in _out_of_action_steps(state, a) if s.card == found.name), None)
    if step is None:
        raise IllegalAction(f"{found.name} has no failed Out of Action test to resolve.")
    guards.allowed(actor, found.owner, admin=admin, doing=f"choose for {found.name}")
    if choice == "devastating_blow":
        lost = found.honours[-1] if found.honours else None
        return [
            OutOfActionChosen(
                battle=a.battle, card=found.name, choice=choice, honour_lost=lost, removed=not lost
            )
        ]
    if "battle_scar" not in step.choices:
        raise IllegalAction(
            f"{found.name} already has {len(found.scars)} Battle Scars; take the Devastating Blow."
        )
    named = next(
        (s for s in step.scars if scar is not None and s.casefold() == scar.casefold()), None
    )
    if named is None:
        raise IllegalAction(
            f"Pick a Battle Scar {found.name} does not have: {', '.join(step.scars)}."
        )
    return [OutOfActionChosen(battle=a.battle, card=found.name, choice=choice, scar=named)]


def mark(
    state: CampaignState, player: int, card: str | None, *, actor: int, admin: bool = False
) -> list[Event]:
    """Marked for Greatness: at most one unit per player per battle (None: no unit)."""
    a, battle = _expect(state, "marked_for_greatness")
    step = next((s for s in _mark_steps(state, a, battle) if s.player == player), None)
    if step is None:
        raise IllegalAction(f"<@{player}> has no unit to mark for greatness in this battle.")
    guards.allowed(actor, player, admin=admin, doing="mark their unit for greatness")
    if card is None:
        return [MarkedForGreatness(battle=a.battle, player=player)]
    named = next((c for c in step.choices if name_key(c) == name_key(card)), None)
    if named is None:
        raise IllegalAction(
            f"Mark one of the units <@{player}> fielded: {', '.join(step.choices)}."
        )
    return [MarkedForGreatness(battle=a.battle, player=player, card=named)]


def award_experience(state: CampaignState) -> list[Event]:
    """Battle Experience to every unit that took part (`experience.award`)."""
    a, battle = _expect(state, "experience")
    marked = {name_key(c) for c in a.marked.values() if c is not None}
    cards = [card for name in battle.all_fielded if (card := state.card(name)) is not None]
    awards = tuple(award(state.rules, card, battle, card.key in marked) for card in cards)
    return [ExperienceAwarded(battle=a.battle, awards=awards)]


def name_honour(
    state: CampaignState, card: str, honour: str, *, actor: int, admin: bool = False
) -> list[Event]:
    a, _ = _expect(state, "battle_honour")
    found = guards.card(state, card)
    if not any(s.card == found.name for s in _honour_steps(state, a)):
        raise IllegalAction(f"{found.name} has no Battle Honour to name after this battle.")
    guards.allowed(actor, found.owner, admin=admin, doing=f"name {found.name}'s Battle Honour")
    honour = clean_name(honour, "A Battle Honour", MAX_HONOUR)
    if name_key(honour) in {name_key(h) for h in found.honours}:
        raise IllegalAction(f"{found.name} already has {honour}; name another Battle Honour.")
    return [HonourGained(battle=a.battle, card=found.name, honour=honour)]


def grant_requisition(state: CampaignState) -> list[Event]:
    """+1 RP to each player after the battle, up to the edition's maximum."""
    a, battle = _expect(state, "requisition")
    r = state.rules.requisition
    amounts = {
        p: max(0, min(r.per_battle, r.max - state.players[p].rp))
        for p in battle.players
        if p in state.players
    }
    return [RequisitionGranted(battle=a.battle, amounts=amounts)]


def finish(state: CampaignState) -> list[Event]:
    a, _ = _expect(state, "finish")
    return [AftermathFinished(battle=a.battle)]


_RUN: dict[StepKind, Callable[[CampaignState, Dice], list[Event]]] = {
    "out_of_action_rolls": roll_out_of_action,
    "experience": lambda s, d: award_experience(s),
    "requisition": lambda s, d: grant_requisition(s),
    "finish": lambda s, d: finish(s),
}

_WHAT: dict[StepKind, str] = {
    "out_of_action_rolls": "the Out of Action tests",
    "out_of_action": "an Out of Action choice",
    "marked_for_greatness": "Marked for Greatness",
    "experience": "experience",
    "battle_honour": "a Battle Honour",
    "requisition": "requisition",
    "finish": "its end",
}


def advance(state: CampaignState, dice: Dice) -> list[Event]:
    """Every automatic step due, in order, until one needs a person ([] if none is due)."""
    events: list[Event] = []
    # Each automatic step is due at most once per sequence, so the walk is bounded by their number;
    # a step that did not move the sequence on would be a bug, and is refused rather than looped.
    for _ in range(len(AUTOMATIC)):
        step = pending(state)
        if step is None or not step.automatic:
            return events
        new = _RUN[step.kind](state, dice)
        for event in new:
            state = apply(state, Recorded(state.seq + 1, None, "", event))
        if pending(state) == step:
            raise RuntimeError(f"the automatic step {step.kind} did not move the sequence on")
        events += new
    step = pending(state)
    if step is not None and step.automatic:
        raise RuntimeError(f"more automatic steps than there are kinds of them: {step.kind}")
    return events

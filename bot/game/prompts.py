"""The phase prompt Vox shows for the phase: where we are, what to do, which units can act and
why the others cannot, and what this turn has recorded so far. Built from the state alone, so the
live prompt can be redrawn after any change."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.game import guards
from bot.game.checks import UnitNote, matches, notes
from bot.game.eligibility import Action, eligibility
from bot.game.leadership import Test
from bot.game.state import GameState
from bot.game.this_turn import Line, this_turn
from bot.rules.editions import Phase, UnitCheck


@dataclass(frozen=True, slots=True)
class PhasePrompt:
    """Round, player and phase, the edition's checklist, and the units this phase concerns."""

    edition: str
    round: int
    rounds: int
    player: int
    phase: str  # the phase key, e.g. "morale"
    phase_name: str
    checklist: tuple[str, ...]
    units: tuple[UnitNote, ...]
    cp: dict[int, int]
    vp: dict[int, int]
    seq: int  # the event that entered this phase: a "Next phase" button must not act twice
    test: Test | None = None  # when units take that test now
    testing: tuple[UnitNote, ...] = ()  # those units, the active player's first
    has_cp: bool = True  # False in an edition without Command points (7th): no CP shown
    round_name: str = "Battle round"  # 7th (seed 001): "Game turn"
    full_checklist: bool = True  # the first player turn of the game; afterwards folded
    action: Action | None = None  # what the active player's units do this phase
    eligible: tuple[UnitNote, ...] = ()  # can do it (the reason: a restriction, if any)
    not_eligible: tuple[UnitNote, ...] = ()  # cannot, and why
    combat: tuple[UnitNote, ...] = ()  # in combat, with whom (the Fight phase: in fight order)
    idle: str | None = None  # why nothing can be done this phase
    this_turn: tuple[Line, ...] = ()  # moves, charges and casualties recorded this turn
    turn_vp: dict[int, int] = field(default_factory=dict)  # VP scored this turn, per player


def _testing(state: GameState) -> tuple[Test | None, tuple[UnitNote, ...]]:
    """Seed 000: in the Morale phase each unit that lost models tests, starting with the active
    player's; seed 003: in the Command phase each unit below half-strength takes Battle-shock."""
    assert state.edition is not None and state.active is not None
    rule = state.edition.morale
    phase = state.edition.phase(state.phase_index)
    kind: Test
    if rule.phase != phase.key or rule.kind == "none":
        return None, ()
    kind = rule.kind
    units = [
        UnitNote(u.name, u.owner, kind)
        for u in state.units.values()
        if (u.name.casefold(), kind) not in state.tested
        and any(matches(c, u, state.active) for c in rule.units)
    ]
    units.sort(key=lambda n: n.owner != state.active)  # stable: added order within a player
    return kind, tuple(units)


def _other_checks(state: GameState, phase: Phase, action: Action | None) -> tuple[UnitCheck, ...]:
    """The checks the eligibility lists do not show: the morale test's, and a phase's own when
    no unit acts in it (e.g. 7th's Assault phase)."""
    assert state.edition is not None
    morale = state.edition.morale
    own = phase.units if action is None else ()
    return own + (morale.units if morale.phase == phase.key else ())


def _morale_idle(state: GameState, phase: Phase, testing: tuple[UnitNote, ...]) -> str | None:
    """A Morale phase with no test to take (seed 000: only units that lost models test)."""
    if phase.key != "morale" or testing or not state.units:
        return None
    lost = any(u.lost_this_turn > 0 and not u.destroyed for u in state.units.values())
    return "every test is taken" if lost else "no unit lost models this turn"


def phase_prompt(state: GameState) -> PhasePrompt:
    ed = guards.game_playing(state)
    phase = ed.phase(state.phase_index)
    assert state.active is not None
    test, testing = _testing(state)
    found = eligibility(state, phase)
    return PhasePrompt(
        edition=ed.name,
        round=state.round,
        rounds=state.rounds,
        player=state.active,
        phase=phase.key,
        phase_name=phase.name,
        checklist=phase.checklist,
        units=tuple(notes(state, _other_checks(state, phase, found.action))),
        cp=dict(state.cp),
        vp=dict(state.vp),
        seq=state.phase_seq,
        test=test,
        testing=testing,
        has_cp=ed.command_points is not None,
        round_name=ed.round_name,
        full_checklist=state.round == 1 and state.active == state.first,
        action=found.action,
        eligible=found.eligible,
        not_eligible=found.not_eligible,
        combat=found.combat,
        idle=found.idle or _morale_idle(state, phase, testing),
        this_turn=this_turn(state),
        turn_vp={p: n for p, n in state.turn_vp.items() if n},
    )

"""The phase prompt Vox posts when the phase changes: where we are, what to do, which units."""

from __future__ import annotations

from dataclasses import dataclass

from bot.game import guards
from bot.game.checks import UnitNote, matches, notes
from bot.game.leadership import Test
from bot.game.state import GameState


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


def phase_prompt(state: GameState) -> PhasePrompt:
    ed = guards.game_playing(state)
    phase = ed.phase(state.phase_index)
    assert state.active is not None
    test, testing = _testing(state)
    return PhasePrompt(
        edition=ed.name,
        round=state.round,
        rounds=state.rounds,
        player=state.active,
        phase=phase.key,
        phase_name=phase.name,
        checklist=phase.checklist,
        units=tuple(notes(state, phase)),
        cp=dict(state.cp),
        vp=dict(state.vp),
        seq=state.phase_seq,
        test=test,
        testing=testing,
        has_cp=ed.command_points is not None,
    )

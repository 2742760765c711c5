"""The phase prompt Vox posts when the phase changes: where we are, what to do, which units."""

from __future__ import annotations

from dataclasses import dataclass

from bot.game import guards
from bot.game.checks import UnitNote, notes
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


def phase_prompt(state: GameState) -> PhasePrompt:
    ed = guards.game_playing(state)
    phase = ed.phase(state.phase_index)
    assert state.active is not None
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
    )

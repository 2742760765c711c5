"""The end-of-round summary, read from the log (undone actions left out)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.game.events import (
    CommandPointsGained,
    CommandPointsSpent,
    DamageApplied,
    DiceRolled,
    EventUndone,
    Recorded,
    VictoryPointsScored,
)
from bot.game.reserves import NEVER_ARRIVED
from bot.game.state import GameState, apply


@dataclass(frozen=True, slots=True)
class BiggestAttack:
    unit: str
    source: str
    models_destroyed: int
    seq: int


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """CP and VP per player (totals and this round's changes), casualties and notable rolls.
    `starting_cp`: what each player had when battle round 1 began (the battle size's CP, not a
    gain); `has_cp`: False in an edition without Command points (7th), whose CP is never shown."""

    round: int
    cp: dict[int, int]
    vp: dict[int, int]
    cp_gained: dict[int, int]
    cp_spent: dict[int, int]
    vp_scored: dict[int, int]
    casualties: dict[str, int]  # unit → models destroyed this round
    destroyed: tuple[str, ...]
    biggest: BiggestAttack | None
    notable: tuple[DiceRolled, ...]
    starting_cp: dict[int, int] = field(default_factory=dict)
    has_cp: bool = True


def effective(log: Iterable[Recorded]) -> list[Recorded]:
    """The entries still in force: neither undone nor an undo."""
    entries = list(log)
    undone = {s for r in entries if isinstance(r.event, EventUndone) for s in r.event.seqs}
    return [r for r in entries if r.seq not in undone and not isinstance(r.event, EventUndone)]


def _starting_cp(entries: Iterable[Recorded]) -> dict[int, int]:
    """Each player's CP as battle round 1 began (a battle size's), before any of its gains."""
    state = GameState()
    for entry in entries:
        after = apply(state, entry)
        if after.round == 1:
            break
        state = after
    return {p: n for p, n in state.cp.items() if n}


def _an_attack(hit: DamageApplied) -> bool:
    """Damage that destroyed models in an attack (not Reserves that never arrived)."""
    return hit.models_destroyed > 0 and hit.source != NEVER_ARRIVED


def round_summary(log: Iterable[Recorded], round_: int) -> RoundSummary:
    """What happened in battle round `round_`; an event belongs to the round it was logged in."""
    state = GameState()
    cp_gained: dict[int, int] = {}
    cp_spent: dict[int, int] = {}
    vp_scored: dict[int, int] = {}
    casualties: dict[str, int] = {}
    destroyed: list[str] = []
    notable: list[DiceRolled] = []
    biggest: BiggestAttack | None = None
    at_end = state
    entries = effective(log)
    for entry in entries:
        in_round = state.round == round_
        state = apply(state, entry)
        if not in_round:
            continue
        at_end = state
        match entry.event:
            case CommandPointsGained(player=p, amount=n):
                cp_gained[p] = cp_gained.get(p, 0) + n
            case CommandPointsSpent(player=p, amount=n):
                cp_spent[p] = cp_spent.get(p, 0) + n
            case VictoryPointsScored(player=p, amount=n):
                vp_scored[p] = vp_scored.get(p, 0) + n
            case DamageApplied() as hit:
                lost = hit.models_destroyed
                casualties[hit.unit] = casualties.get(hit.unit, 0) + lost
                if hit.models_after == 0:
                    destroyed.append(hit.unit)
                if _an_attack(hit) and (biggest is None or lost > biggest.models_destroyed):
                    biggest = BiggestAttack(hit.unit, hit.source, lost, entry.seq)
            case DiceRolled(notable=True) as roll:
                notable.append(roll)
            case _:
                pass
    return RoundSummary(
        round=round_,
        cp=dict(at_end.cp),
        vp=dict(at_end.vp),
        cp_gained=cp_gained,
        cp_spent=cp_spent,
        vp_scored=vp_scored,
        casualties={u: n for u, n in casualties.items() if n},
        destroyed=tuple(destroyed),
        biggest=biggest,
        notable=tuple(notable),
        starting_cp=_starting_cp(entries) if round_ == 1 else {},
        has_cp=state.edition is None or state.edition.command_points is not None,
    )

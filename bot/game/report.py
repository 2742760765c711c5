"""What a finished game tells its campaign: the roster units each player fielded, those destroyed,
and the enemy units each one destroyed (Crusade: "Dealers of Death" counts enemy units)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from bot.game.events import DamageApplied, EventUndone, Recorded, UnitAdded
from bot.game.state import GameState


@dataclass(frozen=True, slots=True)
class BattleReport:
    fielded: dict[int, tuple[str, ...]] = field(default_factory=dict)
    destroyed: tuple[str, ...] = ()
    kills: dict[str, int] = field(default_factory=dict)


def battle_report(state: GameState, log: Sequence[Recorded]) -> BattleReport:
    """Read from the final state and the log, ignoring undone actions."""
    undone = {s for r in log if isinstance(r.event, EventUndone) for s in r.event.seqs}
    live = [r.event for r in log if r.seq not in undone]
    cards = {e.profile.name.casefold() for e in live if isinstance(e, UnitAdded) and e.card}
    fielded: dict[int, tuple[str, ...]] = dict.fromkeys(state.players, ())
    destroyed: list[str] = []
    for unit in state.units.values():
        if unit.name.casefold() in cards:
            fielded[unit.owner] = (*fielded[unit.owner], unit.name)
            if unit.destroyed:
                destroyed.append(unit.name)
    kills: Counter[str] = Counter()
    for e in live:
        if not isinstance(e, DamageApplied) or e.attacker is None or e.models_after > 0:
            continue
        killer, victim = state.unit(e.attacker), state.unit(e.unit)
        if killer is None or victim is None or killer.owner == victim.owner:
            continue
        if killer.name.casefold() in cards and victim.destroyed:
            kills[killer.name] += 1
    return BattleReport(fielded, tuple(destroyed), dict(kills))

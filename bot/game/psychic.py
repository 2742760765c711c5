"""Deciding psychic powers in a game: who may manifest what, and recording the attempt.

Seed 000 (Psychic phase): "each PSYKER unit can attempt to manifest ... Smite ... once per battle
round"; other powers: "you cannot attempt to manifest the same psychic power more than once in
the same battle round" across your army; a unit that Fell Back this turn cannot manifest powers
unless it is TITANIC. Seed 002: Smite's warp charge rises by 1 for each other attempt to manifest
Smite made by your army "in this phase". 7th edition (seed 001 is silent; the published 7th
rulebook): a psyker cannot attempt to manifest the same power more than once in a phase.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import NotAllowed
from bot.game import guards
from bot.game.events import PowerAttempted
from bot.game.state import GameState
from bot.game.units import Unit
from bot.rules.errors import IllegalAction

SMITE = "Smite"
PSYCHIC_PHASE = "psychic"


@dataclass(frozen=True, slots=True)
class Manifesting:
    """A psyker allowed to attempt `power` now, with what the attempt needs to know."""

    unit: Unit
    power: str
    earlier_smites: int  # Smite attempts by this army in this phase
    warning: str | None  # said beside the roll, e.g. outside the Psychic phase


def may_manifest(state: GameState, name: str, power: str, actor: int) -> Manifesting:
    """Check a tracked psyker may attempt `power` now; refuse with one sentence if not."""
    ed = guards.game_playing(state)
    if PSYCHIC_PHASE not in ed.phase_keys:
        raise IllegalAction(
            f"{ed.name} has no Psychic phase, so Vox takes no psychic tests in this game."
        )
    unit = guards.alive(state, name)
    if unit.owner != actor:
        raise NotAllowed(f"{unit.name} is <@{unit.owner}>'s unit; only they manifest with it.")
    if unit.fell_back and not unit.profile.has("TITANIC"):
        raise IllegalAction(f"{unit.name} Fell Back this turn, so it cannot manifest powers.")
    if ed.psychic == "warp_charge":
        _once_per_phase(state, unit, power)
    else:
        _once_per_round(state, unit, power)
    earlier = sum(
        1
        for t in state.attempts
        if t.player == unit.owner and t.power == SMITE.casefold() and t.phase_seq == state.phase_seq
    )
    phase = ed.phase(state.phase_index)
    warning = None
    if phase.key != PSYCHIC_PHASE:
        warning = f"It is the {phase.name}: powers are manifested in the Psychic phase."
    return Manifesting(unit, power, earlier, warning)


def _once_per_round(state: GameState, unit: Unit, power: str) -> None:
    key, smite = power.casefold(), power.casefold() == SMITE.casefold()
    for tried in state.attempts:
        if smite and tried.power == key and tried.unit == unit.name.casefold():
            raise IllegalAction(f"{unit.name} already attempted Smite this battle round.")
        if not smite and tried.power == key and tried.player == unit.owner:
            raise IllegalAction(
                f"Your army already attempted {power} this battle round; pick another power."
            )


def _once_per_phase(state: GameState, unit: Unit, power: str) -> None:
    """7th: each psyker attempts each of its powers at most once in a phase."""
    key, name = power.casefold(), unit.name.casefold()
    if any(
        t.power == key and t.unit == name and t.phase_seq == state.phase_seq for t in state.attempts
    ):
        raise IllegalAction(
            f"{unit.name} already attempted {power} this phase; pick another power."
        )


def attempt(
    state: GameState,
    name: str,
    power: str,
    actor: int,
    *,
    total: int,
    passed: bool,
    target: str | None = None,
    mortal_wounds: int | None = None,
) -> list[PowerAttempted]:
    """Record an attempt (checked again against the latest state: two clicks attempt once)."""
    allowed = may_manifest(state, name, power, actor)
    if target is not None:
        target = enemy_target(state, allowed.unit, target).name
    return [
        PowerAttempted(
            unit=allowed.unit.name, player=allowed.unit.owner, power=power, total=total,
            passed=passed, target=target, mortal_wounds=mortal_wounds,
        )
    ]  # fmt: skip


def enemy_target(state: GameState, psyker: Unit, name: str) -> Unit:
    """A living unit of the psyker's opponent."""
    target = guards.alive(state, name)
    if target.owner == psyker.owner:
        raise IllegalAction(f"{target.name} is on {psyker.name}'s side; pick an enemy unit.")
    return target

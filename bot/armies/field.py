"""An army's unit as the game tracks it: a `UnitProfile` with its weapons, for an edition."""

from __future__ import annotations

from dataclasses import dataclass

from bot.armies.model import ArmyUnit, Edition
from bot.game.units import UnitProfile


@dataclass(frozen=True, slots=True)
class Fielded:
    profile: UnitProfile
    notes: tuple[str, ...] = ()  # what fielding could not carry over, one sentence each


def unit_profile(unit: ArmyUnit, edition: Edition) -> Fielded:
    """The game profile of `unit` (placeholder until fielding lands)."""
    raise NotImplementedError

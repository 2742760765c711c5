"""9th edition characteristics: model profiles, weapons by Type, and wound brackets."""

from __future__ import annotations

from bot.armies.model import ArmyWeapon, Bracket, ModelProfile
from bot.armies.tree import Profile, Selection


def model_profile(profile: Profile, models: int) -> ModelProfile:
    """A 9th `Unit` profile (placeholder)."""
    raise NotImplementedError


def weapon(profile: Profile, bearer: ModelProfile | None, count: int) -> ArmyWeapon:
    """A 9th `Weapon` profile carried by `count` models like `bearer` (placeholder)."""
    raise NotImplementedError


def bracket_row(profile: Profile) -> bool:
    """A `Unit` profile that is a lower wound bracket of a model, not a model (placeholder)."""
    raise NotImplementedError


def brackets(unit: Selection) -> tuple[Bracket, ...]:
    """The unit's damage table (placeholder)."""
    raise NotImplementedError

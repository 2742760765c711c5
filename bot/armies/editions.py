"""What differs between the editions when a roster becomes an army: reading model profiles and
weapons, and 9th's wound brackets. 9th goes through `bot.armies.ninth` at call time."""

from __future__ import annotations

from typing import Protocol

from bot.armies import ninth, tenth
from bot.armies.model import ArmyWeapon, Bracket, Edition, ModelProfile
from bot.armies.tree import Profile, Selection


class Reads(Protocol):
    def is_row(self, profile: Profile) -> bool: ...
    def is_weapon(self, profile: Profile) -> bool: ...
    def model(self, profile: Profile, models: int) -> ModelProfile: ...
    def weapon(self, profile: Profile, bearer: ModelProfile | None, count: int) -> ArmyWeapon: ...
    def brackets(self, unit: Selection) -> tuple[Bracket, ...]: ...


class Tenth:
    def is_row(self, profile: Profile) -> bool:
        return False

    def is_weapon(self, profile: Profile) -> bool:
        return tenth.is_weapon(profile)

    def model(self, profile: Profile, models: int) -> ModelProfile:
        return tenth.model_profile(profile, models)

    def weapon(self, profile: Profile, bearer: ModelProfile | None, count: int) -> ArmyWeapon:
        return tenth.weapon(profile, count)

    def brackets(self, unit: Selection) -> tuple[Bracket, ...]:
        return ()


class Ninth:
    def is_row(self, profile: Profile) -> bool:
        return profile.type_name.casefold() == "unit" and ninth.bracket_row(profile)

    def is_weapon(self, profile: Profile) -> bool:
        return ninth.is_weapon(profile)

    def model(self, profile: Profile, models: int) -> ModelProfile:
        return ninth.model_profile(profile, models)

    def weapon(self, profile: Profile, bearer: ModelProfile | None, count: int) -> ArmyWeapon:
        return ninth.weapon(profile, bearer, count)

    def brackets(self, unit: Selection) -> tuple[Bracket, ...]:
        return ninth.brackets(unit)


def reads(edition: Edition) -> Reads:
    return Tenth() if edition == "10th" else Ninth()

"""What an attack does to the tracked unit that made it: its Hazardous tests applied, and its One
Shot weapons spent. Both are recorded in the attack's own action, so one undo takes back all.

Hazardous (10th Core, June 2023; the seeds are silent): "on a 1, a model equipped with it is
destroyed, or, if it is a CHARACTER, MONSTER or VEHICLE, it suffers 3 mortal wounds instead". A
destroyed bearer is the damaged model first (seed 000: "if a model in the unit has already lost
any wounds ... the damage must be allocated to that model"), so each failed test removes the
model with the fewest wounds left. One Shot (10th Core): "The bearer can only shoot with this
weapon once per battle."
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.game.army import damage
from bot.game.arsenal import ONE_SHOT, Armed
from bot.game.events import Event, WeaponSpent
from bot.game.model import GameState
from bot.game.units import Unit
from bot.rules.hazardous import MORTAL_WOUNDS, Hazard, suffers_mortal_wounds
from bot.rules.names import name_key

SOURCE = "Hazardous"


@dataclass(frozen=True, slots=True)
class HazardOutcome:
    """The Hazardous tests after an attack and what they did. `bearer`: the tracked attacking
    unit they were applied to (None: untracked, shown only); `mortal`: it is a CHARACTER, MONSTER
    or VEHICLE, so each failed test is 3 mortal wounds; `after`: the unit once applied."""

    hazard: Hazard
    bearer: str | None = None
    mortal: bool = False
    models_destroyed: int = 0
    after: Unit | None = None

    @property
    def failed(self) -> int:
        return self.hazard.failed


def shown_only(hazard: Hazard | None) -> HazardOutcome | None:
    """Tests of an attack by no tracked unit: shown, applied to nothing."""
    return None if hazard is None else HazardOutcome(hazard)


def hazard_events(state: GameState, name: str, hazard: Hazard) -> list[Event]:
    """The damage the failed tests do to the tracked unit `name` (none when all passed)."""
    unit = state.unit(name)
    if unit is None or unit.destroyed or hazard.failed == 0:
        return []
    if suffers_mortal_wounds(unit.profile.keywords):
        amounts = [MORTAL_WOUNDS] * hazard.failed
        return damage(state, unit.name, amounts, mortal=True, source=SOURCE)
    # each failed test destroys one bearer: the damaged one, then whole ones (excess is lost)
    amounts = [unit.wounds_left] + [unit.profile.wounds] * (hazard.failed - 1)
    return damage(state, unit.name, amounts, source=SOURCE)


def applied(hazard: Hazard, before: Unit, after: Unit | None) -> HazardOutcome:
    """The outcome of `hazard` on the tracked unit, as it was before and is after."""
    lost = before.alive - (after.alive if after is not None else before.alive)
    return HazardOutcome(
        hazard,
        bearer=before.name,
        mortal=suffers_mortal_wounds(before.profile.keywords),
        models_destroyed=lost,
        after=after,
    )


def spent_events(unit: Unit, used: Iterable[Armed]) -> list[Event]:
    """One Shot weapons used by `unit` and not spent yet: spent now."""
    fresh = {name_key(a.name): a.name for a in used if a.has(ONE_SHOT)}
    return [
        WeaponSpent(unit=unit.name, weapon=weapon)
        for key, weapon in fresh.items()
        if key not in unit.spent
    ]

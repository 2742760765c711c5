"""What the game recorded this turn that changes an attack's rolls, as the rules' own phrases.

A unit's move and charge this turn, and its combat, become the situation phrases the attack rules
read (`bot/rules/rulesets.py`), added to a weapon's abilities only where the edition knows the
phrase and the player did not type it already (nor typed another movement phrase):

- Advanced → `advanced` on Assault weapons (seed 000, Assault: "subtract 1 from hit rolls").
- Remained Stationary → `stationary` (10th Core, Heavy: +1 to hit if the unit Remained Stationary).
- Moved, for an INFANTRY unit → `moved` (seed 000, Heavy: "if the firing model's unit has moved
  for any reason this turn").
- Charged → `charged` (10th Core, Lance: +1 to wound if the bearer made a Charge move this turn).
- A MONSTER or VEHICLE shooting in combat → `big guns never tire` (seed 002, seed 003).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.game.arsenal import Armed, big
from bot.game.units import Unit
from bot.rules.rulesets import Modifier, Ruleset


@dataclass(frozen=True, slots=True)
class Situation:
    phrase: str  # the rules' phrase
    label: str  # what the card calls it


ADVANCED = Situation("advanced", "Advanced")
STATIONARY = Situation("stationary", "Remained Stationary")
MOVED = Situation("moved", "Moved")
CHARGED = Situation("charged", "Charged")
BIG_GUNS = Situation("big guns never tire", "Big Guns Never Tire")
MOVEMENT = frozenset({"advanced", "moved", "stationary"})


def _recorded(unit: Unit, weapon: Armed, typed: frozenset[str]) -> list[Situation]:
    found: list[Situation] = []
    if not weapon.melee:
        if unit.advanced and "assault" in typed:
            found.append(ADVANCED)
        if unit.move == "stationary":
            found.append(STATIONARY)
        elif unit.move is not None and unit.profile.has("INFANTRY"):
            found.append(MOVED)
        if big(unit) and unit.in_combat:
            found.append(BIG_GUNS)
    if unit.charged:
        found.append(CHARGED)
    return found


def situations(
    unit: Unit, weapon: Armed, rules: Ruleset, typed: frozenset[str]
) -> tuple[Situation, ...]:
    """The situations of this turn that apply to `weapon`; `typed` holds the phrases already in
    its abilities (its own and the typed ones)."""
    moved_typed = bool(MOVEMENT & typed)
    return tuple(
        s
        for s in _recorded(unit, weapon, typed)
        if s.phrase in rules.phrases
        and s.phrase not in typed
        and not (moved_typed and s.phrase in MOVEMENT)
    )


def _effect(modifier: Modifier, phrase: str, roll: str) -> str:
    what = " ".join(sorted(modifier.needs - {phrase})).title()
    return f"{what} {modifier.value:+d} to {roll}".strip()


def effects(rules: Ruleset, flags: frozenset[str], situation: Situation) -> tuple[str, ...]:
    """What adding `situation` to a weapon with `flags` changes: `Heavy +1 to hit`."""
    after = flags | {situation.phrase}
    found: list[str] = []
    for roll, modifiers in (("hit", rules.hit_modifiers), ("wound", rules.wound_modifiers)):
        found += [
            _effect(m, situation.phrase, roll)
            for m in modifiers
            if m.applies(after) and not m.applies(flags)
        ]
    return tuple(found)

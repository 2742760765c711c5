"""The attack rules of each edition as data: one pipeline reads these, no copied resolvers.

9th edition: seed 000 ("Making Attacks", "Ranged Weapon Types") and seed 002 (Blast, Overwatch, Big
Guns Never Tire). 10th edition: seed 003 (Stealth, Big Guns Never Tire) and, where the seeds are
silent, the published 10th edition Core Rules (June 2023 wording of the weapon abilities, with the
later Devastating Wounds update kept as a separate phrase; see `bot/rules/abilities.py`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from bot.rules.errors import InvalidProfile


class BlastRule(StrEnum):
    """How Blast changes the number of attacks."""

    MINIMUM_THREE = "9th"  # seed 002: at least 3 attacks vs 6+ models, the maximum vs 11+
    PER_FIVE_MODELS = "10th"  # 10th Core: +1 attack for every 5 models in the target unit


@dataclass(frozen=True, slots=True)
class Modifier:
    """Add `value` to a roll when every phrase in `needs` was typed and none in `unless`."""

    needs: frozenset[str]
    value: int
    unless: frozenset[str] = frozenset()

    def applies(self, phrases: frozenset[str]) -> bool:
        return self.needs <= phrases and not self.unless & phrases


def _mod(value: int, *needs: str, unless: tuple[str, ...] = ()) -> Modifier:
    return Modifier(frozenset(needs), value, frozenset(unless))


@dataclass(frozen=True, slots=True)
class Ruleset:
    """What differs between editions when resolving attacks."""

    name: str
    phrases: frozenset[str]
    blast: BlastRule
    rapid_fire_doubles: bool
    strength_of_bearer: bool
    # 10th Core, Benefit of Cover: "...models with a Save of 3+ or better do not receive the
    # benefit of cover against attacks with an AP of 0."
    cover_ignored_by_3up_against_ap0: bool
    hit_modifiers: tuple[Modifier, ...]
    wound_modifiers: tuple[Modifier, ...]
    # Seed 000 (9th): "A unit cannot shoot ... in the same turn that it Fell Back unless it is
    # TITANIC"; seed 003 (10th) names no exception.
    titanic_shoots_after_falling_back: bool = False
    # 10th Core, Pistol: a model shoots its Pistols or its other ranged weapons, "unless it is a
    # MONSTER or VEHICLE model"; seed 000 (9th) has no exception.
    big_models_shoot_pistols_and_others: bool = False
    # 10th Core, Leader: a CHARACTER attached to a Bodyguard unit forms one Attached unit; in 9th
    # a CHARACTER is a unit of its own.
    attached_leaders: bool = False

    def hit_modifier(self, phrases: frozenset[str], typed: int) -> int:
        """Seed 000 and 10th Core: all modifiers are summed, then capped to -1..+1."""
        return _capped(typed + sum(m.value for m in self.hit_modifiers if m.applies(phrases)))

    def wound_modifier(self, phrases: frozenset[str], typed: int) -> int:
        return _capped(typed + sum(m.value for m in self.wound_modifiers if m.applies(phrases)))


def _capped(total: int) -> int:
    return max(-1, min(1, total))


_BOTH = (
    "blast",
    "heavy",
    "assault",
    "pistol",
    "cover",
    "ignores cover",
    "big guns never tire",
    "half range",
    "advanced",
    "moved",
    "stationary",
    "charged",
    "overwatch",
    "reroll hits",
    "reroll wounds",
    "-1 damage",
    "to hit",
    "to wound",
    "rapid fire",
    # The modifiers of defensive, damage and detachment rules (`bot/rules/modifier_phrases.py`);
    # in 9th a critical hit or wound is the unmodified 6.
    "reroll saves",
    "reroll armour saves",
    "reroll invulnerable saves",
    "worsen ap",
    "ignore ap",
    "ignore invulnerable saves",
    "feel no pain vs mortal wounds",
    "halve damage",
    "damage bonus",
    "minimum damage",
    "reroll damage",
    "attacks bonus",
    "reroll attacks",
    "critical hits: mortal wounds",
    "critical hits: damage as mortal wounds",
    "critical wounds: ap",
    "critical wounds: damage",
    "mortal wounds last",
)

NINTH = Ruleset(
    name="9th",
    phrases=frozenset((*_BOTH, "grenade", "dense cover", "bearer strength")),
    blast=BlastRule.MINIMUM_THREE,
    rapid_fire_doubles=True,
    strength_of_bearer=True,
    cover_ignored_by_3up_against_ap0=False,
    hit_modifiers=(
        _mod(-1, "assault", "advanced"),  # seed 000, Assault
        _mod(-1, "heavy", "moved"),  # seed 000, Heavy (type `moved` only for INFANTRY)
        _mod(-1, "heavy", "big guns never tire"),  # seed 002, Big Guns Never Tire
        _mod(-1, "dense cover"),  # 9th Core, Dense Cover
    ),
    wound_modifiers=(),
    titanic_shoots_after_falling_back=True,
)

TENTH = Ruleset(
    name="10th",
    phrases=frozenset(
        (
            *_BOTH,
            "sustained hits",
            "lethal hits",
            "devastating wounds",
            "twin-linked",
            "torrent",
            "melta",
            "anti",
            "lance",
            "stealth",
            "critical hits",
            "critical wounds",
            "hazardous",
            "indirect fire",
            "conversion",
            "extra attacks",
            "one shot",
            "precision",
            "psychic",
            "long range",
        )
    ),
    blast=BlastRule.PER_FIVE_MODELS,
    rapid_fire_doubles=False,
    strength_of_bearer=False,
    cover_ignored_by_3up_against_ap0=True,
    hit_modifiers=(
        _mod(+1, "heavy", "stationary"),  # 10th Core, Heavy: +1 to hit if Remained Stationary
        _mod(-1, "stealth"),  # seed 003, Stealth
        # Seed 003, Big Guns Never Tire: "subtract 1 from that attack's Hit roll [unless shooting
        # with a Pistol]".
        _mod(-1, "big guns never tire", unless=("pistol",)),
        # 10th Core (June 2023), Indirect Fire: "subtract 1 from that attack's Hit roll and the
        # target has the Benefit of Cover against that attack" (cover: `sequence.save_step`).
        _mod(-1, "indirect fire"),
    ),
    wound_modifiers=(_mod(+1, "lance", "charged"),),  # 10th Core, Lance: +1 to wound if charged
    big_models_shoot_pistols_and_others=True,
    attached_leaders=True,
)

RULESETS = {r.name: r for r in (NINTH, TENTH)}


def ruleset(name: str) -> Ruleset:
    """The ruleset for `9th` or `10th`."""
    key = name.strip().lower().removesuffix("edition").strip()
    found = RULESETS.get(key) or RULESETS.get(key + ("th" if key.isdigit() else ""))
    if found is None:
        raise InvalidProfile(
            f"`{name}` is not an edition Vox resolves attacks for; type 9th or 10th."
        )
    return found

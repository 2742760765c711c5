"""Which of a unit's weapons it uses in the current phase, and the phase's default choice.

Shooting phase: the ranged weapons (Range not Melee). Seed 000, Pistol: "When a model equipped with
both a Pistol and another type of ranged weapon ... shoots, it can either shoot with its Pistol(s)
or with its other ranged weapons." Pistols are the default while the unit is in combat ("A model
can make attacks with a Pistol even when its unit is within Engagement Range of enemy units") or
when it has nothing else; Grenades (one model throws one, seed 000) are offered, not preselected.
Fight phase (and 7th's Assault phase): the melee weapons, all preselected (Extra Attacks ones too).
A One Shot weapon fired already this battle (10th Core, One Shot: "The bearer can only shoot with
this weapon once per battle") is still offered, marked spent, but not preselected. What the rules
forbid about a choice is `bot.game.attack_checks`; what the turn changes on the rolls, `situations`.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.game.units import Unit, Weapon
from bot.rules.errors import IllegalAction
from bot.rules.names import name_key

SHOOTING = "shooting"
FIGHTING = ("fight", "assault")  # 7th's melee phase is its Assault phase (seed 001)
BIG = ("MONSTER", "VEHICLE")
ONE_SHOT = "one shot"
SPENT = "One Shot, fired already"  # what the offered list says of a spent One Shot weapon


def phrases(abilities: str) -> frozenset[str]:
    """A weapon's abilities text as its comma-separated phrases, lower-cased."""
    return frozenset(p.strip().lower() for p in abilities.split(",") if p.strip())


@dataclass(frozen=True, slots=True)
class Armed:
    """One of a unit's weapons, by its place in the unit's profile."""

    index: int
    weapon: Weapon

    @property
    def name(self) -> str:
        return self.weapon.name

    @property
    def melee(self) -> bool:
        return self.weapon.range == "Melee"

    def has(self, phrase: str) -> bool:
        return phrase in phrases(self.weapon.abilities)

    @property
    def pistol(self) -> bool:
        return not self.melee and self.has("pistol")

    @property
    def grenade(self) -> bool:
        return not self.melee and self.has("grenade")

    @property
    def kind(self) -> str:
        """`melee`, `pistol`, `grenade` or `ranged`: what the select menu says of it."""
        if self.melee:
            return "melee"
        return "pistol" if self.pistol else "grenade" if self.grenade else "ranged"


@dataclass(frozen=True, slots=True)
class Arsenal:
    """The weapons the phase offers a unit and the ones it preselects (indexes into its
    profile's weapons)."""

    offered: tuple[Armed, ...]
    default: tuple[int, ...]
    fighting: bool

    @property
    def choice(self) -> bool:
        """More than one sensible selection: the player picks (a select menu)."""
        if len(self.offered) < 2:
            return False
        return self.fighting or {a.index for a in self.offered} != set(self.default)


def armed(unit: Unit) -> tuple[Armed, ...]:
    return tuple(Armed(i, w) for i, w in enumerate(unit.profile.weapons))


def spent(unit: Unit, a: Armed) -> bool:
    """A One Shot weapon of `unit` that was fired already this battle."""
    return a.has(ONE_SHOT) and name_key(a.name) in unit.spent


def offered_kind(unit: Unit, a: Armed) -> str:
    """What the offered list says of a weapon: its kind, or that it is spent."""
    return SPENT if spent(unit, a) else a.kind


def big(unit: Unit) -> bool:
    """A MONSTER or VEHICLE: Big Guns Never Tire (seed 002, seed 003)."""
    return any(unit.profile.has(k) for k in BIG)


def arsenal(unit: Unit, phase: str | None) -> Arsenal:
    """The weapons `unit` uses in the phase keyed `phase` (any phase but a fighting one offers
    the ranged weapons: Overwatch shoots in the Charge phase)."""
    weapons = armed(unit)
    if not weapons:
        raise IllegalAction(f"{unit.name} has no weapons yet; add one with /unit weapon.")
    if phase in FIGHTING:
        melee = tuple(a for a in weapons if a.melee)
        if not melee:
            raise IllegalAction(
                f"{unit.name} has no melee weapons; add one (range Melee) with /unit weapon, "
                "or name a weapon with weapon:."
            )
        return Arsenal(melee, _fresh(unit, melee), fighting=True)
    ranged = tuple(a for a in weapons if not a.melee)
    if not ranged:
        raise IllegalAction(
            f"{unit.name} has no ranged weapons to shoot; it attacks with its melee weapons in "
            "the Fight phase, or name a weapon with weapon:."
        )
    return Arsenal(ranged, _shooting_default(unit, ranged), fighting=False)


def _fresh(unit: Unit, group: tuple[Armed, ...]) -> tuple[int, ...]:
    """The indexes of `group` but its spent One Shot weapons; all of them when every one is
    spent (the checks then warn)."""
    return tuple(a.index for a in group if not spent(unit, a)) or tuple(a.index for a in group)


def _shooting_default(unit: Unit, ranged: tuple[Armed, ...]) -> tuple[int, ...]:
    fresh = tuple(a for a in ranged if not spent(unit, a))
    pistols = tuple(a.index for a in fresh if a.pistol)
    others = tuple(a.index for a in fresh if not a.pistol and not a.grenade)
    if pistols and (not others or (unit.in_combat and not big(unit))):
        return pistols
    return others or _fresh(unit, ranged)

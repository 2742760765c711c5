"""A roster as BattleScribe and New Recruit write it, whatever the encoding (`.ros` XML, zipped
`.rosz`, New Recruit's JSON): `roster > forces > force > selections > selection`, each selection
with its profiles, rules, categories, costs and child selections. Readers build this tree and
nothing else; `bot.armies.roster` turns it into an `Army`.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Profile:
    """A `profile`: its `typeName` (`Unit`, `Ranged Weapons`, `Weapon`, `Abilities`, ...), its
    name, and its characteristics by the names the list gives them (`M`, `SV`, `Keywords`),
    each value as text with surrounding whitespace removed (an empty characteristic is `""`)."""

    type_name: str
    name: str
    characteristics: tuple[tuple[str, str], ...]

    def get(self, name: str, default: str = "") -> str:
        """The characteristic called `name` (any case), else `default`."""
        wanted = name.casefold()
        return next((v for k, v in self.characteristics if k.casefold() == wanted), default)


@dataclass(frozen=True, slots=True)
class Rule:
    name: str
    description: str


@dataclass(frozen=True, slots=True)
class Selection:
    """A `selection`. `type` is `unit`, `model` or `upgrade` as written (any of them can be a
    unit, pitfall 1); `number` as written (a child's is often the total for its group);
    `costs` by cost name as written (`pts`, ` PL`, `CP`)."""

    name: str
    type: str
    number: int
    profiles: tuple[Profile, ...]
    rules: tuple[Rule, ...]
    categories: tuple[str, ...]
    costs: tuple[tuple[str, float], ...]
    children: tuple[Selection, ...]

    def cost(self, name: str) -> float:
        return sum(v for k, v in self.costs if k.strip().casefold() == name.casefold())


@dataclass(frozen=True, slots=True)
class Force:
    catalogue: str
    rules: tuple[Rule, ...]
    selections: tuple[Selection, ...]


@dataclass(frozen=True, slots=True)
class Roster:
    """A whole roster. `game_system` is the `gameSystemName` (`Warhammer 40,000 10th Edition`)."""

    name: str
    game_system: str
    forces: tuple[Force, ...]

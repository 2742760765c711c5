"""A unit's weapons: every weapon profile in its subtree, with how many the unit carries.

Weapons sit on models, at unit level with no bearer (9th Eliminators' `Las Fusil`), under
wrapper selections ("Big choppa and slugga") or under other weapons (Dreadnought Combat Weapon
> Storm bolter). A selection's `number` is already the total for its group (9 Boys → `Slugga`
9), and a name can hold a count with number 1 ("2x Stranglethorn Cannon", "2 Fragstorm Grenade
Launchers") (pitfall 4). Weapons are per unit, never a global table (pitfall 6): identical
profiles of one unit become one weapon with the summed count.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from bot.armies.editions import Reads
from bot.armies.model import ArmyWeapon, ModelProfile
from bot.armies.tree import Selection
from bot.armies.units import Group

COUNT_IN_NAME = re.compile(r"^\s*(\d{1,3})\s*[x×]?\s+(?=\D)", re.IGNORECASE)
MAX_COUNT = 200


def unit_weapons(
    unit: Selection, groups: list[Group], bearers: list[ModelProfile | None], reads: Reads
) -> list[ArmyWeapon]:
    """The unit's weapons, merged; `bearers[i]` is the model profile of `groups[i]`."""
    models = {id(g.selection) for g in groups if g.selection is not unit}
    lead = next((b for g, b in zip(groups, bearers, strict=True) if g.selection is unit), None)
    first = lead or next((b for b in bearers if b is not None), None)
    found = list(_walk(unit, unit.number, first, models, reads))
    for group, bearer in zip(groups, bearers, strict=True):
        if group.selection is not unit:
            found += _walk(group.selection, group.count, bearer, models, reads)
    return merge(found)


def _walk(
    selection: Selection,
    count: int,
    bearer: ModelProfile | None,
    skip: set[int],
    reads: Reads,
) -> Iterator[ArmyWeapon]:
    """Weapons on `selection` (`count` of each) and below it, model groups in `skip` left out."""
    for profile in selection.profiles:
        if reads.is_weapon(profile):
            yield reads.weapon(profile, bearer, min(count, MAX_COUNT))
    for child in selection.children:
        if id(child) not in skip:
            yield from _walk(child, carried(child), bearer, skip, reads)


def carried(selection: Selection) -> int:
    """How many of a weapon selection the unit has: its number, times a count in its name."""
    found = COUNT_IN_NAME.match(selection.name)
    return max(selection.number, 1) * (int(found.group(1)) if found else 1)


def merge(weapons: list[ArmyWeapon]) -> list[ArmyWeapon]:
    """Identical profiles as one weapon with the summed count (at most 200)."""
    counts: dict[ArmyWeapon, int] = {}
    for weapon in weapons:
        key = weapon.model_copy(update={"count": 1})
        counts[key] = counts.get(key, 0) + weapon.count
    return [k.model_copy(update={"count": min(n, MAX_COUNT)}) for k, n in counts.items()]

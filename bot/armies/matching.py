"""A text export's units matched by name to units the player already has with profiles.

A text export names units and wargear but carries no characteristics. A unit the player has
imported before (from a BattleScribe or New Recruit file) lends its profiles, defences, keywords
and weapons; the text gives the model count and how many of each weapon the unit carries.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from bot.armies.model import ArmyUnit, ArmyWeapon, ModelProfile
from bot.rules.names import name_key

MAX_COUNT = 200  # the bound of a model or weapon count in the army format
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})
_MODE = re.compile(r"^(?P<base>.+?) [-\u2013] .+$")  # `Plasma gun - supercharge`
_INNER = re.compile(
    r"^(?P<outer>[^()]+?) ?\((?P<inner>[^()]+)\)$"
)  # `Gun Drone (Twin pulse carbine)`


def text_key(name: str) -> str:
    """The key names of a text export are compared by: `name_key`, typographic apostrophes
    (`T’au`, `Shas‘vre`) read as the plain one."""
    return name_key(name.translate(_APOSTROPHES))


def known_index(known: Iterable[ArmyUnit]) -> dict[str, ArmyUnit]:
    """Units with profiles by key; of several with one name, the last given wins."""
    return {text_key(u.name): u for u in known if u.profiles and not u.missing}


def weapon_keys(name: str) -> set[str]:
    """The keys a weapon answers to: its name, and its base name without the `➤` mark and the
    mode (`➤ Plasma gun - standard` answers to wargear "Plasma gun")."""
    bare = name.lstrip("\u27a4> ").strip() or name
    found = _MODE.match(bare)
    return {text_key(bare), text_key(found["base"])} if found else {text_key(bare)}


def item_keys(item: str) -> set[str]:
    """The keys a wargear entry answers to: as written, and the outer and inner names of
    `Gun Drone (Twin pulse carbine)` or `Plasma rifle (Plasma Accelerator Rifle upgrade)`."""
    found = _INNER.match(item)
    keys = {text_key(item)}
    return keys | {text_key(found["outer"]), text_key(found["inner"])} if found else keys


def _counts(wargear: Sequence[tuple[str, int]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for item, count in wargear:
        for key in item_keys(item):
            counts[key] = counts.get(key, 0) + count
    return counts


def _clamp(count: int) -> int:
    return max(1, min(MAX_COUNT, count))


def matched_weapons(
    weapons: Sequence[ArmyWeapon], wargear: Sequence[tuple[str, int]]
) -> tuple[ArmyWeapon, ...]:
    """The known weapons the text lists, each counted as many times as the text lists it (the
    unit's total: 3 models with 2 fusion blasters each carry 6); all of them as known when the
    text lists none of them (it names only other wargear)."""
    counts = _counts(wargear)
    found = [(w, max(counts.get(k, 0) for k in weapon_keys(w.name))) for w in weapons]
    if not any(count for _, count in found):
        return tuple(weapons)
    return tuple(w.model_copy(update={"count": _clamp(n)}) for w, n in found if n)


def scaled_profiles(
    profiles: Sequence[ModelProfile], models: int, groups: Sequence[tuple[str, int]]
) -> tuple[ModelProfile, ...]:
    """The known profiles fitted to the text's model count: a profile named like one of the
    text's model groups takes that group's size; the largest other one takes the rest, so the
    shares hold (1 sergeant + 4 becomes 1 sergeant + 9)."""
    sizes = {text_key(name): count for name, count in groups}
    counts = [sizes.get(text_key(p.name), 0) for p in profiles]
    free = [i for i, n in enumerate(counts) if not n]
    counts = [n or p.models for n, p in zip(counts, profiles, strict=True)]
    if len(profiles) == 1:
        counts = [models]
    elif free:
        largest = max(free, key=lambda i: counts[i])
        counts[largest] = models - (sum(counts) - counts[largest])
    return tuple(
        p.model_copy(update={"models": _clamp(n)}) for p, n in zip(profiles, counts, strict=True)
    )


def match_unit(
    unit: ArmyUnit, groups: Sequence[tuple[str, int]], wargear: Sequence[tuple[str, int]],
    known: Mapping[str, ArmyUnit],
) -> ArmyUnit | None:  # fmt: skip
    """`unit` (name, models, points and wargear from the text) completed from the known unit of
    its name, or None when the player has none."""
    found = known.get(text_key(unit.name))
    if found is None:
        return None
    return unit.model_copy(
        update={
            "profiles": scaled_profiles(found.profiles, unit.models, groups),
            "brackets": found.brackets,
            "invuln": found.invuln,
            "fnp": found.fnp,
            "fnp_mortal": found.fnp_mortal,
            "defence_abilities": found.defence_abilities,
            "conditional": found.conditional,
            "keywords": found.keywords,
            "weapons": matched_weapons(found.weapons, wargear),
            "missing": False,
        }
    )

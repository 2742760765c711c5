"""9th edition characteristics: model profiles, weapons by Type, and wound brackets.

A 9th `Unit` profile has `M WS BS S T W A Ld Save`; a `Weapon` profile has `Range Type S AP D
Abilities`, its attacks and keywords written in `Type` (`Rapid Fire 2`, `Heavy D6`, `Grenade D6`,
`Melee`) and its skill taken from the model that carries it. A model whose characteristics fall as
it loses wounds is written either as three `Unit` profiles (`Exocrine [1] (8+ wounds)`, `[2] ...`,
`[3] ...`, the lower ones with W `N/A`) or with `*` characteristics and `Wound Track` rows whose
first row names the columns. Values stay as the list writes them (`*`, `N/A`, `User`, `x2`).
"""

from __future__ import annotations

import re

from bot.armies.damage_table import KEYS, bracket_row, brackets, clean, profile_name
from bot.armies.damage_table import value as _value
from bot.armies.model import ArmyWeapon, ModelProfile
from bot.armies.tree import Profile

__all__ = ["bracket_row", "brackets", "is_weapon", "model_profile", "profile_name", "weapon"]

_WEAPON_COLUMNS = ("Range", "Type", "S", "AP", "D")
_BLANK = frozenset({"", "-", "\u2013", "\u2014"})
# The Type's first number or dice: `Rapid Fire 2`, `Heavy D3+6`, `Assault 2D6`, `Dakka 3/2`
_SHOTS = re.compile(r"\d*\s*D\d+(?:\s*\+\s*\d+)?|\d+", re.IGNORECASE)
# A named ability in the Abilities column (`Blast`, `Plague Weapon`), not a sentence of rules
_NAMED = re.compile(r"^[A-Z][\w'’-]*(?: [A-Z][\w'’-]*){0,2}$")


def _text(text: str, default: str) -> str:  # a name: at most 100 characters
    return clean(text)[:100] or default


def _count(n: int) -> int:
    return max(1, min(n, 200))


def model_profile(profile: Profile, models: int) -> ModelProfile:
    """A 9th `Unit` profile used by `models` models (bounded 1..200); a characteristic the
    profile leaves empty is None, every other one as written (`*`, `N/A`, `-`)."""
    values: dict[str, str | None] = {}
    for column, raw in profile.characteristics:
        key = KEYS.get(column.strip().casefold())
        if key is not None and key not in values:
            values[key] = _value(raw) or None
    return ModelProfile(name=profile_name(profile), models=_count(models), **values)


def is_weapon(profile: Profile) -> bool:
    """A 9th `Weapon` profile with a characteristic: not the placeholder row (every
    characteristic `-`) that introduces a weapon with several profiles (`Manreaper`)."""
    if profile.type_name.strip().casefold() != "weapon":
        return False
    return any(_value(profile.get(column)) not in _BLANK for column in _WEAPON_COLUMNS)


def _melee(profile: Profile) -> bool:
    kind = _value(profile.get("Type")).casefold()
    return kind == "melee" or _value(profile.get("Range")).casefold() == "melee"


def _ability_keywords(abilities: str) -> tuple[str, ...]:
    """The short named abilities of the Abilities column (`Blast`, `Plague Weapon`); prose
    sentences are rules text, not keywords."""
    parts = (p.strip() for p in re.split(r"[.;]\s*", clean(abilities)))
    return tuple(p[:60] for p in parts if _NAMED.match(p))


def _ranged(kind: str) -> tuple[str, tuple[str, ...]]:
    """The attacks and the keyword a ranged Type gives: `Heavy D6` -> (`D6`, (`Heavy`,))."""
    found = _SHOTS.search(kind)
    word = (kind[: found.start()] if found else kind).strip()
    shots = found.group().replace(" ", "") if found else "1"
    return shots, ((word[:60],) if word not in _BLANK else ())


def weapon(profile: Profile, bearer: ModelProfile | None, count: int) -> ArmyWeapon:
    """A 9th `Weapon` profile carried by `count` models like `bearer`. Melee: the bearer's A
    and WS (`1` and `N/A` without a bearer). Ranged: attacks from the Type, the bearer's BS,
    and the Type's word (`Rapid Fire`, `Heavy`, `Assault`, `Pistol`, `Grenade`, `HunTR`...)
    as a keyword. Short named abilities (`Blast`) become keywords too.
    Raises ValueError for a placeholder row: call `is_weapon` first."""
    if not is_weapon(profile):
        raise ValueError(f"{profile.name!r} is not a weapon profile")
    kind = _value(profile.get("Type"))
    abilities = _ability_keywords(profile.get("Abilities"))
    if _melee(profile):
        attacks = (bearer.attacks if bearer else None) or "1"
        skill = (bearer.ws if bearer else None) or "N/A"
        keywords = abilities
    else:
        attacks, words = _ranged(kind)
        skill = (bearer.bs if bearer else None) or "N/A"
        keywords = words + tuple(a for a in abilities if a not in words)
    return ArmyWeapon(
        name=_text(profile.name, "Weapon"),
        kind="melee" if _melee(profile) else "ranged",
        count=_count(count),
        range=_value(profile.get("Range")) or ("Melee" if _melee(profile) else "-"),
        attacks=_value(attacks),
        skill=skill,
        strength=_value(profile.get("S")) or "User",
        ap=_value(profile.get("AP")) or "0",
        damage=_value(profile.get("D")) or "1",
        keywords=keywords[:40],
        type=kind or None,
    )

"""Which of an attacking unit's weapons an attack uses, as `weapon:` says.

`weapon:` is a weapon's name, several names separated by commas, `melee` (every melee weapon, as
the Fight phase offers them) or `ranged` (the ranged weapons as the Shooting phase picks them:
Pistols only when the unit has nothing else, Grenades left out, `bot.game.arsenal`); of a weapon
with several profiles, `melee` and `ranged` take the first (name the other to use it). With no
`weapon:`, a tracked unit uses all of its weapons (or the ones chosen in the game's phase) and an
army unit its ranged weapons as the Shooting phase picks them. At most `MAX_WEAPONS` at a time.
"""

from __future__ import annotations

import re

from bot.errors import NotFound, Stale, VoxError
from bot.game import Unit
from bot.game.arsenal import Armed, armed, arsenal
from bot.rules.errors import IllegalAction, TooManyDice
from bot.rules.names import name_key
from bot.rules.profiles import MAX_WEAPONS
from bot.rules.quote import quoted

KINDS = {"melee": "fight", "ranged": "shooting"}  # `weapon:` kind → the phase that picks them


def picked_weapons(unit: Unit, name: str | None, listed: bool = False) -> tuple[Armed, ...]:
    """The unit's weapons `name` says (see the module); `listed`: an army unit's defaults."""
    weapons = armed(unit)
    if not weapons:
        raise VoxError(f"{unit.name} has no weapons yet; add one with /unit weapon.")
    if name is None:
        return _at_most(unit, _kind(unit, "ranged") if listed else weapons)
    key = name_key(name)
    whole = any(name_key(a.name) == key for a in weapons)
    if key in KINDS and not whole:
        return _at_most(unit, _kind(unit, key))
    wanted = [name] if whole else [n for n in name.split(",") if n.strip()] or [name]
    chosen = {a.index: a for n in wanted for a in _named(unit, weapons, n)}
    return _at_most(unit, tuple(chosen[i] for i in sorted(chosen)))


def used_weapons(
    unit: Unit, name: str | None, chosen: tuple[int, ...] | None, listed: bool = False
) -> tuple[Armed, ...]:
    """The weapons an attack by `unit` uses: the ones chosen in the phase (by index), else as
    `weapon:` says."""
    return picked_weapons(unit, name, listed) if chosen is None else _by_index(unit, chosen)


def _named(unit: Unit, weapons: tuple[Armed, ...], name: str) -> tuple[Armed, ...]:
    found = tuple(a for a in weapons if name_key(a.name) == name_key(name))
    if not found:
        names = ", ".join(a.name for a in weapons)
        raise NotFound(f"{unit.name} has no weapon called {quoted(name.strip())}; it has: {names}.")
    return found


def _kind(unit: Unit, kind: str) -> tuple[Armed, ...]:
    try:
        offer = arsenal(unit, KINDS[kind])
    except IllegalAction:
        names = ", ".join(a.name for a in armed(unit))
        raise IllegalAction(
            f"{unit.name} has no {kind} weapons; name one with weapon: (it has: {names})."
        ) from None
    return _one_profile_each(tuple(a for a in offer.offered if a.index in offer.default))


def _one_profile_each(picked: tuple[Armed, ...]) -> tuple[Armed, ...]:
    """A weapon with several profiles (`Plasma incinerator - standard` and `- supercharge`)
    attacks with one of them each time (10th Core, weapons with multiple profiles): the first."""
    seen: set[str] = set()
    kept: list[Armed] = []
    for a in picked:
        base = name_key(re.split(r"\s+[-–—]\s+", a.name, maxsplit=1)[0])
        if base not in seen:
            seen.add(base)
            kept.append(a)
    return tuple(kept)


def _at_most(unit: Unit, picked: tuple[Armed, ...]) -> tuple[Armed, ...]:
    if len(picked) > MAX_WEAPONS:
        raise TooManyDice(
            f"That is {len(picked)} weapons of {unit.name} and Vox resolves {MAX_WEAPONS} at a "
            "time; name the ones you want in weapon: (comma-separated), or type weapon:melee or "
            "weapon:ranged."
        )
    return picked


def _by_index(unit: Unit, chosen: tuple[int, ...]) -> tuple[Armed, ...]:
    weapons = armed(unit)
    if not chosen or any(not 0 <= i < len(weapons) for i in chosen):
        raise Stale(f"The weapons of {unit.name} have changed since; type /attack again.")
    return tuple(weapons[i] for i in chosen)

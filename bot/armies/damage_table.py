"""9th edition damage tables (pitfall 7 of the roster formats): a model whose characteristics
fall as it loses wounds is written in one of two ways.

- Three `Unit` profiles: `Harpy [1] (7+ wounds)`, `Harpy [2] (4-6 wounds)`, `Harpy [3] (1-3
  wounds)` (or `Plagueburst Crawler 1 (6+ wounds remaining)`), the lower ones with W `N/A`. The
  first is the model; the others are brackets. The table keeps the characteristics that change.
- `*` characteristics on the `Unit` profile, and `Wound Track` profiles whose first row is a
  header naming the columns (`Remaining W | M | BS | A`), then one row per bracket.
"""

from __future__ import annotations

import re

from bot.armies.model import Bracket
from bot.armies.tree import Profile, Selection

# The columns of a 9th `Unit` profile and of `Wound Track` headers, by the names lists give them.
KEYS: dict[str, str] = {
    "m": "movement", "movement": "movement", "ws": "ws", "weapon skill": "ws",
    "bs": "bs", "ballistic skill": "bs", "s": "strength", "strength": "strength",
    "t": "toughness", "toughness": "toughness", "w": "wounds", "wounds": "wounds",
    "a": "attacks", "attacks": "attacks", "ld": "leadership", "leadership": "leadership",
    "save": "save", "sv": "save",
}  # fmt: skip
# `Harpy [1] (7+ wounds)`, `Plagueburst Crawler 2 (3-5 wounds remaining)`
BRACKET = re.compile(
    r"^(?P<base>.*?)\s*(?P<row>\[(?P<a>\d)\]|(?P<b>\d))\s*\((?P<span>[^()]*\bwounds?\b[^()]*)\)\s*$",
    re.IGNORECASE,
)
_REMAINING = "remaining"


def clean(text: str) -> str:
    """`text` with non-breaking and repeated spaces made one space."""
    return " ".join(text.replace("\u00a0", " ").split())


def value(text: str) -> str:
    """A characteristic as written (at most 30 characters)."""
    return clean(text)[:30]


def profile_name(profile: Profile) -> str:
    """The model's name without a wound bracket's suffix (`Exocrine [1] (8+ wounds)` ->
    `Exocrine`), to match a model selection by name."""
    found = BRACKET.match(profile.name)
    return clean(found["base"] if found else profile.name)[:100] or profile.type_name or "Model"


def _is(profile: Profile, type_name: str) -> bool:
    return profile.type_name.strip().casefold() == type_name


def bracket_row(profile: Profile) -> bool:
    """A `Unit` profile that is a lower wound bracket of a model (`Harpy [2] (4-6 wounds)`,
    `Plagueburst Crawler 3 (1-2 wounds remaining)`), not a model: the first row is the model."""
    found = BRACKET.match(profile.name) if _is(profile, "unit") else None
    return found is not None and int(found["a"] or found["b"]) > 1


def _keyed(profile: Profile) -> dict[str, str]:
    keyed: dict[str, str] = {}
    for column, raw in profile.characteristics:
        key = KEYS.get(column.strip().casefold())
        if key is not None and key not in keyed:
            keyed[key] = value(raw)
    return keyed


def _changing(rows: list[dict[str, str]]) -> list[str]:
    """The characteristics that differ between the rows (W, `N/A` below the first, is not
    one); every one but W when none differ."""
    keys = [k for k in rows[0] if k != "wounds"]
    changing = [k for k in keys if len({row.get(k) for row in rows}) > 1]
    return changing or keys


def _unit_groups(profiles: list[Profile]) -> dict[str, dict[str, Profile]]:
    """Bracketed `Unit` profiles by model name, each group by its row (`[1] (7+ wounds)`)."""
    groups: dict[str, dict[str, Profile]] = {}
    for profile in profiles:
        found = BRACKET.match(profile.name) if _is(profile, "unit") else None
        if found is not None:
            row = clean(profile.name[found.start("row") :])
            groups.setdefault(clean(found["base"]), {}).setdefault(row, profile)
    return {base: rows for base, rows in groups.items() if len(rows) > 1}


def unit_rows(profiles: list[Profile]) -> list[Bracket]:
    """The brackets written as several `Unit` profiles of one model; the row is named as the
    list names it (`[2] (4-6 wounds)`), after the model's name when the unit has several."""
    groups = _unit_groups(profiles)
    found: list[Bracket] = []
    for base, rows in groups.items():
        keyed = {row: _keyed(profile) for row, profile in rows.items()}
        changing = _changing(list(keyed.values()))
        for row, characteristics in keyed.items():
            found.append(
                Bracket(
                    remaining=(row if len(groups) == 1 else f"{base} {row}")[:100],
                    characteristics={k: v for k, v in characteristics.items() if k in changing},
                )
            )
    return found


def _header(profile: Profile) -> dict[str, str] | None:
    """A `Wound Track` row that names the columns (`Remaining W`, `M`, `BS`, `A`): each
    column's key, or None when the row holds values."""
    named: dict[str, str] = {}
    for column, raw in profile.characteristics:
        text = value(raw).casefold()
        if _REMAINING in text:
            named[column] = _REMAINING
        elif text in KEYS:
            named[column] = KEYS[text]
        elif text:
            return None
    return named if any(k != _REMAINING for k in named.values()) else None


def _own_columns(profile: Profile) -> dict[str, str]:
    """Without a header row, the columns' own names (`Remaining W`, `M`, ...)."""
    named = {
        c: KEYS[c.strip().casefold()]
        for c, _ in profile.characteristics
        if c.strip().casefold() in KEYS
    }
    for column, _ in profile.characteristics:
        if _REMAINING in column.casefold():
            named[column] = _REMAINING
    return named


def _tracked(profile: Profile, header: dict[str, str]) -> Bracket:
    remaining = next((c for c, k in header.items() if k == _REMAINING), None)
    if remaining is None and profile.characteristics:
        remaining = profile.characteristics[0][0]
    characteristics = {
        header[c]: value(raw)
        for c, raw in profile.characteristics
        if header.get(c, _REMAINING) != _REMAINING and c != remaining
    }
    label = value(profile.get(remaining)) if remaining else ""
    return Bracket(remaining=label or clean(profile.name)[:100], characteristics=characteristics)


def tracked_rows(profiles: list[Profile]) -> list[Bracket]:
    """The brackets written as `Wound Track` rows, each read by the header row before it."""
    found: list[Bracket] = []
    header: dict[str, str] | None = None
    for profile in profiles:
        if not _is(profile, "wound track"):
            continue
        named = _header(profile)
        if named is not None:
            header = named
        else:
            found.append(_tracked(profile, header or _own_columns(profile)))
    return found


def _profiles(unit: Selection) -> list[Profile]:
    found = list(unit.profiles)
    for child in unit.children:
        found.extend(_profiles(child))
    return found


def brackets(unit: Selection) -> tuple[Bracket, ...]:
    """The damage table of the unit's models, from bracketed `Unit` profiles or from `Wound
    Track` rows: at most 6 rows, a row repeated by identical models given once."""
    profiles = _profiles(unit)
    unique: list[Bracket] = []
    for row in unit_rows(profiles) or tracked_rows(profiles):
        if row not in unique:
            unique.append(row)
    return tuple(unique[:6])

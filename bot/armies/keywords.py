"""A weapon's keywords as a list writes them → the abilities phrases Vox's attack rules read.

10th: the weapon abilities of the Core Rules (June 2023) as list builders write them
(`Rapid Fire 1`, `Anti-Infantry 4+`, `Sustained Hits D3`, `Devastating Wounds`, `Indirect Fire`,
`One Shot`...), each read by `bot.rules.abilities.parse_abilities` for the edition. 9th: the
weapon's Type (`Rapid Fire 2`, `Heavy D6`, `Assault 2`, `Pistol 1`, `Grenade D6`) gives its
phrase, and its Strength `User`, `+1` or `x2` needs the bearer's Strength (`bearer strength N`,
the phrase `/unit weapon` reads). Anything else (`Plague Weapon`, `Linked Fire`, a faction rule)
is kept as written, shown but not applied, with one warning sentence: never dropped, never
blocking the import.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.armies.model import ArmyWeapon, Edition
from bot.rules.abilities import parse_abilities
from bot.rules.errors import RulesError
from bot.rules.rulesets import ruleset

MAX_OTHER = 10  # `Weapon.other` holds at most this many
OTHER_LENGTH = 60
NONE = frozenset({"", "-", "–", "n/a", "none"})

# 10th keyword (lower case, single spaces) → its phrase; `{}` is the keyword's own value.
_TENTH: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), phrase)
    for pattern, phrase in (
        (r"(assault|heavy|pistol|blast|torrent|lance|hazardous|precision|psychic)", "{}"),
        (r"(lethal hits|ignores cover|indirect fire|one shot|conversion|extra attacks)", "{}"),
        (r"twin[- ]linked", "twin-linked"),
        (r"devastating wounds", "devastating wounds"),
        (r"rapid fire (\d+)", "rapid fire {}"),
        (r"melta (\d+)", "melta {}"),
        (r"sustained hits (\d+|d3|d6)", "sustained hits {}"),
        (r"anti-? ?([a-z][a-z ]*[a-z]) (\d)\+", "anti-{} {}+"),
    )
)
# 9th Type (seed 000, "Ranged Weapon Types") → its phrase; Melee and a bare number need none.
_NINTH_TYPES = {"rapid fire": "rapid fire", "heavy": "heavy", "assault": "assault",
                "pistol": "pistol", "grenade": "grenade"}  # fmt: skip
_TYPE = re.compile(r"([a-z][a-z ]*?)\s*(\d+|\d*d\d+(?:\s*\+\s*\d+)?)?")
_BEARER = re.compile(r"user|[+x×*]\s*\d{1,2}")


@dataclass(frozen=True, slots=True)
class Read:
    """What a weapon's keywords gave: the phrases applied, the ones shown only, and one warning
    sentence per keyword shown only."""

    abilities: tuple[str, ...] = ()
    other: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        """The abilities as `/unit weapon abilities:` takes them."""
        return ", ".join(self.abilities)


def _plain(text: str) -> str:
    text = text.replace("–", "-").replace("−", "-").replace("\u00a0", " ")
    return " ".join(text.lower().split())


def phrase(keyword: str, edition: Edition) -> str | None:
    """The phrase of one 10th keyword as written in a list, or None if Vox does not apply it."""
    plain = _plain(keyword)
    if edition == "9th":
        return valid(plain, edition) if plain in {"blast", *_NINTH_TYPES} else None
    for pattern, template in _TENTH:
        m = pattern.fullmatch(plain)
        if m is not None:
            return valid(template.format(*(m.groups() or (plain,))), edition)
    return None


def valid(text: str, edition: Edition) -> str | None:
    """`text` if the edition's rules read it (e.g. `sustained hits 9` is refused: too many)."""
    try:
        parse_abilities(text, ruleset(edition))
    except RulesError:
        return None
    return text


def type_phrase(weapon_type: str | None) -> tuple[str | None, str | None]:
    """9th: a weapon's Type → (its phrase, or None; the Type itself when Vox does not know it)."""
    plain = _plain(weapon_type or "")
    m = _TYPE.fullmatch(plain)
    if plain in NONE or plain == "melee" or plain.isdigit():
        return None, None
    kind = m.group(1) if m else plain
    if kind in _NINTH_TYPES:
        return _NINTH_TYPES[kind], None
    return None, (weapon_type or "").strip()


def bearer_strength(strength: str, bearer: int | None) -> str | None:
    """9th: `bearer strength N` for a Strength of `User`, `+1` or `x2` (seed 004, "Weapons")."""
    if bearer is None or _BEARER.fullmatch(_plain(strength)) is None:
        return None
    return f"bearer strength {bearer}"


def read_weapon(weapon: ArmyWeapon, edition: Edition, bearer: int | None = None) -> Read:
    """Every keyword of `weapon` (and, 9th, its Type and Strength) read for the edition; a
    keyword the rules refuse beside the others (the same one twice) is shown only."""
    found: list[str] = []
    other: list[str] = []
    written: list[tuple[str, str | None]] = [
        (k.strip(), phrase(k, edition)) for k in weapon.keywords
    ]
    if edition == "9th":
        typed, unknown = type_phrase(weapon.type)
        written[:0] = [(unknown or "", typed), ("", bearer_strength(weapon.strength, bearer))]
    for keyword, known in written:
        if known is not None and known not in found and valid(", ".join([*found, known]), edition):
            found.append(known)
        elif known not in found and _plain(keyword) not in NONE:
            other.append(keyword)  # unknown, or refused beside the others
    return _read(weapon.name, found, other)


def _read(name: str, found: list[str], other: list[str]) -> Read:
    shown = tuple(dict.fromkeys(o[:OTHER_LENGTH] for o in other))
    warnings = [f"{o} (on {name}): Vox shows it but does not apply it." for o in shown]
    if len(shown) > MAX_OTHER:
        warnings.append(f"{name} has {len(shown)} such keywords; Vox shows the first {MAX_OTHER}.")
    return Read(tuple(found), shown[:MAX_OTHER], tuple(warnings))

"""Profiles typed in one option: several weapons (`weapons:`) and an attached Leader (`leader:`).

`weapons:` is profiles separated by `;`, each `[name:] [Nx] A BS S AP D [(abilities)]`:
`Bolt rifle: 10x 2 3+ 4 -1 1 (sustained hits 1); 2x D6 auto 5 0 1 (torrent)`. The five
characteristics are read as the single-profile options read them; `Nx` is how many models attack
with it (default 1); the abilities are the `abilities:` phrases.

`leader:` is one Leader profile, its parts in any order: `W5 3+ 4++`, `Captain: W5 Sv3+ Inv4+
FNP5+ x2` (Wounds, Save, invulnerable save, Feel No Pain, models). No Toughness: the 10th Leader
rule wounds the whole unit with the Bodyguard's Toughness.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.errors import VoxError
from bot.rules.errors import InvalidProfile, TooManyDice
from bot.rules.profiles import MAX_ATTACKERS, MAX_WEAPONS, Weapon, weapon_from_text
from bot.rules.quote import quoted
from bot.rules.rulesets import Ruleset
from bot.rules.targets import MAX_LEADERS, MAX_WOUNDS, Part

MAX_WEAPONS_TEXT = 1000  # the `weapons:` option
MAX_LEADER_TEXT = 100  # the `leader:` option
MAX_PROFILE_NAME = 40
MAX_PROFILE_ABILITIES = 200
WEAPONS_EXAMPLE = "Bolt rifle: 10x 2 3+ 4 -1 1 (sustained hits 1)"
LEADER_EXAMPLE = "W5 3+ 4++ FNP5+ x1"

_PROFILE = re.compile(
    r"\s*(?:(?P<name>[^:()]+):)?\s*(?:(?P<count>\d{1,4})\s*[x×]\s+)?"
    r"(?P<stats>[^()]*?)\s*(?:\((?P<abilities>[^()]*)\))?\s*"
)


def parse_weapons(text: str, rules: Ruleset, abilities: str | None = None) -> tuple[Weapon, ...]:
    """The typed profiles, in order, each with `abilities` (typed once for all) added; a profile
    that cannot be read is one sentence naming it."""
    if len(text) > MAX_WEAPONS_TEXT:
        raise TooManyDice(f"Keep weapons: to {MAX_WEAPONS_TEXT} characters.")
    profiles = [p for p in text.split(";") if p.strip()]
    if not profiles:
        raise InvalidProfile(f"Type at least one profile in weapons:, such as {WEAPONS_EXAMPLE}.")
    if len(profiles) > MAX_WEAPONS:
        raise TooManyDice(
            f"Type at most {MAX_WEAPONS} profiles in weapons: (separated by `;`), not "
            f"{len(profiles)}."
        )
    return tuple(_weapon(i, p, rules, abilities) for i, p in enumerate(profiles, 1))


def _weapon(index: int, text: str, rules: Ruleset, typed: str | None) -> Weapon:
    m = _PROFILE.fullmatch(text)
    at_fault = f"Profile {index} (`{quoted(text.strip())}`)"
    stats = m.group("stats").split() if m else []
    if m is None or len(stats) != 5:
        raise InvalidProfile(
            f"{at_fault} cannot be read; type [name:] [count x] A BS S AP D [(abilities)], "
            f"such as {WEAPONS_EXAMPLE}."
        )
    name, count, own = (m.group(k) or "" for k in ("name", "count", "abilities"))
    if len(name.strip()) > MAX_PROFILE_NAME or len(own) > MAX_PROFILE_ABILITIES:
        raise TooManyDice(
            f"{at_fault}: keep its name to {MAX_PROFILE_NAME} characters and its abilities to "
            f"{MAX_PROFILE_ABILITIES}."
        )
    if count and not 1 <= int(count) <= MAX_ATTACKERS:
        raise TooManyDice(f"{at_fault}: the count must be 1x to {MAX_ATTACKERS}x.")
    attacks, skill, strength, ap, damage = stats
    phrases = ", ".join(p.strip() for p in (own, typed or "") if p.strip())
    try:
        return weapon_from_text(
            rules, attacks=attacks, skill=skill, strength=strength, ap=ap, damage=damage,
            abilities=phrases, attackers=int(count or 1), name=name.strip(),
        )  # fmt: skip
    except VoxError as exc:
        raise type(exc)(f"{at_fault}: {_lower(str(exc))}") from exc


def _lower(sentence: str) -> str:
    return sentence[:1].lower() + sentence[1:] if sentence[1:2].islower() else sentence


@dataclass(frozen=True, slots=True)
class TypedLeader:
    """A Leader typed as a profile: its name (may be empty) and its part of the target."""

    name: str
    part: Part


_LEADER_TOKENS = (
    ("wounds", re.compile(r"w(\d{1,3})")),
    ("invuln", re.compile(r"(?:inv|invuln)?([2-6])\+\+|(?:inv|invuln)([2-6])\+?")),
    ("fnp", re.compile(r"fnp([2-6])\+?")),
    ("save", re.compile(r"(?:sv)?([2-6])\+|sv(-)|(-)")),
    ("models", re.compile(r"x(\d{1,2})|(\d{1,2})x")),
)


def looks_like_leader(text: str) -> bool:
    """The text is a typed Leader profile rather than a unit's name: it gives Wounds (`W5`)."""
    return any(re.fullmatch(r"w\d{1,3}", t) for t in _body(text)[1].lower().split())


def parse_leader(text: str) -> TypedLeader:
    """`[name:] W5 3+ 4++ FNP5+ x1`; one sentence when a part cannot be read or is missing."""
    if len(text) > MAX_LEADER_TEXT:
        raise TooManyDice(f"Keep leader: to {MAX_LEADER_TEXT} characters.")
    name, body = _body(text)
    found: dict[str, int | None] = {}
    for token in body.lower().split():
        if re.fullmatch(r"t\d{1,2}", token):
            raise InvalidProfile(
                f"Leave `{quoted(token)}` out of leader:; the attack uses the Bodyguard's "
                "Toughness."
            )
        key, value = _leader_token(token)
        if key in found:
            raise InvalidProfile(f"The Leader's profile gives {key} twice; type it once.")
        found[key] = value
    if "wounds" not in found or "save" not in found:
        raise InvalidProfile(
            f"Give the Leader's Wounds and Save in leader:, such as {LEADER_EXAMPLE}."
        )
    wounds, models = found["wounds"] or 0, found.get("models", 1) or 0
    if not 1 <= wounds <= MAX_WOUNDS or not 1 <= models <= MAX_LEADERS:
        raise TooManyDice(
            f"A Leader has W1 to W{MAX_WOUNDS} and x1 to x{MAX_LEADERS} models; type those."
        )
    return TypedLeader(
        name[:MAX_PROFILE_NAME],
        Part(found["save"], wounds, models, found.get("invuln"), found.get("fnp")),
    )


def _body(text: str) -> tuple[str, str]:
    name, colon, body = text.partition(":")
    return (name.strip(), body) if colon else ("", text)


def _leader_token(token: str) -> tuple[str, int | None]:
    for key, pattern in _LEADER_TOKENS:
        m = pattern.fullmatch(token)
        if m is not None:
            digits = next((g for g in m.groups() if g is not None), "-")
            return key, None if digits == "-" else int(digits)
    raise InvalidProfile(
        f"The Leader's `{quoted(token)}` cannot be read; type its profile as {LEADER_EXAMPLE} "
        "(Wounds, Save, invulnerable save, Feel No Pain, models)."
    )

"""An army's unit as the game tracks it: a `UnitProfile` with its weapons, for an edition.

The characteristics come from the model profile that carries most of the unit's wounds (models ×
W: a T'au Commander over its two Gun Drones, Boyz over their Nob; ties: the first);
a 9th characteristic tracked by wounds (`*`) is read from the top row of the unit's damage table.
Every weapon is read as `/unit weapon` would take it and checked by the edition's attack rules
(`bot.game.army.checked_profile`): one Vox cannot read is left out with a note, never failing the
unit. What fielding could not carry over is a note, one sentence each.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.armies.keywords import read_weapon, valid
from bot.armies.model import ArmyUnit, ArmyWeapon, Edition, ModelProfile
from bot.game.army import checked_profile, checked_weapon, profile, weapon
from bot.game.units import NAME_LENGTH, UnitProfile, Weapon
from bot.rules.errors import IllegalAction, RulesError
from bot.rules.names import name_key
from bot.rules.notation import parse
from bot.rules.profiles import MAX_KEYWORDS, MAX_MODELS, parse_ap, parse_range
from bot.rules.rulesets import Ruleset, ruleset

MAX_FIELDED_WEAPONS = 30  # `UnitProfile.weapons`
KEYWORD_LENGTH = 30  # `bot.rules.profiles.keyword_set`
NO_SAVE = 7
# Kept first when a unit has more keywords than a game unit holds: the ones rules read.
RULES_KEYWORDS = ("CHARACTER", "INFANTRY", "VEHICLE", "MONSTER", "FLY", "MOUNTED", "BEAST",
                  "SWARM", "TITANIC", "TOWERING", "PSYKER", "WALKER", "AIRCRAFT", "BATTLELINE",
                  "EPIC HERO", "TRANSPORT", "DAEMON", "SMOKE", "GRENADES")  # fmt: skip


@dataclass(frozen=True, slots=True)
class Fielded:
    profile: UnitProfile
    notes: tuple[str, ...] = ()  # what fielding could not carry over, one sentence each


@dataclass(frozen=True, slots=True)
class _Reader:
    """The unit being fielded, the model profile it is fielded with, and the notes so far."""

    unit: ArmyUnit
    model: ModelProfile
    edition: Edition
    notes: list[str]

    def raw(self, key: str) -> str:
        """A characteristic as written; `*` or missing: the top row of the damage table."""
        value = getattr(self.model, key, None) or ""
        if not re.search(r"\d", value) and self.unit.brackets:
            value = self.unit.brackets[0].characteristics.get(key, value)
        return value.strip()

    def number(self, key: str, default: int, low: int, high: int) -> int:
        """The first whole number of a characteristic (`6"`, `3+`, `7`), bounded; else `default`
        with a note."""
        raw = self.raw(key)
        m = re.search(r"\d{1,3}", raw)
        if m is not None and low <= int(m.group(0)) <= high:
            return int(m.group(0))
        if raw not in {"-", "N/A"} or default not in {0, NO_SAVE}:
            self.notes.append(
                f"{self.unit.name}: {key} `{raw or 'none'}` cannot be read; fielded with {default}."
            )
        return default

    def optional(self, value: str | None) -> int | None:
        """An invulnerable save or Feel No Pain such as `4+`."""
        m = re.fullmatch(r"\s*([2-6])\s*\+*\s*", value or "")
        return int(m.group(1)) if m else None


def unit_profile(unit: ArmyUnit, edition: Edition) -> Fielded:
    """The game profile of `unit`; a unit of a text export without profiles cannot be fielded."""
    if unit.missing or not unit.profiles:
        raise IllegalAction(
            f"{unit.name} has no profile yet; import a list that has its characteristics, "
            "or add the unit with /unit add."
        )
    if unit.models > MAX_MODELS:
        raise IllegalAction(
            f"{unit.name} has {unit.models} models and a game unit has at most {MAX_MODELS}; "
            "split it in the list, or add it with /unit add."
        )
    rules = ruleset(edition)
    model = max(unit.profiles, key=_weight)  # the first of the largest
    r = _Reader(unit, model, edition, [])
    _mixed(r)
    name = unit.name[:NAME_LENGTH].strip()
    if name != unit.name:
        r.notes.append(f"{unit.name} is fielded as {name}: game unit names are shorter.")
    stats = _characteristics(r)
    weapons = _weapons(r, rules)
    fielded = profile(
        name=name, models=unit.models, keywords=_keywords(r), weapons=weapons, **stats
    )
    return Fielded(checked_profile(rules, fielded), tuple(r.notes))


def _weight(p: ModelProfile) -> int:
    """The wounds the profile's models carry (W unreadable, e.g. 9th `*`: 1 each)."""
    wounds = re.match(r"\d+", p.wounds or "")
    return p.models * (int(wounds.group()) if wounds else 1)


def _mixed(r: _Reader) -> None:
    def stats(p: ModelProfile) -> dict[str, object]:
        return p.model_dump(exclude={"name", "models"})

    if any(stats(p) != stats(r.model) for p in r.unit.profiles):
        r.notes.append(
            f"{r.unit.name}: fielded with the {r.model.name} profile "
            f"({r.model.models} of {r.unit.models} models)."
        )


def _characteristics(r: _Reader) -> dict[str, object]:
    """Toughness, Wounds, Save (`-` is none), Leadership (10th `6+`, 9th `7`), OC, Move, and the
    unit's invulnerable save and Feel No Pain."""
    stats: dict[str, object] = {
        "toughness": r.number("toughness", 4, 1, 20),
        "wounds": r.number("wounds", 1, 1, 50),
        "save": r.number("save", NO_SAVE, 2, NO_SAVE),
        "leadership": r.number("leadership", 7, 1, 12),
        "move": r.number("movement", 6, 0, 60),
        "invuln": r.optional(r.unit.invuln),
        "fnp": r.optional(r.unit.fnp),
        "fnp_mortal": r.optional(r.unit.fnp_mortal),
        "defence_abilities": _defence_abilities(r),
    }
    if r.edition == "10th":
        stats["oc"] = r.number("oc", 0, 0, 20)
    return stats


def _defence_abilities(r: _Reader) -> str:
    """The phrases every attack against the unit takes, as the edition's rules read them; one
    they do not read is a note."""
    kept: list[str] = []
    for phrase in r.unit.defence_abilities:
        if valid(", ".join([*kept, phrase]), r.edition):
            kept.append(phrase)
        else:
            r.notes.append(f"{r.unit.name}: `{phrase}` against it is shown but not applied.")
    return ", ".join(kept)


def _keywords(r: _Reader) -> tuple[str, ...]:
    """The unit's keywords, as many as a game unit holds (the ones rules read first)."""
    words = list(dict.fromkeys(k.strip().upper() for k in r.unit.keywords if k.strip()))
    fit = [k for k in words if len(k) <= KEYWORD_LENGTH]
    fit.sort(key=lambda k: k not in RULES_KEYWORDS)
    if len(fit) > MAX_KEYWORDS or len(fit) < len(words):
        kept = min(len(fit), MAX_KEYWORDS)
        r.notes.append(f"{r.unit.name}: {kept} of its {len(words)} keywords are kept.")
    return tuple(fit[:MAX_KEYWORDS])


def _weapons(r: _Reader, rules: Ruleset) -> tuple[Weapon, ...]:
    """Each weapon the game can read; one it cannot is left out with a note."""
    out: list[Weapon] = []
    bearer = _bearer_strength(r)
    for w in _merged(r.unit.weapons):
        try:
            read = checked_weapon(rules, _weapon(r, w, bearer), r.unit.models)
        except RulesError as exc:
            r.notes.append(f"{r.unit.name}: {_name(w)} is left out; {_reason(exc)}")
            continue
        if any(name_key(o.name) == name_key(read.name) for o in out):
            renamed = f"{read.name[: NAME_LENGTH - 5]} ({len(out) + 1})"
            read = read.model_copy(update={"name": renamed})
        out.append(read)
    if len(out) > MAX_FIELDED_WEAPONS:
        r.notes.append(
            f"{r.unit.name} has {len(out)} weapons; the first {MAX_FIELDED_WEAPONS} are fielded."
        )
    return tuple(out[:MAX_FIELDED_WEAPONS])


def _reason(exc: Exception) -> str:
    text = str(exc)
    return text[0].lower() + text[1:] if text else "Vox cannot read it."


def _merged(weapons: tuple[ArmyWeapon, ...]) -> list[ArmyWeapon]:
    """The same weapon listed twice in a unit (carried by two groups of models) counts once,
    with both counts."""
    out: dict[tuple[object, ...], ArmyWeapon] = {}
    for w in weapons:
        key = tuple(w.model_dump(exclude={"count"}).values())
        seen = out.get(key)
        out[key] = w if seen is None else seen.model_copy(update={"count": seen.count + w.count})
    return list(out.values())


def _name(w: ArmyWeapon) -> str:
    """`➤ Plasma gun - standard` → `Plasma gun - standard`, within a game weapon name's length."""
    return w.name.lstrip("➤>•- ").strip()[:NAME_LENGTH].strip() or w.name[:NAME_LENGTH]


def _bearer_strength(r: _Reader) -> int | None:
    """9th: the Strength of the model fielded, for weapons of Strength `User`, `+1` or `x2`."""
    m = re.fullmatch(r"\d{1,2}", r.raw("strength"))
    return int(m.group(0)) if r.edition == "9th" and m else None


def _weapon(r: _Reader, w: ArmyWeapon, bearer: int | None) -> Weapon:
    """The game weapon: 9th Attacks from the Type (melee: the bearer's A), skill from the
    bearer's BS or WS, and a bearer's Strength of `User`, `+1` or `x2`."""
    melee = w.kind == "melee"
    read = read_weapon(w, r.edition, bearer)
    r.notes.extend(read.warnings)
    return weapon(
        name=_name(w),
        range="Melee" if melee else parse_range(w.range),
        attacks=_attacks(r, w),
        skill=_skill(r, w, melee),
        strength=w.strength,
        ap=parse_ap("0" if w.ap.strip() in {"-", ""} else w.ap),
        damage=w.damage,
        abilities=read.text,
        count=None if w.count == r.unit.models else w.count,
        other=read.other,
    )


def _attacks(r: _Reader, w: ArmyWeapon) -> str:
    if r.edition == "10th":
        return w.attacks
    try:
        parse(w.attacks)
        return w.attacks
    except RulesError:
        pass
    if w.kind == "melee":
        return r.raw("attacks")  # 9th: melee weapons use the bearer's Attacks
    m = re.search(r"\d*[dD]\d+(?:\s*\+\s*\d+)?|\d+", w.type or "")
    return m.group(0) if m else w.attacks


def _skill(r: _Reader, w: ArmyWeapon, melee: bool) -> int | None:
    """10th BS/WS as written (`N/A`: hits automatically); 9th the bearer's BS or WS."""
    auto = any("automatically hit" in k.lower() for k in w.keywords)
    text = w.skill
    if r.edition == "9th" and not re.search(r"[2-6]", text):
        text = r.raw("ws" if melee else "bs")
    m = re.fullmatch(r"\s*([2-6])\s*\+?\s*", text)
    if m is None or auto:
        if text.strip().upper() in {"N/A", "-", ""} or auto:
            return None
        raise IllegalAction(f"its skill `{text}` cannot be read.")
    return int(m.group(1))

"""Weapon abilities and situations, read from one comma-separated text.

`sustained hits 1, lethal hits, reroll hits: 1s, anti-infantry 4+, half range, cover, -1 damage`.
Each phrase exists in the editions listed in `bot/rules/rulesets.py`; an unknown phrase is refused
with the nearest known one. 10th edition wording followed (published Core Rules, June 2023):
Sustained Hits X ("each Critical Hit scores X additional hits"), Lethal Hits ("each Critical Hit
automatically wounds"), Devastating Wounds (launch: "a Critical Wound inflicts mortal wounds equal
to the Damage characteristic and the attack sequence ends", typed `devastating wounds (mortal)`; the
2024 update: "no saving throw of any kind can be made ... such attacks are only allocated after all
other attacks have been resolved", typed `devastating wounds`), Twin-linked ("re-roll the Wound
roll"), Torrent ("automatically hits"), Rapid Fire X / Melta X (within half range: +X attacks / +X
Damage), Anti-KEYWORD X+ ("an unmodified Wound roll of X+ against KEYWORD scores a Critical Wound"),
Indirect Fire (`bot/rules/rulesets.py`, `sequence.py`), Conversion with `long range` (the target is
more than 12" away: "an unmodified Hit roll of 4+ scores a Critical Hit").
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from typing import Literal

from bot.rules.errors import InvalidProfile, TooManyDice
from bot.rules.modifier_phrases import (
    MODIFIER_EXAMPLES,
    MODIFIER_PHRASES,
    RollReroll,
    normalise_spellings,
)
from bot.rules.notation import DiceExpr, parse
from bot.rules.phrase_reading import Builder, Phrase, number, once
from bot.rules.phrase_reading import flag as _flag
from bot.rules.pools import Reroll
from bot.rules.quote import quoted
from bot.rules.rulesets import Ruleset

MAX_ABILITIES_LENGTH = 600
MAX_PHRASES = 40
MAX_SUSTAINED = 6
MAX_BONUS = 10
MAX_STRENGTH = 30

Devastating = Literal["current", "mortal"]
_REROLLS = {
    "1s": Reroll.ONES,
    "ones": Reroll.ONES,
    "failed": Reroll.FAILED,
    "all": Reroll.ALL,
    "fish": Reroll.ALL,  # always re-rolls every non-critical result (flag `reroll hits: fish`)
}
_REROLL_ORDER = (Reroll.ONES, Reroll.FAILED, Reroll.ALL)  # each takes at least the dice before it

FLAGS = (
    "lethal hits", "twin-linked", "torrent", "blast", "lance", "heavy", "assault", "pistol",
    "grenade", "cover", "ignores cover", "dense cover", "stealth", "big guns never tire",
    "half range", "advanced", "moved", "stationary", "charged", "overwatch", "-1 damage",
    # 10th weapon keywords read from imported lists (bot.armies); effects in their modules
    "hazardous", "indirect fire", "conversion", "extra attacks", "one shot", "precision",
    "psychic",
    "long range",  # 10th, Conversion: the target is more than 12" away
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Abilities:
    """Everything the abilities text said, for one weapon against one target."""

    flags: frozenset[str] = frozenset()
    sustained: DiceExpr | None = None
    devastating: Devastating | None = None
    rapid_fire: int | None = None  # 10th: +X attacks; 9th: 0 (doubles)
    melta: int = 0
    anti: tuple[tuple[str, int], ...] = ()
    reroll_hits: Reroll | None = None
    reroll_wounds: Reroll | None = None
    critical_hits: int = 6
    critical_wounds: int = 6
    hit_modifier: int = 0
    wound_modifier: int = 0
    bearer_strength: int | None = None
    # Critical effects (detachment rules): mortal wounds per critical hit in addition, and what a
    # critical wound improves; the flags `critical hits: damage as mortal wounds` and
    # `mortal wounds last` say the rest.
    critical_hit_mortal: int = 0
    critical_wound_ap: int = 0
    critical_wound_damage: int = 0
    fnp_mortal: int | None = None  # the target's feel-no-pain against mortal wounds only
    # The defender's save re-rolls (any save, or only the armour or invulnerable save) and the
    # AP its rules worsen (flags `ignore ap`, `ignore invulnerable saves` say the rest).
    reroll_saves: Reroll | None = None
    reroll_armour_saves: Reroll | None = None
    reroll_invulnerable_saves: Reroll | None = None
    worsen_ap: int = 0
    # The Damage: +N, at least N, re-rolled (flag `halve damage` says the rest).
    damage_bonus: int = 0
    minimum_damage: int = 1
    reroll_damage: RollReroll | None = None
    # The Attacks of each attacking model: +N, +D3 or +D6, and a re-roll of a random Attacks.
    bonus_attacks: DiceExpr | None = None
    reroll_attacks: RollReroll | None = None

    def has(self, flag: str) -> bool:
        return flag in self.flags

    @property
    def wound_reroll(self) -> Reroll | None:
        """Twin-linked re-rolls the wound roll; a sensible player re-rolls the failed ones."""
        return broader(self.reroll_wounds, Reroll.FAILED if self.has("twin-linked") else None)


def broader(a: Reroll | None, b: Reroll | None) -> Reroll | None:
    if a is None or b is None:
        return a or b
    return max(a, b, key=_REROLL_ORDER.index)


def _sustained(b: Builder, m: re.Match[str], text: str) -> None:
    expr = parse(m.group(1))
    if expr.maximum > MAX_SUSTAINED:
        raise TooManyDice(f"`{text}` gives up to {expr.maximum} hits; the most is {MAX_SUSTAINED}.")
    once(b, "sustained", expr, text)


def _devastating(b: Builder, m: re.Match[str], text: str) -> None:
    once(b, "devastating", "mortal" if m.group(1) else "current", text)


def _rapid_fire(b: Builder, m: re.Match[str], text: str) -> None:
    once(b, "rapid_fire", number(text, m.group(1), 1, MAX_BONUS) if m.group(1) else 0, text)


def _melta(b: Builder, m: re.Match[str], text: str) -> None:
    once(b, "melta", number(text, m.group(1), 1, MAX_BONUS), text)


def _anti(b: Builder, m: re.Match[str], text: str) -> None:
    anti = b.values.setdefault("anti", {})
    assert isinstance(anti, dict)
    anti[m.group(1).strip()] = number(text, m.group(2), 2, 6)


def _reroll(b: Builder, m: re.Match[str], text: str) -> None:
    once(b, f"reroll_{m.group(1)}", _REROLLS[m.group(2)], text)
    if m.group(2) == "fish":
        b.flags.add(f"reroll {m.group(1)}: fish")


def _critical(b: Builder, m: re.Match[str], text: str) -> None:
    once(b, f"critical_{m.group(1)}", number(text, m.group(2), 2, 6), text)


def _modifier(b: Builder, m: re.Match[str], text: str) -> None:
    value = number(text, m.group(2), 1, 3) * (1 if m.group(1) == "+" else -1)
    if m.group(3) == "hit":
        b.hit += value
    else:
        b.wound += value


def _bearer(b: Builder, m: re.Match[str], text: str) -> None:
    once(b, "bearer_strength", number(text, m.group(1), 1, MAX_STRENGTH), text)


_KEYWORD = r"([a-z][a-z ]{0,29})"
PHRASES: tuple[Phrase, ...] = (
    *(Phrase(f, f, re.compile(re.escape(f)), _flag) for f in FLAGS),
    Phrase(
        "sustained hits", "sustained hits 1", re.compile(r"sustained hits (\d+|d3|d6)"), _sustained
    ),
    Phrase(
        "devastating wounds",
        "devastating wounds",
        re.compile(r"devastating wounds( \(mortal\))?"),
        _devastating,
    ),
    Phrase("rapid fire", "rapid fire 1", re.compile(r"rapid fire(?: (\d+))?"), _rapid_fire),
    Phrase("melta", "melta 2", re.compile(r"melta (\d+)"), _melta),
    Phrase("anti", "anti-infantry 4+", re.compile(rf"anti-{_KEYWORD} (\d+)\+"), _anti),
    Phrase(
        "reroll hits",
        "reroll hits: 1s",
        re.compile(r"reroll (hits): (1s|ones|failed|all|fish)"),
        _reroll,
    ),
    Phrase(
        "reroll wounds",
        "reroll wounds: 1s",
        re.compile(r"reroll (wounds): (1s|ones|failed|all|fish)"),
        _reroll,
    ),
    Phrase("critical hits", "critical hits 5+", re.compile(r"critical (hits) (\d)\+"), _critical),
    Phrase(
        "critical wounds", "critical wounds 5+", re.compile(r"critical (wounds) (\d)\+"), _critical
    ),
    Phrase("to hit", "+1 to hit", re.compile(r"([+-])(\d+) to (hit)"), _modifier),
    Phrase("to wound", "-1 to wound", re.compile(r"([+-])(\d+) to (wound)"), _modifier),
    Phrase("bearer strength", "bearer strength 4", re.compile(r"bearer strength (\d+)"), _bearer),
    *MODIFIER_PHRASES,
)
_BY_KEY = {p.key: p for p in PHRASES}
_EXTRA_EXAMPLES = {
    "devastating wounds": ("devastating wounds (mortal)",),
    "reroll hits": ("reroll hits: failed", "reroll hits: all", "reroll hits: fish"),
    "reroll wounds": ("reroll wounds: failed", "reroll wounds: all", "reroll wounds: fish"),
    "to hit": ("-1 to hit",),
    "to wound": ("+1 to wound",),
    **MODIFIER_EXAMPLES,
}


def known_phrases(rules: Ruleset) -> tuple[str, ...]:
    """Every phrase of the edition as typed, with example numbers (for autocomplete)."""
    out: list[str] = []
    for p in PHRASES:
        if p.key in rules.phrases:
            out.append(
                "rapid fire" if p.key == "rapid fire" and rules.rapid_fire_doubles else p.example
            )
            out.extend(_EXTRA_EXAMPLES.get(p.key, ()))
    return tuple(out)


def _normalise(text: str) -> str:
    text = text.lower().replace("–", "-").replace("−", "-")
    text = normalise_spellings(re.sub(r"\s+", " ", text).strip())
    text = re.sub(r"\s*:\s*", ": ", text)
    return text.replace("twin linked", "twin-linked").replace("anti ", "anti-")


def parse_abilities(text: str, rules: Ruleset) -> Abilities:
    """Read the abilities text; an unknown or other-edition phrase raises `InvalidProfile`."""
    if len(text) > MAX_ABILITIES_LENGTH:
        raise TooManyDice(
            f"The abilities text is too long; keep it to {MAX_ABILITIES_LENGTH} characters."
        )
    items = [_normalise(t) for t in text.split(",") if t.strip()]
    if len(items) > MAX_PHRASES:
        raise TooManyDice(f"That is {len(items)} abilities; list at most {MAX_PHRASES}.")
    b = Builder()
    for item in items:
        phrase, match = _match(item)
        if phrase.key not in rules.phrases:
            raise InvalidProfile(
                f"`{item}` is not a {rules.name} edition rule; remove it or pick the other edition."
            )
        phrase.read(b, match, item)
    return _build(b, rules)


def _match(item: str) -> tuple[Phrase, re.Match[str]]:
    for phrase in PHRASES:
        m = phrase.pattern.fullmatch(item)
        if m is not None:
            return phrase, m
    examples = [e for p in PHRASES for e in (p.example, *_EXTRA_EXAMPLES.get(p.key, ()))]
    near = difflib.get_close_matches(item, examples, n=1, cutoff=0.0)
    raise InvalidProfile(f"`{quoted(item)}` is not an ability Vox knows; did you mean `{near[0]}`?")


def _build(b: Builder, rules: Ruleset) -> Abilities:
    if "advanced" in b.flags and "assault" not in b.flags:
        raise InvalidProfile(
            "A unit that advanced shoots only Assault weapons; add `assault` or remove `advanced`."
        )
    if "stationary" in b.flags and {"moved", "advanced"} & b.flags:
        raise InvalidProfile(
            "A unit cannot both move and remain stationary; keep only one of them."
        )
    rapid = b.values.get("rapid_fire")
    if rapid is not None and rules.rapid_fire_doubles != (rapid == 0):
        example = "rapid fire" if rules.rapid_fire_doubles else "rapid fire 1"
        raise InvalidProfile(f"In {rules.name} edition type `{example}` for a Rapid Fire weapon.")
    if {"conversion", "long range"} <= b.flags:
        # 10th Core, Conversion: "if the target is more than 12" away, an unmodified Hit roll
        # of 4+ scores a Critical Hit" (the lower threshold wins if `critical hits N+` is typed).
        typed = b.values.get("critical_hits", 6)
        assert isinstance(typed, int)
        b.values["critical_hits"] = min(4, typed)
    anti = b.values.pop("anti", {})
    assert isinstance(anti, dict)
    result = Abilities(
        flags=frozenset(b.flags),
        anti=tuple(sorted(anti.items())),
        hit_modifier=b.hit,
        wound_modifier=b.wound,
    )
    return replace(result, **b.values)  # type: ignore[arg-type]

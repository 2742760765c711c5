"""The modifier phrases: save re-rolls and save modifiers, damage and attacks modifiers, and the
critical effects of detachment rules. `bot/rules/abilities.py` reads them with its own phrases.

Seed 004 ("Re-rolls"): "You can never re-roll a dice more than once, and re-rolls happen before
modifiers"; ("Dice") modifiers are applied division first, then multiplication, then addition, then
subtraction, rounded up, never below 1. The steps that use them: `saves.py`, `damage.py`,
`attack_count.py`, `sequence.py`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Literal

from bot.rules.notation import parse
from bot.rules.phrase_reading import Builder, Phrase, number, once
from bot.rules.pools import Reroll

# A re-roll of a whole roll (Damage, Attacks): the roll when its dice total is below their
# average, or only the dice that rolled a 1 (seed 004: "only those dice can be re-rolled").
RollReroll = Literal["below average", "1s"]

MAX_WORSEN_AP = 3
MAX_DAMAGE_BONUS = 6
MAX_MINIMUM_DAMAGE = 10
MAX_ATTACKS_BONUS = 10
MAX_CRITICAL_MORTAL = 3
MAX_CRITICAL_BONUS = 3

_SAVE_REROLLS = {"1s": Reroll.ONES, "ones": Reroll.ONES, "failed": Reroll.FAILED}
_RR = "(1s|ones|failed)"


def _canonical(name: str) -> Callable[[Builder, re.Match[str], str], None]:
    """A flag typed in several spellings, kept under its one name."""

    def read(b: Builder, m: re.Match[str], text: str) -> None:
        b.flags.add(name)

    return read


def _bounded(key: str, low: int, high: int) -> Callable[[Builder, re.Match[str], str], None]:
    """A once-only number from the phrase's first group, from `low` to `high`."""

    def read(b: Builder, m: re.Match[str], text: str) -> None:
        once(b, key, number(text, m.group(1), low, high), text)

    return read


def _save_reroll(b: Builder, m: re.Match[str], text: str) -> None:
    kind = f"{m.group(1)}_" if m.group(1) else ""
    once(b, f"reroll_{kind}saves", _SAVE_REROLLS[m.group(2)], text)


def _roll_reroll(key: str) -> Callable[[Builder, re.Match[str], str], None]:
    def read(b: Builder, m: re.Match[str], text: str) -> None:
        value: RollReroll = "1s" if m.group(1) else "below average"
        once(b, key, value, text)

    return read


def _attacks(b: Builder, m: re.Match[str], text: str) -> None:
    typed = m.group(1)
    if typed.isdigit():
        number(text, typed, 1, MAX_ATTACKS_BONUS)
    once(b, "bonus_attacks", parse(typed), text)


MODIFIER_PHRASES: tuple[Phrase, ...] = (
    Phrase(
        "reroll saves", "reroll saves: 1s", re.compile(rf"reroll ()saves?: {_RR}"), _save_reroll
    ),
    Phrase(
        "reroll armour saves",
        "reroll armour saves: 1s",
        re.compile(rf"reroll (armour) saves?: {_RR}"),
        _save_reroll,
    ),
    Phrase(
        "reroll invulnerable saves",
        "reroll invulnerable saves: 1s",
        re.compile(rf"reroll (invulnerable) saves?: {_RR}"),
        _save_reroll,
    ),
    Phrase(
        "worsen ap",
        "worsen ap 1",
        re.compile(r"worsen (?:the )?ap (?:by )?(\d+)"),
        _bounded("worsen_ap", 1, MAX_WORSEN_AP),
    ),
    Phrase("ignore ap", "ignore ap", re.compile(r"ignores? ap"), _canonical("ignore ap")),
    Phrase(
        "ignore invulnerable saves",
        "ignore invulnerable saves",
        re.compile(r"ignores? invulnerable saves?"),
        _canonical("ignore invulnerable saves"),
    ),
    Phrase(
        "feel no pain vs mortal wounds",
        "feel no pain 5+ vs mortal wounds",
        re.compile(r"feel no pain (\d+)\+? (?:vs\.?|versus|against) mortal wounds?"),
        _bounded("fnp_mortal", 2, 6),
    ),
    Phrase(
        "halve damage",
        "halve damage",
        re.compile(r"halve (?:the )?damage"),
        _canonical("halve damage"),
    ),
    Phrase(
        "damage bonus",
        "+1 damage",
        re.compile(r"\+(\d+) damage"),
        _bounded("damage_bonus", 1, MAX_DAMAGE_BONUS),
    ),
    Phrase(
        "minimum damage",
        "minimum damage 3",
        re.compile(r"minimum damage (\d+)"),
        _bounded("minimum_damage", 2, MAX_MINIMUM_DAMAGE),
    ),
    Phrase(
        "reroll damage",
        "reroll damage",
        re.compile(r"reroll damage(?:: (1s|ones))?"),
        _roll_reroll("reroll_damage"),
    ),
    Phrase("attacks bonus", "+1 attacks", re.compile(r"\+(\d+|d3|d6) attacks?"), _attacks),
    Phrase(
        "reroll attacks",
        "reroll attacks",
        re.compile(r"reroll attacks(?:: (1s|ones))?"),
        _roll_reroll("reroll_attacks"),
    ),
    Phrase(
        "critical hits: mortal wounds",
        "critical hits: 1 mortal wound",
        re.compile(r"critical hits?: (\d+) mortal wounds?"),
        _bounded("critical_hit_mortal", 1, MAX_CRITICAL_MORTAL),
    ),
    Phrase(
        "critical hits: damage as mortal wounds",
        "critical hits: damage as mortal wounds",
        re.compile(r"critical hits?: (?:deal )?(?:their )?damage as mortal wounds"),
        _canonical("critical hits: damage as mortal wounds"),
    ),
    Phrase(
        "critical wounds: ap",
        "critical wounds: +1 ap",
        re.compile(r"critical wounds?: \+(\d+) ap"),
        _bounded("critical_wound_ap", 1, MAX_CRITICAL_BONUS),
    ),
    Phrase(
        "critical wounds: damage",
        "critical wounds: +1 damage",
        re.compile(r"critical wounds?: \+(\d+) damage"),
        _bounded("critical_wound_damage", 1, MAX_CRITICAL_BONUS),
    ),
    Phrase(
        "mortal wounds last",
        "mortal wounds last",
        re.compile(r"mortal wounds last"),
        _canonical("mortal wounds last"),
    ),
)
MODIFIER_EXAMPLES: dict[str, tuple[str, ...]] = {
    "reroll saves": ("reroll saves: failed",),
    "reroll armour saves": ("reroll armour saves: failed",),
    "reroll invulnerable saves": ("reroll invulnerable saves: failed",),
    "reroll damage": ("reroll damage: 1s",),
    "attacks bonus": ("+d3 attacks", "+d6 attacks"),
    "reroll attacks": ("reroll attacks: 1s",),
}
MODIFIER_KEYS = tuple(p.key for p in MODIFIER_PHRASES)


def normalise_spellings(text: str) -> str:
    """The spellings people type for the modifier phrases, read as the one Vox knows."""
    text = re.sub(r"\bre-? ?rolls?\b", "reroll", text)
    text = re.sub(r"\barmor\b", "armour", text)
    text = re.sub(r"\binvuln(?:erable)?s?\b", "invulnerable", text)
    return re.sub(r"\b(?:fnp|feel-no-pain)\b", "feel no pain", text)

"""Weapon and target profiles, read from what a user types, with every number bounded.

Seed 000: BS/WS `3+`, weapons that "automatically hit" (typed `auto`), the close combat weapon
(S User, AP 0, D 1). Seed 004 (Eternum, "Weapons"): Strength `User` is the bearer's Strength and
`+1`/`x2` modify it; random characteristics are rolled per model or weapon each time they are
needed. The bearer's Strength is given in the abilities text as `bearer strength 4`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from bot.rules.abilities import MAX_STRENGTH, Abilities, parse_abilities
from bot.rules.errors import InvalidProfile, TooManyDice
from bot.rules.notation import DiceExpr, parse
from bot.rules.rulesets import BlastRule, Ruleset
from bot.rules.targets import MAX_MODELS as MAX_MODELS
from bot.rules.targets import MAX_WOUNDS as MAX_WOUNDS
from bot.rules.targets import Part as Part
from bot.rules.targets import Target as Target

MAX_ATTACKS = 1000
MAX_ATTACKERS = 100
MAX_DAMAGE = 50
MAX_WEAPONS = 10
MAX_KEYWORDS = 20


def parse_skill(text: str) -> int | None:
    """`3+` (BS or WS) or `auto` for weapons that automatically hit; `auto` gives None."""
    cleaned = text.strip().lower()
    if cleaned in {"auto", "automatic", "-"}:
        return None
    return _plus(text, "Skill", "type 3+ (or auto for weapons that hit automatically)")


def parse_save(text: str) -> int | None:
    """`3+`, or `-` for a model with no save (None)."""
    if text.strip().lower() in {"-", "none", "no", "7+"}:
        return None
    return _plus(text, "Save", "type 3+ (or - for no save)")


def parse_roll_needed(text: str, name: str) -> int | None:
    """An invulnerable save or feel-no-pain such as `4+`; empty or `-` means none."""
    if text.strip().lower() in {"", "-", "none", "no"}:
        return None
    return _plus(text.replace("++", "+"), name, "type 4+ (or - for none)")


def _plus(text: str, name: str, hint: str) -> int:
    m = re.fullmatch(r"\s*([2-6])\s*\+?\s*", text)
    if m is None:
        raise InvalidProfile(f"{name} `{text}` cannot be used; {hint}.")
    return int(m.group(1))


def parse_ap(text: str | int) -> int:
    """AP `-2`, `2` or `0`, returned as 0..-6."""
    m = re.fullmatch(r"\s*-?\s*([0-6])\s*", str(text))
    if m is None:
        raise InvalidProfile(f"AP `{text}` cannot be used; type a number from 0 to -6, such as -2.")
    return -int(m.group(1))


def parse_number(text: str | int, name: str, low: int, high: int) -> int:
    """A bounded whole number such as Toughness, Wounds or the number of models."""
    m = re.fullmatch(r"\s*(\d{1,4})\s*", str(text))
    if m is None or not low <= int(m.group(1)) <= high:
        raise TooManyDice(f"{name} must be a whole number from {low} to {high}.")
    return int(m.group(1))


def parse_strength(text: str | int, rules: Ruleset, bearer: int | None = None) -> int:
    """A number, or (9th, seed 004) `User`, `+N` or `xN` of the bearer's Strength."""
    cleaned = str(text).strip().lower().replace("×", "x").replace("*", "x")
    if cleaned.isdigit():
        return parse_number(cleaned, "Strength", 1, MAX_STRENGTH)
    m = re.fullmatch(r"(user|\+\s*(\d{1,2})|x\s*(\d{1,2}))", cleaned)
    if m is None or not rules.strength_of_bearer:
        raise InvalidProfile(f"Strength `{text}` cannot be used; type a number such as 4.")
    if bearer is None:
        raise InvalidProfile(
            f"Strength `{text}` needs the bearer's Strength; add `bearer strength 4` to abilities."
        )
    if m.group(2):
        return bearer + parse_number(m.group(2), "The Strength bonus", 1, MAX_STRENGTH)
    if m.group(3):
        return bearer * parse_number(m.group(3), "The Strength multiplier", 2, 10)
    return bearer


MAX_RANGE = 999


def parse_range(text: str) -> str:
    """A weapon's Range: `Melee`, or inches such as `24"` (`24` and `24in` are read the same),
    returned as `Melee` or `24"`. Seed 000: Range is a distance in inches, or Melee."""
    cleaned = text.strip().lower().replace("”", '"').replace("″", '"')
    if cleaned in {"melee", "m", "-"}:
        return "Melee"
    m = re.fullmatch(r'(\d{1,4})\s*(?:"|in|inch|inches)?', cleaned)
    if m is None or not 1 <= int(m.group(1)) <= MAX_RANGE:
        raise InvalidProfile(
            f"Range `{text}` cannot be used; type Melee or inches from 1 to {MAX_RANGE}, "
            'such as 24".'
        )
    return f'{int(m.group(1))}"'


def parse_keywords(text: str) -> frozenset[str]:
    """`infantry, character` as lower-case keywords (for Anti-KEYWORD)."""
    return keyword_set(text.split(","))


def keyword_set(words: Iterable[str]) -> frozenset[str]:
    """Keywords as lower-case words (for Anti-KEYWORD), at most MAX_KEYWORDS of 30 letters."""
    found = frozenset(w.strip().lower() for w in words if w.strip())
    if len(found) > MAX_KEYWORDS or any(len(w) > 30 for w in found):
        raise TooManyDice(f"List at most {MAX_KEYWORDS} keywords of up to 30 letters each.")
    return found


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon profile used by `attackers` identical models."""

    attacks: DiceExpr
    skill: int | None  # None: automatically hits
    strength: int
    ap: int  # 0 to -6
    damage: DiceExpr
    abilities: Abilities = field(default_factory=Abilities)
    attackers: int = 1
    name: str = ""

    def __post_init__(self) -> None:
        parse_number(self.attackers, "Attackers", 1, MAX_ATTACKERS)
        parse_number(self.strength, "Strength", 1, 10 * MAX_STRENGTH)
        parse_ap(self.ap)
        if self.skill is not None:
            _plus(str(self.skill), "Skill", "type 3+")
        a = self.abilities
        if self.damage.maximum + a.melta + a.damage_bonus + a.critical_wound_damage > MAX_DAMAGE:
            raise TooManyDice(f"Damage can be at most {MAX_DAMAGE}; type a smaller damage.")

    @property
    def most_attacks(self) -> int:
        """The most Attacks one model can have, `+N`/`+D3 attacks` included (before Blast and
        Rapid Fire)."""
        bonus = self.abilities.bonus_attacks
        return self.attacks.maximum + (0 if bonus is None else bonus.maximum)

    @property
    def fewest_attacks(self) -> int:
        bonus = self.abilities.bonus_attacks
        return self.attacks.minimum + (0 if bonus is None else bonus.minimum)

    @property
    def firing(self) -> int:
        """The models that attack with it: seed 000, "one model that is equipped with a Grenade in
        that unit can resolve attacks with it"."""
        return 1 if self.abilities.has("grenade") else self.attackers

    @property
    def automatic(self) -> bool:
        """Seed 000 "automatically hits" (skill `auto`) and 10th Torrent: no hit roll."""
        return self.skill is None or self.abilities.has("torrent")


def attacks_per_model(rolled: int, weapon: Weapon, rules: Ruleset, models: int) -> int:
    """Blast and Rapid Fire applied to one model's Attacks (seed 002; 10th Core)."""
    a = weapon.abilities
    count = rolled
    if a.has("blast") and rules.blast is BlastRule.MINIMUM_THREE:
        # Seed 002: at least three attacks against 6+ models, the maximum against 11+.
        count = weapon.most_attacks if models >= 11 else max(3, count) if models >= 6 else count
    elif a.has("blast"):
        count += models // 5  # 10th Core, Blast: +1 attack for every five models
    if a.rapid_fire is not None and a.has("half range"):
        count = 2 * count if rules.rapid_fire_doubles else count + a.rapid_fire
    return count


@dataclass(frozen=True)
class AttackSpec:
    """Several weapons resolved in order against one target, under one edition's rules."""

    rules: Ruleset
    weapons: tuple[Weapon, ...]
    target: Target

    def __post_init__(self) -> None:
        if not 1 <= len(self.weapons) <= MAX_WEAPONS:
            raise TooManyDice(f"Resolve 1 to {MAX_WEAPONS} weapons at a time.")
        if self.target.leader is not None and not self.rules.attached_leaders:
            raise InvalidProfile(
                f"In {self.rules.name} edition a CHARACTER is a unit of its own, not an attached "
                "Leader; attack it on its own."
            )
        worst = sum(self.max_attacks(w) for w in self.weapons)
        if worst > MAX_ATTACKS:
            raise TooManyDice(
                f"That could be {worst} attacks; keep it to {MAX_ATTACKS} with fewer attackers."
            )

    def max_attacks(self, weapon: Weapon) -> int:
        most = weapon.most_attacks  # `+N`/`+D3 attacks` included
        return weapon.firing * attacks_per_model(most, weapon, self.rules, self.target.models)


def weapon_from_text(
    rules: Ruleset,
    *,
    attacks: str,
    skill: str,
    strength: str | int,
    ap: str | int = 0,
    damage: str = "1",
    abilities: str = "",
    attackers: int | str = 1,
    name: str = "",
) -> Weapon:
    """A weapon from the slash-command options, each checked with a one-sentence error."""
    parsed = parse_abilities(abilities, rules)
    return Weapon(
        attacks=parse(attacks),
        skill=parse_skill(skill),
        strength=parse_strength(strength, rules, parsed.bearer_strength),
        ap=parse_ap(ap),
        damage=parse(damage),
        abilities=parsed,
        attackers=parse_number(attackers, "Attackers", 1, MAX_ATTACKERS),
        name=name[:100],
    )


def target_from_text(
    *,
    toughness: str | int,
    save: str,
    wounds: str | int = 1,
    models: str | int = 1,
    invuln: str = "",
    fnp: str = "",
    keywords: str = "",
    wounds_left: str | int | None = None,
) -> Target:
    """A target from the slash-command options; `wounds_left` is on the damaged model, if any."""
    w = parse_number(wounds, "Wounds per model", 1, MAX_WOUNDS)
    return Target(
        toughness=parse_number(toughness, "Toughness", 1, MAX_STRENGTH),
        save=parse_save(save),
        wounds=w,
        models=parse_number(models, "Models", 1, MAX_MODELS),
        invuln=parse_roll_needed(invuln, "Invulnerable save"),
        fnp=parse_roll_needed(fnp, "Feel no pain"),
        keywords=parse_keywords(keywords),
        wounds_left=None if wounds_left is None else parse_number(wounds_left, "Wounds left", 1, w),
    )

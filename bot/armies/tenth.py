"""10th edition characteristics: a `Unit` profile (M T SV W LD OC) as a `ModelProfile`, and a
weapon profile (Range A BS/WS S AP D Keywords) as an `ArmyWeapon`, values as the list writes them.

A weapon is any profile with Range, A, S, AP and D, whatever its type is called (Necron
`C'tan Powers` are weapons, pitfall 5); one with several modes is one profile per mode, each
keeping its name as written (`➤ Plasma gun - supercharge`). Torrent weapons have skill `N/A`.
"""

from __future__ import annotations

from bot.armies.bounds import text, value
from bot.armies.model import ArmyWeapon, ModelProfile
from bot.armies.tree import Profile

UNIT_COLUMNS = {
    "movement": "M", "toughness": "T", "save": "SV", "wounds": "W", "leadership": "LD",
    "oc": "OC",
}  # fmt: skip
WEAPON_COLUMNS = frozenset({"range", "a", "s", "ap", "d"})
NO_KEYWORDS = frozenset({"", "-", "–", "—"})


def model_profile(profile: Profile, models: int) -> ModelProfile:
    """A 10th `Unit` profile used by `models` models (a missing column is None)."""
    stats = {key: value(profile.get(column)) or None for key, column in UNIT_COLUMNS.items()}
    return ModelProfile(name=text(profile.name, "Model"), models=models, **stats)


def is_weapon(profile: Profile) -> bool:
    """A profile with a weapon's columns, whatever its type is called."""
    return {name.casefold() for name, _ in profile.characteristics} >= WEAPON_COLUMNS


def weapon(profile: Profile, count: int) -> ArmyWeapon:
    """A 10th weapon profile carried `count` times; keywords kept as written."""
    range_ = profile.get("Range")
    melee = "melee" in profile.type_name.casefold() or range_.casefold() == "melee"
    return ArmyWeapon(
        name=text(profile.name, "Weapon"),
        kind="melee" if melee else "ranged",
        count=count,
        range=value(range_) or ("Melee" if melee else "-"),
        attacks=value(profile.get("A")) or "-",
        skill=value(profile.get("WS" if melee else "BS") or profile.get("BS" if melee else "WS"))
        or "N/A",
        strength=value(profile.get("S")) or "-",
        ap=value(profile.get("AP")) or "0",
        damage=value(profile.get("D")) or "-",
        keywords=keywords(profile.get("Keywords")),
    )


def keywords(text: str) -> tuple[str, ...]:
    """`Assault, Rapid Fire 2` → each keyword as written; `-` or nothing means none."""
    found = (k.strip() for k in text.split(","))
    return tuple(dict.fromkeys(value(k, 60) for k in found if k not in NO_KEYWORDS))

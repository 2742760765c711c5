"""The attack sequence with dice: `resolve(spec, dice) -> AttackResult`."""

from bot.rules.attack.resolve import resolve
from bot.rules.attack.results import (
    AttackResult,
    DamageEvent,
    DamageKind,
    HitRoll,
    SaveRoll,
    WeaponResult,
    WoundRoll,
)

__all__ = [
    "AttackResult",
    "DamageEvent",
    "DamageKind",
    "HitRoll",
    "SaveRoll",
    "WeaponResult",
    "WoundRoll",
    "resolve",
]

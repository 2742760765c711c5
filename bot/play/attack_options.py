"""Every option of /attack and /odds as typed: the one value the commands hand to the use cases."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Typed:
    """Every option of /attack and /odds as typed (None: not given)."""

    attacks: str | None = None
    skill: str | None = None
    strength: str | None = None
    ap: str | None = None
    damage: str | None = None
    toughness: int | None = None
    save: str | None = None
    wounds: int | None = None
    models: int | None = None
    attackers: int | None = None
    invuln: str | None = None
    fnp: str | None = None
    abilities: str | None = None
    keywords: str | None = None
    edition: str | None = None
    attacker: str | None = None
    weapon: str | None = None
    target: str | None = None
    leader: str | None = None  # a unit, or a typed Leader profile (`W5 3+ 4++`)
    weapons: str | None = None  # typed profiles, `;`-separated (`bot.play.typed_profiles`)

    def given(self, *keys: str) -> dict[str, Any]:
        return {k: getattr(self, k) for k in keys if getattr(self, k) is not None}

    @property
    def units(self) -> dict[str, str | None]:
        """The options that may name a unit, by role."""
        return {"attacker": self.attacker, "target": self.target, "leader": self.leader}

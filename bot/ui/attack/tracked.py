"""Filling /attack and /odds from the channel's game: attacker and target units, their weapons.

Typed options override what a unit provides; typed abilities (e.g. `half range`) are added to every
weapon. Without units, the profile options must all be typed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.errors import VoxError
from bot.game import GameState, Unit
from bot.game import guards as game_guards
from bot.game.units import Weapon as GameWeapon
from bot.rules.errors import IllegalAction
from bot.rules.names import name_key
from bot.rules.quote import quoted

WEAPON_KEYS = ("attacks", "skill", "strength", "ap", "damage")
TARGET_KEYS = ("toughness", "save")


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

    def given(self, *keys: str) -> dict[str, Any]:
        return {k: getattr(self, k) for k in keys if getattr(self, k) is not None}


def _join(*parts: str | None) -> str:
    return ", ".join(p.strip() for p in parts if p and p.strip())


def _from_weapon(w: GameWeapon, unit: Unit) -> dict[str, Any]:
    return {
        "attacks": w.attacks, "skill": "auto" if w.skill is None else f"{w.skill}+",
        "strength": w.strength, "ap": w.ap, "damage": w.damage, "abilities": w.abilities,
        "attackers": unit.alive, "name": f"{unit.name} · {w.name}",
    }  # fmt: skip


def _chosen_weapons(unit: Unit, name: str | None) -> tuple[GameWeapon, ...]:
    weapons = unit.profile.weapons
    if not weapons:
        raise VoxError(f"{unit.name} has no weapons yet; add one with /unit weapon.")
    if name is None:
        return weapons
    chosen = tuple(w for w in weapons if name_key(w.name) == name_key(name))
    if not chosen:
        names = ", ".join(w.name for w in weapons)
        raise VoxError(f"{unit.name} has no weapon called {quoted(name)}; it has: {names}.")
    return chosen


def weapon_options(typed: Typed, state: GameState | None) -> list[dict[str, Any]]:
    """One dict of `weapon_from_text` options per weapon that attacks."""
    overrides = typed.given(*WEAPON_KEYS, "attackers")
    if typed.attacker is None:
        missing = [k for k in WEAPON_KEYS if k not in overrides]
        if missing:
            raise VoxError(
                f"Give {', '.join(missing)} (or pick an attacker unit from this channel's game)."
            )
        return [{**overrides, "abilities": typed.abilities or ""}]
    unit = game_guards.alive(_game(state), typed.attacker)
    out = []
    for w in _chosen_weapons(unit, typed.weapon):
        options = {**_from_weapon(w, unit), **overrides}
        options["abilities"] = _join(w.abilities, typed.abilities)
        out.append(options)
    return out


def target_options(typed: Typed, state: GameState | None) -> tuple[dict[str, Any], Unit | None]:
    """`target_from_text` options, and the tracked target unit (to apply damage to) if any."""
    overrides = typed.given(*TARGET_KEYS, "wounds", "models", "invuln", "fnp", "keywords")
    if typed.target is None:
        missing = [k for k in TARGET_KEYS if k not in overrides]
        if missing:
            raise VoxError(
                f"Give {', '.join(missing)} (or pick a target unit from this channel's game)."
            )
        return overrides, None
    unit = game_guards.alive(_game(state), typed.target)
    p = unit.profile
    options: dict[str, Any] = {
        "toughness": p.toughness, "save": "-" if p.save >= 7 else f"{p.save}+", "wounds": p.wounds,
        "models": unit.alive, "invuln": f"{p.invuln}+" if p.invuln else "",
        "fnp": f"{p.fnp}+" if p.fnp else "", "keywords": ", ".join(p.keywords),
        "wounds_left": unit.wounds_left if unit.wounds_left < p.wounds else None,
    }  # fmt: skip
    return {**options, **overrides}, unit


def _game(state: GameState | None) -> GameState:
    if state is None:
        raise IllegalAction(
            "There is no game in this channel, so there are no units; type the profile instead."
        )
    return state

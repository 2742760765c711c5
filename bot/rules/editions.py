"""Editions as data: phases, checklists, Command points and morale, read from `data/editions`.

Each edition is one JSON file (`data/editions/<key>.json`) validated by the models below; the game
code reads these and never asks which edition it is playing. The files are package data of the
top-level `data` package, read through `importlib.resources`, so they are found the same way from
the checkout, an editable install or an installed wheel. Reading these static tables is the only
file access in bot/rules.
"""

from __future__ import annotations

import re
from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from bot.rules.errors import InvalidProfile

# The editions shipped in data/editions (tests check the folder holds exactly these).
EDITIONS = ("9th", "10th", "7th", "eternum")
DATA_DIR: Traversable = files("data") / "editions"

MoveKind = Literal["normal", "advance", "fall_back", "stationary", "charge"]
Condition = Literal[
    "advanced", "fell_back", "charged", "lost_models", "below_half", "in_combat", "always"
]
TEMPLATE_FIELDS = {"lost", "alive", "models"}
_JSON = TypeAdapter(dict[str, Any])


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class UnitCheck(_Data):
    """Units a phase concerns: those matching any `when`, with `reason` shown beside them.

    `blocks` names what a matching unit cannot do this phase; `only` the weapon ability it may
    still shoot with (e.g. `assault` after an Advance, `pistol` in Engagement Range)."""

    when: tuple[Condition, ...]
    who: Literal["active", "both"]
    reason: str
    keyword: tuple[str, ...] = ()  # only units with one of these keywords (e.g. PSYKER)
    unless: tuple[str, ...] = ()  # units with one of these keywords are exempt (e.g. TITANIC)
    blocks: Literal["shoot", "charge", "manifest"] | None = None
    only: str | None = None

    @field_validator("keyword", "unless", mode="before")
    @classmethod
    def _words(cls, value: object) -> object:
        """One keyword may be written alone: `"TITANIC"` is `["TITANIC"]`."""
        return () if value is None else (value,) if isinstance(value, str) else value

    @model_validator(mode="after")
    def _known_fields(self) -> UnitCheck:
        unknown = set(re.findall(r"{(\w*)}", self.reason)) - TEMPLATE_FIELDS
        if unknown or not self.when:
            raise ValueError(f"reason may use only {sorted(TEMPLATE_FIELDS)}, got {unknown}")
        return self


class Phase(_Data):
    """One phase of a turn; `from` borrows the whole phase from another edition's file."""

    key: str
    name: str = ""
    checklist: tuple[str, ...] = ()
    moves: tuple[MoveKind, ...] = ()
    units: tuple[UnitCheck, ...] = ()


class CommandPointRule(_Data):
    """CP gained automatically on entering `phase`: `gain` to the active player or to both."""

    phase: str
    gain: int
    who: Literal["active", "both"]
    requires: str | None = None  # a game option that must be on (9th: battle_forged)


class MoraleRule(_Data):
    """Which test depleted units take and in which phase Vox lists them."""

    kind: Literal["morale", "battle_shock", "none"]
    phase: str | None
    units: tuple[UnitCheck, ...] = ()


class Edition(_Data):
    """Everything edition-specific the game model needs."""

    key: str
    name: str
    seed: str
    attack_ruleset: Literal["9th", "10th"]  # also reads `/unit weapon` profiles
    resolves_attacks: bool = True  # 7th: no attack rules of its own, so /attack and /odds refuse
    battle_rounds: int
    options: dict[str, bool]
    command_points: CommandPointRule | None
    # Starting CP per battle size (9th: the Core Book's Combat Patrol 3, Incursion 6, Strike
    # Force 12, Onslaught 18; seed 000 names no battle sizes). Empty: no such option.
    battle_sizes: dict[str, int] = Field(default_factory=dict)
    morale: MoraleRule
    phases: tuple[Phase, ...]
    # The inches a charge stops short of the enemy: 9th/10th/Eternum Engagement Range is 1"
    # (so a charge 9" away needs 8+); 7th (seed 001) charges into base contact: 0.
    engagement_range: int = Field(default=1, ge=0, le=3)
    round_name: str = "Battle round"  # seed 001 (7th) calls a round of both turns a "game turn"
    # How psykers manifest: 9th/Eternum take a 2D6 Psychic test (seed 000); 7th rolls Warp Charge
    # dice from a pool, each 4+ a success (bot/rules/psychic7.py).
    psychic: Literal["psychic_test", "warp_charge"] = "psychic_test"
    # What a successful charge earns in the Fight phase, as the edition words it ("" if nothing).
    charge_bonus: str = ""
    cannot_charge: tuple[str, ...] = ()  # keywords whose units never charge (10th: AIRCRAFT)
    # Seed 004 (Eternum): units may be set up in Reserves and arrive on Reserve Rolls.
    reserves: bool = False

    @model_validator(mode="after")
    def _consistent(self) -> Edition:
        keys = [p.key for p in self.phases]
        if len(set(keys)) != len(keys) or not keys:
            raise ValueError(f"phase keys must be unique and present: {keys}")
        cp = self.command_points
        for needed in (cp.phase if cp else None, self.morale.phase):
            if needed is not None and needed not in keys:
                raise ValueError(f"phase {needed!r} is not in {keys}")
        if cp and cp.requires is not None and cp.requires not in self.options:
            raise ValueError(f"CP rule needs option {cp.requires!r}, which is not declared")
        if self.battle_sizes and (cp is None or min(self.battle_sizes.values()) < 0):
            raise ValueError("battle sizes give starting CP: they need Command points, 0 or more")
        return self

    def fields_lists_of(self, list_edition: str) -> bool:
        """An imported army of `list_edition` ("9th", "10th") plays in this edition: its
        profiles are read by the edition's attack rules (a 9th army also plays Eternum)."""
        return self.resolves_attacks and self.attack_ruleset == list_edition

    @property
    def has_psychic_phase(self) -> bool:
        return any(p.key == "psychic" for p in self.phases)

    @property
    def phase_keys(self) -> tuple[str, ...]:
        return tuple(p.key for p in self.phases)

    def phase(self, index: int) -> Phase:
        return self.phases[index]


def _load_json(key: str) -> dict[str, Any]:
    return _JSON.validate_json((DATA_DIR / f"{key}.json").read_text("utf-8"))


def normalise(name: str) -> str:
    """`9`, `9th`, `9th edition`, `Eternum` → the file key."""
    key = name.strip().lower().removesuffix("edition").strip()
    if key.isdigit():
        key += "th"
    return key


def edition(name: str) -> Edition:
    """The edition called `name`, read once from data/editions and cached."""
    key = normalise(name)
    if key not in EDITIONS:
        raise InvalidProfile(f"`{name}` is not an edition Vox knows; choose {', '.join(EDITIONS)}.")
    return _load(key)


@cache
def _load(key: str) -> Edition:
    raw = _load_json(key)
    phases = []
    for entry in raw.get("phases", []):
        source = entry.pop("from", None) if isinstance(entry, dict) else None
        if source is not None:
            borrowed = edition(str(source)).phases
            phases.append(next(p for p in borrowed if p.key == entry["key"]))
        else:
            phases.append(entry)
    try:
        return Edition.model_validate({**raw, "phases": phases})
    except ValidationError as exc:  # a broken data file is a bug, not a user error
        raise RuntimeError(f"data/editions/{key}.json is invalid: {exc}") from exc


def all_editions() -> tuple[Edition, ...]:
    return tuple(edition(key) for key in EDITIONS)

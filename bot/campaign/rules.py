"""Crusade numbers as data: ranks, caps, scars, requisition and supply, from `data/crusade`.

Sources: Warhammer 40,000 Crusade rules, 9th edition Core Book ("Crusade" section) and 10th edition
Core Book Crusade rules. Each edition is one JSON file (`data/crusade/<key>.json`) validated by
`CrusadeRules`; Eternum campaigns use the 9th edition file. Like `bot.rules.editions`, the files
are package data of the `data` package, read through `importlib.resources`.
"""

from __future__ import annotations

from functools import cache
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from bot.campaign.models import Card

CampaignEdition = Literal["9th", "10th", "eternum"]
CAMPAIGN_EDITIONS: tuple[CampaignEdition, ...] = ("9th", "10th", "eternum")
RULES_FILE: dict[str, str] = {"9th": "9th", "10th": "10th", "eternum": "9th"}
DATA_DIR: Traversable = files("data") / "crusade"


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class Rank(_Data):
    name: str
    xp: int = Field(ge=0)  # the least XP of this rank


class HonourCaps(_Data):
    max: int = Field(ge=0)
    max_character: int = Field(ge=0)  # CHARACTER units and Legendary Veterans


class Experience(_Data):
    battle: int  # Battle Experience: every unit that took part
    marked: int  # Marked for Greatness
    kills_per_xp: int = Field(ge=1)  # Dealers of Death: +1 XP for every this many kills


class Requisition(_Data):
    start: int = Field(ge=0)
    per_battle: int = Field(ge=0)
    max: int = Field(ge=0)


class Supply(_Data):
    start: int = Field(ge=0)
    unit: str  # "PL" (9th) or "pts" (10th)
    increase_cost: int = Field(ge=1)  # RP for the "Increase Supply Limit" requisition
    increase_step: int = Field(ge=1)


class CrusadeRules(_Data):
    key: str
    name: str
    source: str
    ranks: tuple[Rank, ...]
    non_character_xp_cap: int
    honours: HonourCaps
    max_scars: int
    scars: tuple[str, ...]
    experience: Experience
    out_of_action_fails_on: int = Field(ge=1, le=6)
    requisition: Requisition
    supply: Supply

    @model_validator(mode="after")
    def _ordered(self) -> CrusadeRules:
        thresholds = [r.xp for r in self.ranks]
        if not thresholds or thresholds[0] != 0 or thresholds != sorted(set(thresholds)):
            raise ValueError(f"ranks must start at 0 XP and rise: {thresholds}")
        return self


def crusade_rules(edition: str) -> CrusadeRules:
    """The Crusade rules of a campaign edition (Eternum plays the 9th edition's)."""
    key = RULES_FILE.get(edition)
    if key is None:
        raise ValueError(f"no Crusade rules for edition {edition!r}")
    return _load(key)


@cache
def _load(key: str) -> CrusadeRules:
    text = (DATA_DIR / f"{key}.json").read_text("utf-8")
    try:
        return CrusadeRules.model_validate_json(text)
    except ValidationError as exc:  # a broken data file is a bug, not a user error
        raise RuntimeError(f"data/crusade/{key}.json is invalid: {exc}") from exc


def rank(rules: CrusadeRules, xp: int) -> str:
    """Crusade "Ranks": Battle-ready 0-5, Blooded 6-15, Battle-hardened 16-30, Heroic 31-50,
    Legendary 51+."""
    return [r.name for r in rules.ranks if r.xp <= xp][-1]


def xp_cap(rules: CrusadeRules, card: Card) -> int | None:
    """Non-CHARACTER units cannot gain XP beyond 30 without Legendary Veterans; None: no cap."""
    if card.character or card.legendary_veterans:
        return None
    return rules.non_character_xp_cap


def honour_cap(rules: CrusadeRules, card: Card) -> int:
    """At most 3 Battle Honours; 6 for CHARACTER units and Legendary Veterans."""
    if card.character or card.legendary_veterans:
        return rules.honours.max_character
    return rules.honours.max


def capped_xp(rules: CrusadeRules, card: Card, gain: int) -> int:
    """How much of `gain` the card keeps: XP beyond its cap is lost."""
    cap = xp_cap(rules, card)
    if cap is None:
        return gain
    return max(0, min(gain, cap - card.xp))

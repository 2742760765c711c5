"""An army in Vox's own format: what an import makes, `/army export` writes and import reads again.

Values stay text as the list writes them (`6"`, `3+`, `D6+1`, `User`, `-1`): the game reads them
when a unit is fielded. Characteristics are keyed by fixed lower-case names, whatever the list's
column headers: 10th `movement toughness save wounds leadership oc`, 9th `movement ws bs strength
toughness wounds attacks leadership save`. Every collection and text is bounded, so a stored army
has a known largest size.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

from bot.rules.names import name_key

FORMAT: Literal["vox-army"] = "vox-army"
VERSION: Literal[1] = 1
MAX_UNITS = 100
MAX_WEAPONS = 40
MAX_PROFILES = 12
MAX_KEYWORDS = 40
MAX_WARNINGS = 60
MAX_DEFENCE_ABILITIES = 10

Edition = Literal["9th", "10th"]
Source = Literal[
    "battlescribe-ros", "battlescribe-rosz", "newrecruit-json", "gw-app-text",
    "newrecruit-text", "vox-army",
]  # fmt: skip
Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=100)]
Value = Annotated[str, StringConstraints(strip_whitespace=True, max_length=30)]
Keyword = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=60)]
Note = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=300)]
Count = Annotated[int, Field(ge=1, le=200)]

CHARACTERISTICS: dict[Edition, tuple[str, ...]] = {
    "10th": ("movement", "toughness", "save", "wounds", "leadership", "oc"),
    "9th": (
        "movement", "ws", "bs", "strength", "toughness", "wounds", "attacks", "leadership",
        "save",
    ),
}  # fmt: skip


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class ModelProfile(_Frozen):
    """One model profile and how many of the unit's models use it; a characteristic the list
    does not give is None (9th wound-tracked values such as `*` stay as written)."""

    name: Text
    models: Count = 1
    movement: Value | None = None
    toughness: Value | None = None
    save: Value | None = None
    wounds: Value | None = None
    leadership: Value | None = None
    oc: Value | None = None
    ws: Value | None = None
    bs: Value | None = None
    strength: Value | None = None
    attacks: Value | None = None


class Bracket(_Frozen):
    """9th: one row of a damage table, `remaining` as written (`7-12+`, `[1] (7+ wounds)`), and
    the characteristics it sets, keyed as in `ModelProfile`."""

    remaining: Text
    characteristics: dict[Keyword, Value] = Field(default_factory=dict, max_length=12)


class ArmyWeapon(_Frozen):
    """One weapon profile (a mode of a weapon with several is a profile of its own, named as the
    list names it: `➤ Plasma gun - supercharge`); `count` is how many of it the unit has (a
    model may carry several: 3 suits with 2 fusion blasters each have 6)."""

    name: Text
    kind: Literal["ranged", "melee"]
    count: Count = 1
    range: Value = "Melee"
    attacks: Value = "1"
    skill: Value = "N/A"  # 10th BS/WS as written (`3+`, `N/A` for Torrent); 9th the bearer's
    strength: Value = "User"
    ap: Value = "0"
    damage: Value = "1"
    keywords: tuple[Keyword, ...] = Field(default=(), max_length=MAX_KEYWORDS)
    type: Value | None = None  # 9th: `Rapid Fire 2`, `Heavy D6`, `Melee`


class ArmyUnit(_Frozen):
    """A unit as the list has it. `missing` marks a unit of a text export whose profiles Vox
    could not find: it keeps its name, models and wargear, for the player to complete."""

    name: Text
    models: Count = 1
    points: int = Field(default=0, ge=0, le=10_000)
    profiles: tuple[ModelProfile, ...] = Field(default=(), max_length=MAX_PROFILES)
    brackets: tuple[Bracket, ...] = Field(default=(), max_length=6)
    invuln: Value | None = None  # "4+"; only when the list states it for the whole unit
    fnp: Value | None = None
    fnp_mortal: Value | None = None  # "5+": a Feel No Pain against mortal wounds only
    # Ability phrases every attack against the unit takes (`-1 damage`, `worsen ap 1`): a rule
    # of the unit whose whole text is that one effect (`bot.armies.defence_rules`)
    defence_abilities: tuple[Keyword, ...] = Field(default=(), max_length=MAX_DEFENCE_ABILITIES)
    conditional: tuple[Note, ...] = Field(default=(), max_length=10)  # shown as text
    keywords: tuple[Keyword, ...] = Field(default=(), max_length=MAX_KEYWORDS)
    weapons: tuple[ArmyWeapon, ...] = Field(default=(), max_length=MAX_WEAPONS)
    wargear: tuple[Text, ...] = Field(default=(), max_length=MAX_WEAPONS)  # text exports
    missing: bool = False


class Army(_Frozen):
    """An army: Vox's JSON, versioned, importable again."""

    format: Literal["vox-army"] = FORMAT
    version: Literal[1] = VERSION
    name: Text
    edition: Edition
    source: Source
    faction: Annotated[str, StringConstraints(max_length=200)] = ""
    points: int = Field(default=0, ge=0, le=100_000)  # the sum of the units' points
    units: tuple[ArmyUnit, ...] = Field(min_length=1, max_length=MAX_UNITS)
    warnings: tuple[Note, ...] = Field(default=(), max_length=MAX_WARNINGS)

    def to_json(self) -> str:
        return self.model_dump_json(indent=2, exclude_defaults=False)


def numbered(units: Sequence[ArmyUnit]) -> list[tuple[str, ArmyUnit]]:
    """Each unit with the name it is shown, fielded and made a campaign card by: a second unit of
    the same name gets " 2", a third " 3" (two Intercessor Squads: "Intercessor Squad",
    "Intercessor Squad 2")."""
    seen: dict[str, int] = {}
    named = []
    for unit in units:
        key = name_key(unit.name)
        seen[key] = seen.get(key, 0) + 1
        named.append((unit.name if seen[key] == 1 else f"{unit.name} {seen[key]}", unit))
    return named

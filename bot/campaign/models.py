"""A unit's Crusade card and a battle's result: the values campaign events carry."""

from __future__ import annotations

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    NonNegativeInt,
    ValidationError,
    model_validator,
)

from bot.game.units import Name, UnitProfile
from bot.rules.names import name_key
from bot.rules.quote import quoted


class Card(BaseModel):
    """A Crusade card: a unit's profile plus what it earned (Crusade "Crusade cards")."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: Name
    owner: int
    profile: UnitProfile
    points: int = Field(default=0, ge=0, le=10000)  # Power Level (9th) or points (10th)
    xp: int = Field(default=0, ge=0, le=10000)
    honours: tuple[Name, ...] = Field(default=(), max_length=10)
    scars: tuple[Name, ...] = Field(default=(), max_length=10)
    battles: NonNegativeInt = 0
    survived: NonNegativeInt = 0
    kills: NonNegativeInt = 0
    legendary_veterans: bool = False
    notes: str = Field(default="", max_length=200)
    # Made from a player's army (None: typed or copied): the army's name and its unit's label,
    # so re-importing the army updates this card's profile.
    army: str | None = Field(default=None, min_length=1, max_length=100)
    army_unit: str | None = Field(default=None, min_length=1, max_length=110)

    @property
    def key(self) -> str:
        return name_key(self.name)

    @property
    def character(self) -> bool:
        return self.profile.has("CHARACTER")


class Battle(BaseModel):
    """One battle of a campaign: who played, the result, which cards fought and what they did."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    battle: int = Field(ge=1)
    game_id: int | None = None
    players: tuple[int, int]
    winner: int | None = None
    conceded: int | None = None  # the player who conceded (the winner is the other one)
    vp: dict[int, NonNegativeInt] = Field(default_factory=dict)
    mission: str = Field(default="", max_length=100)
    note: str = Field(default="", max_length=500)
    fielded: dict[int, tuple[Name, ...]] = Field(default_factory=dict)
    destroyed: tuple[Name, ...] = ()
    kills: dict[Name, NonNegativeInt] = Field(default_factory=dict)

    @model_validator(mode="after")
    def _consistent(self) -> Battle:
        a, b = self.players
        if a == b:
            raise ValueError("a battle needs two different players; name the opponent")
        if self.winner is not None and self.winner not in self.players:
            raise ValueError("the winner must be one of the two players, or none for a draw")
        if self.conceded is not None and {self.conceded, self.winner} != {a, b}:
            raise ValueError("a player who concedes loses; name their opponent the winner")
        strangers = (set(self.vp) | set(self.fielded)) - {a, b}
        if strangers:
            raise ValueError(f"player {min(strangers)} did not play this battle; remove them")
        names = [name_key(n) for cards in self.fielded.values() for n in cards]
        if len(set(names)) != len(names):
            raise ValueError("a card is fielded twice; list each card once")
        for listed, what in ((self.destroyed, "destroyed"), (tuple(self.kills), "kills")):
            unknown = [n for n in listed if name_key(n) not in names]
            if unknown:
                raise ValueError(f"{unknown[0]} is in {what} but was not fielded; field it first")
        return self

    def fielded_by(self, player: int) -> tuple[str, ...]:
        return self.fielded.get(player, ())

    @property
    def all_fielded(self) -> tuple[str, ...]:
        return tuple(n for cards in self.fielded.values() for n in cards)

    def kills_of(self, name: str) -> int:
        key = name_key(name)
        return sum(n for card, n in self.kills.items() if name_key(card) == key)

    def was_destroyed(self, name: str) -> bool:
        return name_key(name) in {name_key(n) for n in self.destroyed}


def problem(exc: ValidationError, *, located: bool = True) -> str:
    """Pydantic's first error as `location: message` (without the "Value error, " prefix)."""
    first = exc.errors()[0]
    message = str(first["msg"]).removeprefix("Value error, ").rstrip(".")
    where = ".".join(quoted(part) for part in first["loc"])  # a key can be any typed text
    return f"{where}: {message}" if where and located else message

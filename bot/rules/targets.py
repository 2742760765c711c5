"""The target of an attack: one unit of identical models, or (10th) a Bodyguard unit with its
attached Leader, each part with its own save, invulnerable save, feel-no-pain and wounds.

10th Core Rules, Leader ("Attached units"): "each time an attack targets an Attached unit, until
the attacking unit has resolved all of its attacks, you must use the Toughness characteristic of
the Bodyguard models in that unit, even if a Leader in that unit has a different Toughness"; attacks
cannot be allocated to the CHARACTER models of an Attached unit while it has Bodyguard models, so
the Leader is allocated attacks last, and an attack with Precision may be allocated to the Leader
first (10th Core, Precision). Each part's health is one number: (models alive - 1) x W + wounds
left on the wounded model (seed 000: a model that has lost wounds takes the next attack).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from bot.rules.abilities import MAX_STRENGTH
from bot.rules.errors import InvalidProfile, TooManyDice

MAX_MODELS = 100
MAX_WOUNDS = 50
MAX_LEADERS = 3  # 10th: a Bodyguard unit takes one Leader, a few units two (and one Support)


def _bounded(value: int, name: str, low: int, high: int) -> None:
    if not low <= value <= high:
        raise TooManyDice(f"{name} must be a whole number from {low} to {high}.")


def _check_roll(value: int | None, name: str) -> None:
    if value is not None and not 2 <= value <= 6:
        raise InvalidProfile(f"{name} `{value}+` cannot be used; type 2+ to 6+.")


@dataclass(frozen=True, slots=True)
class Part:
    """Identical models of one profile: the whole of a plain target, or one part of an attached
    unit. `fnp_mortal` is a feel-no-pain used against mortal wounds only (the better of it and
    `fnp` is rolled against a mortal wound)."""

    save: int | None
    wounds: int = 1
    models: int = 1
    invuln: int | None = None
    fnp: int | None = None
    fnp_mortal: int | None = None
    wounds_left: int | None = None  # on the damaged model; None: no model is damaged
    defences: str = ""  # its rules against attacks, as phrases: `-1 damage, worsen ap 1`

    def __post_init__(self) -> None:
        _bounded(self.wounds, "Wounds per model", 1, MAX_WOUNDS)
        _bounded(self.models, "Models", 1, MAX_MODELS)
        for name, value in (
            ("Save", self.save),
            ("Invulnerable save", self.invuln),
            ("Feel no pain", self.fnp),
            ("Feel no pain against mortal wounds", self.fnp_mortal),
        ):
            _check_roll(value, name)
        if self.wounds_left is not None and not 1 <= self.wounds_left <= self.wounds:
            raise InvalidProfile(
                f"The damaged model can have 1 to {self.wounds} wounds left; type one of those."
            )

    @property
    def health(self) -> int:
        """Health left = (models alive - 1) x W + wounds left on the wounded model."""
        return (self.models - 1) * self.wounds + (self.wounds_left or self.wounds)

    @property
    def most(self) -> int:
        """The health of the part unharmed: models x W."""
        return self.models * self.wounds

    def wounds_on(self, health: int) -> int:
        """Wounds left on the model that takes the next attack (seed 000, Allocate Attacks)."""
        return 0 if health <= 0 else (health - 1) % self.wounds + 1

    def alive(self, health: int) -> int:
        return math.ceil(max(health, 0) / self.wounds)

    def mortal_fnp(self) -> int | None:
        """The feel-no-pain rolled against a mortal wound: the better of the two."""
        found = [x for x in (self.fnp, self.fnp_mortal) if x is not None]
        return min(found) if found else None


@dataclass(frozen=True, slots=True)
class Target:
    """The target unit: its Toughness and keywords (for the whole unit), its Bodyguard models
    (the fields below, or the only models of a plain target) and an attached Leader if any."""

    toughness: int
    save: int | None
    wounds: int = 1
    models: int = 1
    invuln: int | None = None
    fnp: int | None = None
    keywords: frozenset[str] = frozenset()
    wounds_left: int | None = None  # on the damaged model; None: no model is damaged
    fnp_mortal: int | None = None
    leader: Part | None = None
    defences: str = ""  # the Bodyguard's rules against attacks (see `Part.defences`)

    def __post_init__(self) -> None:
        _bounded(self.toughness, "Toughness", 1, MAX_STRENGTH)
        self.body  # noqa: B018 - the Bodyguard part checks its own numbers
        if self.leader is not None:
            _bounded(self.leader.models, "Leader models", 1, MAX_LEADERS)

    @property
    def body(self) -> Part:
        """The Bodyguard models (all of the models of a target without a Leader)."""
        return Part(
            self.save,
            self.wounds,
            self.models,
            self.invuln,
            self.fnp,
            self.fnp_mortal,
            self.wounds_left,
            self.defences,
        )

    @property
    def parts(self) -> tuple[Part, ...]:
        """The Bodyguard, then the Leader if there is one: the order attacks are allocated in."""
        return (self.body,) if self.leader is None else (self.body, self.leader)

    @property
    def health(self) -> int:
        """The Bodyguard's health left (see `Part.health`); the Leader's is `leader.health`."""
        return self.body.health

    @property
    def all_models(self) -> int:
        """Every model of the unit, the Leader's included."""
        return self.models + (self.leader.models if self.leader else 0)

    def wounds_on(self, health: int) -> int:
        return self.body.wounds_on(health)

    def alive(self, health: int) -> int:
        return self.body.alive(health)

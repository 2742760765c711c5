"""The events of a game: frozen, JSON-able records. The state is a fold over them.

`follows=True` marks an event caused by the one before it in the same action (the CP gained on
entering a Command phase, the next turn after the last phase); undo reverts the whole action.
"""

from __future__ import annotations

from typing import Literal

from pydantic import Field

from bot import eventlog
from bot.eventlog import BaseEvent
from bot.game.unit_events import (
    ChargeDeclared,
    DamageApplied,
    EngagementChanged,
    Healed,
    ReserveRolled,
    UnitAdded,
    UnitEdited,
    UnitMoved,
    UnitRemoved,
    UnitReserved,
    WeaponAdded,
    WeaponRemoved,
    WeaponSpent,
)

__all__ = [  # the unit events, re-exported beside this module's own
    "ChargeDeclared",
    "DamageApplied",
    "EngagementChanged",
    "Healed",
    "ReserveRolled",
    "UnitAdded",
    "UnitEdited",
    "UnitMoved",
    "UnitRemoved",
    "UnitReserved",
    "WeaponAdded",
    "WeaponRemoved",
    "WeaponSpent",
]


class GameStarted(BaseEvent):
    kind: Literal["game_started"] = "game_started"
    edition: str
    players: tuple[int, int]
    rounds: int
    options: dict[str, bool] = Field(default_factory=dict)
    starting_cp: int = 0
    mission: str = Field(default="", max_length=100)
    battle_size: str = Field(default="", max_length=40)  # 9th: what gave the starting CP


class FirstPlayerChosen(BaseEvent):
    kind: Literal["first_player_chosen"] = "first_player_chosen"
    player: int


class PhaseAdvanced(BaseEvent):
    """The game is now in `phase` of `player`'s turn in battle round `round`."""

    kind: Literal["phase_advanced"] = "phase_advanced"
    round: int
    player: int
    phase: str
    name: str = ""


class TurnEnded(BaseEvent):
    kind: Literal["turn_ended"] = "turn_ended"
    round: int
    player: int


class RoundEnded(BaseEvent):
    kind: Literal["round_ended"] = "round_ended"
    round: int


class CommandPointsGained(BaseEvent):
    kind: Literal["cp_gained"] = "cp_gained"
    player: int
    amount: int
    reason: str = ""


class CommandPointsSpent(BaseEvent):
    kind: Literal["cp_spent"] = "cp_spent"
    player: int
    amount: int
    reason: str = ""


class VictoryPointsScored(BaseEvent):
    """`amount` may be negative to correct a mistake; the total never drops below 0."""

    kind: Literal["vp_scored"] = "vp_scored"
    player: int
    amount: int
    reason: str = ""


class DiceRolled(BaseEvent):
    """A roll worth keeping in the log; it changes no state."""

    kind: Literal["dice_rolled"] = "dice_rolled"
    label: str
    expression: str = ""
    dice: tuple[int, ...] = ()
    total: int
    notable: bool = False
    unit: str | None = None


class PowerAttempted(BaseEvent):
    """A psychic power a tracked psyker attempted (seed 000: Smite once per psyker per battle
    round, any other power once per army). A passed Smite names its `target` and `mortal_wounds`,
    applied once the opponent has had the chance to deny it."""

    kind: Literal["power_attempted"] = "power_attempted"
    unit: str
    player: int
    power: str = Field(max_length=60)
    total: int
    passed: bool
    target: str | None = None
    mortal_wounds: int | None = None


class TestTaken(BaseEvent):
    """A Morale (9th, Eternum) or Battle-shock (10th) test of a tracked unit; a failed
    battle-shock test leaves the unit battle-shocked until its controller's next Command phase."""

    kind: Literal["test_taken"] = "test_taken"
    unit: str
    test: Literal["morale", "battle_shock"]
    dice: tuple[int, ...]
    total: int
    passed: bool


class RolesChosen(BaseEvent):
    """Eternum set-up (seed 004): the roll-off winner picks the Attacker and the Defender."""

    kind: Literal["roles_chosen"] = "roles_chosen"
    attacker: int
    defender: int


class DeploymentFinished(BaseEvent):
    """Eternum (seed 004): who finished deploying first, and the first-turn roll-off it won +1 in;
    `rolls` are the unmodified D6s, one pair per round (ties roll again)."""

    kind: Literal["deployment_finished"] = "deployment_finished"
    first: int
    rolls: tuple[tuple[int, int], ...]
    chooser: int


class EventUndone(BaseEvent):
    """Compensates the action made of `seqs`; the log itself is never rewritten."""

    kind: Literal["event_undone"] = "event_undone"
    seqs: tuple[int, ...]
    kinds: tuple[str, ...]
    what: str


class GameEnded(BaseEvent):
    """The end; `conceded` names the player who conceded (the other one is the winner)."""

    kind: Literal["game_ended"] = "game_ended"
    winner: int | None
    reason: str
    vp: dict[int, int] = Field(default_factory=dict)
    conceded: int | None = None


class PromptShown(BaseEvent):
    """The message that shows the current player turn's live prompt (edited as phases advance);
    bookkeeping for the channel, not a change to the game: undo and the log skip it."""

    kind: Literal["prompt_shown"] = "prompt_shown"
    message_id: int


Event = (
    GameStarted
    | FirstPlayerChosen
    | PhaseAdvanced
    | TurnEnded
    | RoundEnded
    | CommandPointsGained
    | CommandPointsSpent
    | VictoryPointsScored
    | UnitAdded
    | UnitEdited
    | UnitRemoved
    | WeaponAdded
    | WeaponRemoved
    | WeaponSpent
    | UnitMoved
    | DamageApplied
    | Healed
    | DiceRolled
    | PowerAttempted
    | TestTaken
    | RolesChosen
    | DeploymentFinished
    | EventUndone
    | GameEnded
    | ChargeDeclared
    | EngagementChanged
    | UnitReserved
    | ReserveRolled
    | PromptShown
)

EVENT_TYPES: dict[str, type[Event]] = {
    cls.model_fields["kind"].default: cls
    for cls in (
        GameStarted, FirstPlayerChosen, PhaseAdvanced, TurnEnded, RoundEnded,
        CommandPointsGained, CommandPointsSpent, VictoryPointsScored, UnitAdded, UnitEdited,
        UnitRemoved, WeaponAdded, WeaponRemoved, UnitMoved, DamageApplied, Healed, DiceRolled,
        PowerAttempted, TestTaken, RolesChosen, DeploymentFinished, EventUndone, GameEnded,
        ChargeDeclared, EngagementChanged, UnitReserved, ReserveRolled, PromptShown, WeaponSpent,
    )
}  # fmt: skip

# Events that leave the state as it was: undo skips them.
NOT_UNDOABLE = frozenset({"dice_rolled", "event_undone", "game_started", "prompt_shown"})


def to_json(event: Event) -> str:
    return eventlog.to_json(event)


def from_json(kind: str, payload: str) -> Event:
    return eventlog.from_json(EVENT_TYPES, kind, payload, "event")


Recorded = eventlog.Entry[Event]
chain = eventlog.chain

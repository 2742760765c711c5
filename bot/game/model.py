"""A game's state as `/game status` shows it, with its undo history: `GameState`. How events change
it is `bot.game.state` (the game's events) and `bot.game.unit_fold` (the units' events)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from bot.game.unit_events import ChargeDeclared
from bot.game.units import Unit
from bot.rules.editions import Edition, Phase
from bot.rules.names import name_key

Status = Literal["new", "setup", "active", "ended"]
UNDO_LIMIT = 30  # actions undo can take back in a row (README, /game undo)
COMMAND_REROLL = "Command Re-roll"  # the Stratagem's name, the reason its CP is spent for


@dataclass(frozen=True, slots=True)
class UndoPoint:
    """An action that changed the state: its events, who did it, and the state before it (whose
    own undo history is not kept there: the points after this one in `GameState.history` are)."""

    seqs: tuple[int, ...]
    kinds: tuple[str, ...]
    actor: int | None
    what: str
    before: GameState


@dataclass(frozen=True, slots=True)
class Attempt:
    """A psychic power attempted this battle round (for the once-per-round limits)."""

    player: int
    unit: str  # case-folded
    power: str  # case-folded
    phase_seq: int


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything `/game status` shows; `seq` is the last event applied (for optimistic append)."""

    edition: Edition | None = None
    players: tuple[int, ...] = ()
    rounds: int = 0
    options: Mapping[str, bool] = field(default_factory=dict)
    status: Status = "new"
    round: int = 0
    first: int | None = None
    active: int | None = None
    phase_index: int = 0
    cp: Mapping[int, int] = field(default_factory=dict)
    vp: Mapping[int, int] = field(default_factory=dict)
    turn_vp: Mapping[int, int] = field(default_factory=dict)  # VP scored since this turn began
    units: Mapping[str, Unit] = field(default_factory=dict)  # by name_key, in added order
    winner: int | None = None
    seq: int = 0
    phase_seq: int = 0  # the event that entered the current phase: a prompt's identity
    attempts: tuple[Attempt, ...] = ()  # psychic powers attempted this battle round
    tested: frozenset[tuple[str, str]] = frozenset()  # (unit key, test) taken this phase
    attacker: int | None = None  # Eternum set-up
    deployed_first: int | None = None
    chooser: int | None = None  # who picks the first turn, once a roll-off decided it
    history: tuple[UndoPoint, ...] = ()  # the last UNDO_LIMIT actions, newest first
    changed: bool = False  # some action changed the game (undo past `history` is then refused)
    prompt_message: int | None = None  # the message showing the live prompt (PromptShown)
    # This phase: each charge declared (its event's seq and the event; a re-roll's button names
    # the seq) and the players who used a Command Re-roll (a Stratagem, once per phase).
    charges: tuple[tuple[int, ChargeDeclared], ...] = ()
    command_rerolls: frozenset[int] = frozenset()

    @property
    def undo(self) -> UndoPoint | None:
        """The action undo would revert next."""
        return self.history[0] if self.history else None

    @property
    def phase(self) -> Phase | None:
        if self.edition is None or self.status != "active":
            return None
        return self.edition.phase(self.phase_index)

    def other(self, player: int) -> int:
        return self.players[1] if player == self.players[0] else self.players[0]

    def unit(self, name: str) -> Unit | None:
        return self.units.get(name_key(name))

"""Who is acting, and what they may change: checked before any die is rolled."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from bot.campaign import CampaignState
from bot.errors import NotAllowed
from bot.game import GameState

T = TypeVar("T")
NOT_A_PLAYER = "Only the two players (or someone with Manage Channels) can change this game."
IN_A_SERVER = "Games and campaigns live in a server channel; use this command there."


@dataclass(frozen=True, slots=True)
class Actor:
    """A member acting in a channel, with the two permissions Vox asks about."""

    user_id: int
    channel_id: int
    guild_id: int | None = None
    manages_channel: bool = False  # Manage Channels: may change any game in the channel
    manages_server: bool = False  # Manage Server: administers every campaign in the server


def may_change(actor: Actor, state: GameState) -> None:
    """Anyone may roll; only the players or a member with Manage Channels change a game."""
    if actor.user_id not in state.players and not actor.manages_channel:
        raise NotAllowed(NOT_A_PLAYER)


def is_admin(actor: Actor, state: CampaignState) -> bool:
    """The campaign's creator or a member with Manage Server administer it."""
    return actor.user_id == state.creator or actor.manages_server


def by_a_player(actor: Actor, decide: Callable[[GameState], T]) -> Callable[[GameState], T]:
    """`decide`, by a member who may change the game: checked against the state it decides on
    (inside the ledger's lock), before `decide` rolls anything."""

    def decide_as(state: GameState) -> T:
        may_change(actor, state)
        return decide(state)

    return decide_as

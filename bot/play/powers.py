"""What both editions' psychic use cases share (9th/Eternum in `psychic`, 7th in `psychic7`):
which psychic rules a roll follows, recording a tracked psyker's attempt, who may deny a power and
only once (a claim in the store's `meta`), and the power a button belongs to."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, TypeVar

from bot.errors import NotAllowed, Stale, VoxError
from bot.game import GameState, Unit
from bot.game.events import Event, EventUndone, PowerAttempted
from bot.game.psychic import Manifesting, enemy_target, may_manifest
from bot.play.actor import Actor
from bot.play.rolled import roll_and_record
from bot.play.services import Services
from bot.rules.editions import edition
from bot.store.meta import claim_meta
from bot.tracker import Outcome, Table

R = TypeVar("R")
Kind = Literal["psychic_test", "warp_charge"]
DENY = "deny:{}"  # one claim per power's message: denying it or letting it through
NO_POWER = "Name the power (power:) so Vox can check it against the powers already attempted."


@dataclass(frozen=True, slots=True)
class Cast:
    """What recording a tracked power did, and what its buttons need."""

    game_id: int
    seq: int  # the PowerAttempted event
    psyker: str
    warning: str | None  # said beside the roll, e.g. outside the Psychic phase
    after: Unit | None  # the psyker after Perils
    survived: bool
    blast: tuple[str, ...] = field(default=())  # units that could be within 6" of a dead psyker
    opponent: int | None = None  # who may deny the power (the caster's opponent)


async def psychic_kind(
    services: Services, actor: Actor, typed: str | None, tracked: bool = False
) -> Kind:
    """The typed edition's psychic rules, else the channel's game's, else 9th's 2D6 test; a
    tracked psyker follows its game's edition, so a different typed one is refused."""
    table = await services.tracker.table(actor.channel_id)
    game = table.state.edition if table else None
    if typed is None:
        return game.psychic if game else "psychic_test"
    chosen = edition(typed)
    if tracked and game is not None and game.psychic != chosen.psychic:
        raise VoxError(f"This game is {game.name}: leave edition: out for its psykers.")
    return chosen.psychic


async def no_smite_in_7th(services: Services, actor: Actor) -> None:
    """/smite is 9th's Smite (seed 002): a game rolling 7th's Warp Charge dice refuses it."""
    if await psychic_kind(services, actor, None) == "warp_charge":
        raise VoxError(
            "This game is 7th edition, which has no 9th edition Smite; roll its powers with "
            "/psychic wc: dice:."
        )


def allowed(
    state: GameState, actor: Actor, psyker: str, power: str | None, target: str | None = None
) -> Manifesting:
    """May this psyker attempt `power` now? Asked before any dice are rolled."""
    if not power:
        raise VoxError(NO_POWER)
    checked = may_manifest(state, psyker, power, actor.user_id)
    if target is not None:
        enemy_target(state, checked.unit, target)
    return checked


def cast_of(outcome: Outcome, actor: Actor, allowed: Manifesting) -> Cast:
    """The recorded attempt: its event, the psyker after it and who may deny it."""
    seq = next(r.seq for r in outcome.appended if isinstance(r.event, PowerAttempted))
    game_id, name, state = outcome.table.record.id, allowed.unit.name, outcome.state
    after = state.unit(name)
    if after is not None and after.destroyed:
        near = tuple(u.name for u in state.units.values() if not u.destroyed)
        return Cast(game_id, seq, name, allowed.warning, after, False, near)
    opponent = state.other(actor.user_id) if actor.user_id in state.players else None
    return Cast(game_id, seq, name, allowed.warning, after, True, opponent=opponent)


async def tracked(
    services: Services,
    actor: Actor,
    allow: Callable[[GameState], Manifesting],
    roll: Callable[[Manifesting], R],
    record: Callable[[GameState, Manifesting, R], list[Event]],
) -> tuple[R, Cast]:
    """Check the psyker (`allow`), then roll, then record the attempt, as one undoable action."""

    def decide(state: GameState) -> tuple[tuple[Manifesting, R], list[Event]]:
        checked = allow(state)
        rolled = roll(checked)
        return (checked, rolled), record(state, checked, rolled)

    (checked, rolled), outcome = await roll_and_record(services, actor, decide)
    return rolled, cast_of(outcome, actor, checked)


async def claim(services: Services, actor: Actor, key: str) -> bool:
    """True for the one member who claims `key` first (a button that acts once)."""
    return await claim_meta(services.db, key, str(actor.user_id))


async def denier(services: Services, actor: Actor, caster: int, message_id: int) -> Table | None:
    """Deny the Witch is never the caster's, and inside a game only the caster's opponent's
    (seed 000), once per power. Returns the channel's game, if any."""
    if actor.user_id == caster:
        raise NotAllowed("The caster cannot deny their own power; their opponent presses this.")
    table = await services.tracker.table(actor.channel_id)
    if table and caster in table.state.players:
        opponent = table.state.other(caster)
        if actor.user_id != opponent:
            raise NotAllowed(f"In this game only <@{opponent}> can deny this power.")
    if not await claim(services, actor, DENY.format(message_id)):
        raise Stale("Deny the Witch was already attempted against this power.")
    return table


async def power_attempt(
    services: Services, table: Table | None, game_id: int, seq: int
) -> tuple[Table, PowerAttempted]:
    """The power a button belongs to, if its game (the channel's, `table`) is still on and the
    power was not undone."""
    if table is None or table.record.id != game_id:
        raise Stale("That game is over; this no longer does anything.")
    events = await services.tracker.history(table)
    found = next((r.event for r in events if r.seq == seq), None)
    undone = any(isinstance(r.event, EventUndone) and seq in r.event.seqs for r in events)
    if not isinstance(found, PowerAttempted) or undone:
        raise Stale("That power was undone; this no longer does anything.")
    return table, found

"""/game field: an army's units into the channel's game, as the caller's tracked units with their
weapons, in one change (one /game undo takes them all back).

Permission comes first (a player of the game, or Manage Channels), then the army and its units;
each unit becomes a game profile through `bot.armies.field.unit_profile`, and the game's own
add-unit decision checks every one, in the tracker's lock, as `/unit add` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.armies import field as fielding
from bot.armies.model import Army, ArmyUnit, Edition, numbered
from bot.errors import VoxError
from bot.game import Event, GameState, UnitProfile, add_unit
from bot.game.events import Recorded, UnitAdded, chain
from bot.game.state import apply
from bot.game.units import NAME_LENGTH
from bot.play.actor import Actor, may_change
from bot.play.army_lookup import army, unit_of
from bot.play.game import change
from bot.play.services import Services
from bot.tracker import Outcome

MAX_PICKS = 100  # names in `units:`
NO_UNITS = "Name at least one unit in `units:` (comma-separated), or leave it out for all."


@dataclass(frozen=True, slots=True)
class Fielded:
    """What /game field did: the units added (as the game names them), the units skipped for
    lack of a profile, and what fielding could not carry over (one sentence each)."""

    army: str
    added: tuple[str, ...]
    skipped: tuple[str, ...]
    notes: tuple[str, ...]
    outcome: Outcome


def edition_for(army: Army, state: GameState) -> Edition:
    """The army's edition, if the game plays by its rules (a 9th army also fits Eternum)."""
    ed = state.edition
    if ed is None or not ed.fields_lists_of(army.edition):
        game = ed.name if ed is not None else "this"
        raise VoxError(
            f"{army.name} is a {army.edition} edition army and this is a {game} game; "
            f"field it in a game of its edition."
        )
    return army.edition


def picked(army: Army, units: str | None) -> list[tuple[str, ArmyUnit]]:
    """The army's units named in `units` (comma-separated), or all of them."""
    if units is None or units.strip().casefold() == "all":
        return numbered(army.units)
    names = [n.strip() for n in units.split(",") if n.strip()]
    if not names:
        raise VoxError(NO_UNITS)
    if len(names) > MAX_PICKS:
        raise VoxError(f"Name at most {MAX_PICKS} units in `units:`.")
    chosen = dict(unit_of(army, n) for n in names)  # one entry per unit, in the order typed
    return list(chosen.items())


def free_name(state: GameState, name: str) -> str:
    """`name`, or `name 2`, `name 3`… the first no unit of the game has (within NAME_LENGTH)."""
    base = name[:NAME_LENGTH].strip()
    candidate, n = base, 1
    while state.unit(candidate) is not None:
        n += 1
        suffix = f" {n}"
        candidate = base[: NAME_LENGTH - len(suffix)].rstrip() + suffix
    return candidate


def add_all(
    state: GameState, owner: int, actor: int, profiles: Sequence[UnitProfile]
) -> list[Event]:
    """One action adding every profile as `owner`'s unit, each under a name free at its turn
    (a second Intercessor Squad is "Intercessor Squad 2", and so on across fieldings)."""
    events: list[Event] = []
    scratch = state
    for profile in profiles:
        named = profile.model_copy(update={"name": free_name(scratch, profile.name)})
        for event in add_unit(scratch, owner, named):
            scratch = apply(scratch, Recorded(scratch.seq + 1, actor, "", event))
            events.append(event)
    return chain(*events)


async def field(services: Services, actor: Actor, army_name: str, units: str | None) -> Fielded:
    """Bring the actor's army `army_name` (all its units, or the ones named) into the game."""
    table = await services.tracker.require(actor.channel_id)
    may_change(actor, table.state)
    chosen = (await army(services, actor, army_name)).army
    edition = edition_for(chosen, table.state)
    profiles: list[UnitProfile] = []
    skipped: list[str] = []
    notes: list[str] = []
    for shown, unit in picked(chosen, units):
        if unit.missing or not unit.profiles:
            skipped.append(shown)
            continue
        made = fielding.unit_profile(unit, edition)
        profiles.append(made.profile.model_copy(update={"name": unit.name[:NAME_LENGTH]}))
        notes += made.notes  # each names its unit or its weapon already
    if not profiles:
        raise VoxError(
            f"None of those units has a profile yet ({', '.join(skipped)}); import a list "
            "that has them, or add them with /unit add."
        )
    me = actor.user_id
    outcome = await change(services, actor, lambda s: add_all(s, me, me, profiles))
    added = tuple(r.event.profile.name for r in outcome.appended if isinstance(r.event, UnitAdded))
    return Fielded(chosen.name, added, tuple(skipped), tuple(dict.fromkeys(notes)), outcome)

"""The units of the channel's game: add, arm, edit, remove, and correct them by hand.

Each is a change by one of the game's players (or Manage Channels), decided in the tracker's lock
(`bot.play.game.change`); each answers with the unit (or event) as that change left it.
"""

from __future__ import annotations

from typing import Any

from bot.errors import NotFound, VoxError
from bot.game import (
    Unit,
    UnitProfile,
    Weapon,
    add_unit,
    add_weapon,
    charges,
    damage,
    edit_unit,
    heal,
    move_unit,
    remove_unit,
    remove_weapon,
)
from bot.game.events import UnitMoved, WeaponAdded, WeaponRemoved
from bot.play import log_words
from bot.play.actor import Actor
from bot.play.game import Decision, change, status
from bot.play.services import Services
from bot.rules.editions import MoveKind
from bot.tally import describe, recorded_in_game

NOTHING_TO_CHANGE = "Give at least one value to change, e.g. toughness:5."


def missing(name: str) -> str:
    return f'There is no unit called "{name}" in this game; see /unit list.'


async def changed(services: Services, actor: Actor, decide: Decision, name: str) -> Unit | None:
    """Make the change; the unit `name` as it left it (None if it is gone)."""
    return (await change(services, actor, decide)).state.unit(name)


async def unit(services: Services, channel_id: int, name: str) -> Unit:
    found = (await status(services, channel_id)).unit(name)
    if found is None:
        raise NotFound(missing(name))
    return found


async def add(services: Services, actor: Actor, owner: int, profile: UnitProfile) -> Unit:
    added = await changed(services, actor, lambda s: add_unit(s, owner, profile), profile.name)
    assert added is not None  # add_unit added it
    return added


async def arm(services: Services, actor: Actor, name: str, weapon: Weapon) -> WeaponAdded:
    """Give unit `name` a weapon (replacing one of the same name)."""
    outcome = await change(services, actor, lambda s: add_weapon(s, name, weapon))
    added = outcome.appended[0].event
    assert isinstance(added, WeaponAdded)
    return added


async def disarm(services: Services, actor: Actor, name: str, weapon: str) -> WeaponRemoved:
    outcome = await change(services, actor, lambda s: remove_weapon(s, name, weapon))
    removed = outcome.appended[0].event
    assert isinstance(removed, WeaponRemoved)
    return removed


async def edit(services: Services, actor: Actor, name: str, changes: dict[str, Any]) -> Unit:
    """Change the profile fields in `changes` (a new `name` among them renames the unit)."""
    if not changes:
        raise VoxError(NOTHING_TO_CHANGE)
    decide: Decision = lambda s: edit_unit(s, name, **changes)  # noqa: E731
    edited = await changed(services, actor, decide, changes.get("name") or name)
    assert edited is not None  # edit_unit refuses an unknown unit
    return edited


async def remove(services: Services, actor: Actor, name: str) -> None:
    await change(services, actor, lambda s: remove_unit(s, name))


async def wound(services: Services, actor: Actor, name: str, wounds: int) -> Unit | None:
    """Remove wounds one at a time (the damaged model first), as /unit damage."""
    decide: Decision = lambda s: damage(s, name, [wounds], mortal=True, source="/unit damage")  # noqa: E731
    return await changed(services, actor, decide, name)


async def restore(
    services: Services, actor: Actor, name: str, wounds: int, models: int
) -> Unit | None:
    """Restore wounds to the damaged model and bring models back."""
    decide: Decision = lambda s: heal(s, name, wounds=wounds, models=models)  # noqa: E731
    return await changed(services, actor, decide, name)


async def move(services: Services, actor: Actor, name: str, how: MoveKind) -> Unit | None:
    """Record the unit's move this turn (an advance rolls its D6, after the permission check)."""
    dice = services.dice
    outcome = await change(services, actor, lambda s: move_unit(s, name, how, dice=dice))
    moved = outcome.appended[-1].event
    if isinstance(moved, UnitMoved) and moved.dice and moved.roll is not None:
        describe(*log_words.moved(moved.unit, how, moved.roll))
        recorded_in_game()  # its dice are the UnitMoved event's
    return outcome.state.unit(name)


async def engage(
    services: Services, actor: Actor, name: str, enemy: str, on: bool
) -> tuple[str, tuple[str, ...]]:
    """Record that unit `name` is now (or, `on` False, no longer) in combat with `enemy`; the
    unit's name and the enemy units it is in combat with after."""
    state = (await change(services, actor, lambda s: charges.engage(s, name, enemy, on))).state
    unit = state.unit(name)
    assert unit is not None  # engage refuses an unknown unit
    return unit.name, tuple(u.name for k, u in state.units.items() if k in unit.engaged)

"""A player's armies: import a list, read, rename, remove and export them.

An army belongs to the player who imported it (keyed by their user id), in every server and in
direct messages: each use case reads and changes only the actor's own armies. A file is read off
the event loop, and an army is stored whole or not at all.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from bot.armies import files
from bot.armies.limits import MAX_ARMIES
from bot.armies.model import Army, ArmyUnit
from bot.armies.model import numbered as numbered  # the ui names units as the use cases do
from bot.errors import NotFound, VoxError
from bot.play.actor import Actor
from bot.play.army_lookup import army
from bot.play.campaign_armies import Refreshed, refresh_report
from bot.play.services import Services
from bot.rules.names import name_key
from bot.store import armies as store
from bot.store.armies import StoredArmy as StoredArmy  # the ui shows it
from bot.store.errors import Duplicate, Missing

FULL = (
    f"You keep {MAX_ARMIES} armies already; remove one with /army remove, "
    "or replace one with update:True."
)


@dataclass(frozen=True, slots=True)
class Upload:
    """An attached file: its name and size as Discord gives them, and how to download it."""

    filename: str
    size: int
    read: Callable[[], Awaitable[bytes]]


@dataclass(frozen=True, slots=True)
class Imported:
    """What an import stored, whether it replaced an army of that name, and what that did to the
    campaign cards made from that army."""

    stored: StoredArmy
    replaced: bool = False
    cards: Refreshed = field(default_factory=Refreshed)

    @property
    def army(self) -> Army:
        return self.stored.army


def clash(name: str) -> str:
    return (
        f"You already have an army called {name}; pick another `name:`, "
        "or `update:True` to replace it."
    )


async def import_army(
    services: Services, actor: Actor, upload: Upload, name: str | None, update: bool = False
) -> Imported:
    """Read the file into an army and store it as the actor's (`update`: replacing the army of
    that name, then refreshing the campaign cards made from it). Nothing is downloaded before
    the size and the player's number of armies are checked; a file Vox cannot read stores
    nothing."""
    db, owner = services.db, actor.user_id
    files.check_size(upload.size)  # as Discord states it, before anything is downloaded
    if not update and await store.count(db, owner) >= MAX_ARMIES:
        raise VoxError(FULL)
    data = await upload.read()  # read_upload checks the size of what came, too
    known = await known_units(services, owner)
    army = await asyncio.to_thread(files.read_upload, data, upload.filename, known=known, name=name)
    existing = await store.find(db, owner, army.name)
    if existing is not None and not update:
        raise VoxError(clash(existing.name))
    if existing is None and await store.count(db, owner) >= MAX_ARMIES:
        raise VoxError(FULL)
    try:
        stored = await store.save(db, owner, army, replace=update)
    except Duplicate as exc:  # stored by a second import in between
        raise VoxError(clash(army.name)) from exc
    if existing is None:
        return Imported(stored)
    cards = await refresh_report(services, actor, actor.guild_id, stored.army)
    return Imported(stored, replaced=True, cards=cards)


async def known_units(services: Services, owner: int) -> list[ArmyUnit]:
    """The units with profiles in the owner's armies (newest army first, one per name): what a
    text export, which carries no characteristics, is matched against."""
    seen: set[str] = set()
    known: list[ArmyUnit] = []
    for stored in reversed(await store.every(services.db, owner)):
        for unit in stored.army.units:
            if not unit.missing and unit.profiles and name_key(unit.name) not in seen:
                seen.add(name_key(unit.name))
                known.append(unit)
    return known


async def armies(services: Services, actor: Actor) -> list[StoredArmy]:
    """The actor's armies, oldest first."""
    return await store.every(services.db, actor.user_id)


async def rename(services: Services, actor: Actor, name: str, new_name: str) -> StoredArmy:
    """Give the actor's army `name` the (clean) name `new_name`."""
    found = await army(services, actor, name)
    if found.name == new_name:
        raise VoxError(f"{found.name} already has that name; pick another `name:`.")
    renamed = found.army.model_copy(update={"name": new_name})
    try:
        return await store.rename(services.db, actor.user_id, found.name, renamed)
    except Duplicate as exc:
        raise VoxError(
            f"You already have an army called {new_name}; pick another `name:`."
        ) from exc
    except Missing as exc:  # removed in between
        raise NotFound(f'You have no army called "{name}"; see /army list.') from exc


async def remove(services: Services, actor: Actor, army_id: int) -> str | None:
    """Delete the actor's army with id `army_id` (a button's); its name, or None if it is gone."""
    for stored in await armies(services, actor):
        if stored.id == army_id:
            await store.remove(services.db, actor.user_id, stored.name)
            return stored.name
    return None

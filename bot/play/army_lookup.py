"""Finding a player's army and one of its units by the name a member typed (with the nearest
name when there is none), and the names autocomplete offers. Armies are their owner's: every
look-up is by the acting member's id."""

from __future__ import annotations

import difflib
from collections.abc import Sequence

from bot.armies.limits import MAX_ARMIES
from bot.armies.model import Army, ArmyUnit, numbered
from bot.errors import NotFound
from bot.play.actor import Actor
from bot.play.services import Services
from bot.rules.names import name_key
from bot.store import armies as store
from bot.store.armies import StoredArmy

NO_ARMIES = "You have no armies yet; import a list with /army import."


def nearest(name: str, names: Sequence[str]) -> str | None:
    """The name among `names` closest to `name` (by key), for a "did you mean" sentence."""
    keys = {name_key(n): n for n in names}
    close = difflib.get_close_matches(name_key(name), list(keys), n=1, cutoff=0.0)
    return keys[close[0]] if close else None


async def army(services: Services, actor: Actor, name: str) -> StoredArmy:
    """The actor's army called `name`; else one sentence naming the nearest one."""
    found = await store.find(services.db, actor.user_id, name)
    if found is not None:
        return found
    names = await store.names(services.db, actor.user_id, limit=MAX_ARMIES)
    if not names:
        raise NotFound(NO_ARMIES)
    raise NotFound(f'You have no army called "{name}"; did you mean "{nearest(name, names)}"?')


def unit_of(army: Army, name: str) -> tuple[str, ArmyUnit]:
    """The army's unit called `name` (as `numbered` names it); else the nearest one's name."""
    named = numbered(army.units)
    for shown, unit in named:
        if name_key(shown) == name_key(name):
            return shown, unit
    near = nearest(name, [n for n, _ in named])
    raise NotFound(f'{army.name} has no unit called "{name}"; did you mean "{near}"?')


async def army_names(services: Services, actor: Actor, typed: str) -> list[str]:
    """The actor's army names containing what is typed (autocomplete)."""
    key = name_key(typed)
    every = await store.names(services.db, actor.user_id, limit=MAX_ARMIES)
    return [n for n in every if key in name_key(n)][:25]


async def unit_names(services: Services, actor: Actor, army_name: str, typed: str) -> list[str]:
    """The names of the army's units containing what is typed (autocomplete; none when the army
    is not the actor's)."""
    found = await store.find(services.db, actor.user_id, army_name) if army_name else None
    if found is None:
        return []
    key = name_key(typed)
    return [n for n, _ in numbered(found.army.units) if key in name_key(n)][:25]

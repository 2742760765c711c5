"""The units an attack names that are not the channel's: a unit of one of the member's armies,
typed `Army / Unit` (`Ultramarines / Intercessor Squad`), read as a game unit at full strength.

A name is the channel's tracked unit first; else, with a `/`, an army unit (the army's name
before a `/`, the unit's as `/army show` numbers it after); else the channel's game must have it.
An army is its owner's, so army units work outside a game and in direct messages; the channel's
units do not exist in a direct message. Army units are rolled against, never recorded.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.armies.field import unit_profile
from bot.armies.model import numbered
from bot.errors import NotAllowed, NotFound, VoxError
from bot.game import GameState, Unit
from bot.game.units import NAME_LENGTH
from bot.play.actor import IN_A_SERVER, Actor
from bot.play.army_lookup import army, unit_of
from bot.play.attack_weapons import KINDS
from bot.play.services import Services
from bot.play.typed_profiles import looks_like_leader
from bot.rules.errors import IllegalAction
from bot.rules.names import name_key
from bot.rules.rulesets import Ruleset
from bot.store import armies as store
from bot.store.armies import StoredArmy

SEPARATOR = "/"
NAME_LIMIT = 100  # `Army / Unit` as an option's value holds it
ROLES = ("attacker", "target", "leader")


@dataclass(frozen=True, slots=True)
class Listed:
    """A unit of one of the member's armies as the game would field it, and its army."""

    unit: Unit
    army: str
    edition: str  # the army's: its profiles are read by that edition's rules


@dataclass(frozen=True, slots=True)
class Found:
    """The army units the options name, by role (None: tracked, typed, or not given)."""

    attacker: Listed | None = None
    target: Listed | None = None
    leader: Listed | None = None

    @property
    def listed(self) -> tuple[Listed, ...]:
        return tuple(x for x in (self.attacker, self.target, self.leader) if x is not None)

    @property
    def edition(self) -> str | None:
        """The edition of the first army unit named: the rules when none is typed or played."""
        return self.listed[0].edition if self.listed else None

    def check(self, rules: Ruleset) -> None:
        """Every army unit is read by its own edition's rules."""
        for x in self.listed:
            if x.edition != rules.name:
                raise IllegalAction(
                    f"{x.army} is a {x.edition} edition army and this attack uses {rules.name} "
                    f"rules; use its units with edition:{x.edition} (outside a {rules.name} game)."
                )


def tracked(state: GameState | None, name: str | None) -> bool:
    """`name` is a unit of the channel's game."""
    return state is not None and name is not None and state.unit(name) is not None


async def find_units(
    services: Services, actor: Actor, names: dict[str, str | None], state: GameState | None
) -> Found:
    """The army units among `names` (by role); a name for the channel's game in a direct
    message is refused with the server's sentence."""
    found: dict[str, Listed] = {}
    for role in ROLES:
        name = names.get(role)
        if name is None or tracked(state, name):
            continue
        if SEPARATOR in name:
            found[role] = await listed(services, actor, name)
        elif actor.guild_id is None and not (role == "leader" and looks_like_leader(name)):
            raise NotAllowed(IN_A_SERVER)
    return Found(**found)


async def listed(services: Services, actor: Actor, name: str) -> Listed:
    """The unit `Army / Unit` of the actor's armies (the army's name may hold a `/` itself)."""
    stored, unit_name = await _army(services, actor, name)
    if not unit_name:
        raise NotFound(f"Name a unit of {stored.army.name} after the `/`: `Army / Unit`.")
    shown, unit = unit_of(stored.army, unit_name)
    made = unit_profile(unit, stored.army.edition)
    profile = made.profile.model_copy(update={"name": shown[:NAME_LENGTH].strip()})
    return Listed(Unit.fresh(actor.user_id, profile), stored.army.name, stored.army.edition)


async def _army(services: Services, actor: Actor, name: str) -> tuple[StoredArmy, str]:
    """The army whose name is the longest part of `name` before a `/`, and the rest."""
    cuts = [i for i, c in enumerate(name) if c == SEPARATOR]
    for cut in reversed(cuts):
        found = await store.find(services.db, actor.user_id, name[:cut].strip())
        if found is not None:
            return found, name[cut + 1 :].strip()
    first = cuts[0]
    return await army(services, actor, name[:first].strip()), name[first + 1 :].strip()


async def army_unit_names(services: Services, actor: Actor, typed: str, limit: int) -> list[str]:
    """`Army / Unit` for the actor's army units containing what is typed (autocomplete)."""
    key = name_key(typed)
    names: list[str] = []
    for stored in await store.every(services.db, actor.user_id):
        for shown, _ in numbered(stored.army.units):
            name = f"{stored.army.name} {SEPARATOR} {shown}"
            if key in name_key(name) and len(name) <= NAME_LIMIT:
                names.append(name)
                if len(names) >= limit:
                    return names
    return names


async def weapon_names(
    services: Services, actor: Actor, state: GameState | None, attacker: str
) -> list[str]:
    """The weapons `weapon:` may name for `attacker` (autocomplete): its own, then the kinds."""
    unit = state.unit(attacker) if state is not None else None
    if unit is None and SEPARATOR in attacker:
        try:
            unit = (await listed(services, actor, attacker)).unit
        except VoxError:
            return []
    if unit is None:
        return []
    return [w.name for w in unit.profile.weapons] + list(KINDS)

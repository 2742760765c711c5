"""/psychic and /smite (9th and Eternum), standalone or by a tracked psyker, and what the power's
buttons do: Deny the Witch, letting a Smite through, the Perils blast (each once: a claim in the
store's `meta` makes a double click count once). A tracked psyker is checked before any dice are
rolled (seed 000), inside the ledger's lock; one action records the attempt with Perils of the
Warp (seed 002: D3 mortal wounds that spill over; if they destroy the psyker, the power fails and
units within 6" suffer D3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.errors import NotAllowed, RulesError, Stale, VoxError
from bot.game import GameState, Unit, chain, damage
from bot.game.events import DiceRolled, Event, PowerAttempted
from bot.game.psychic import SMITE, Manifesting, attempt
from bot.game.units import after_damage
from bot.play import log_words
from bot.play.actor import Actor
from bot.play.powers import (
    DENY,
    Cast,
    allowed,
    claim,
    denier,
    no_smite_in_7th,
    power_attempt,
    tracked,
)
from bot.play.services import Services
from bot.rules.dice import Dice
from bot.rules.psychic import (
    DenyTest,
    MortalWoundsRoll,
    PsychicTest,
    deny_the_witch,
    perils_blast,
    perils_of_the_warp,
    psychic_test,
    smite,
    smite_warp_charge,
)
from bot.tally import describe, recorded_in_game

__all__ = ["Cast", "Denied", "Hit", "Manifested", "Smitten"]

PERILS = "Perils of the Warp"
BLAST = 'Perils of the Warp (within 6")'


@dataclass(frozen=True, slots=True)
class Manifested:
    """A Psychic test, Perils if it struck, Smite's mortal wounds, and the tracked attempt."""

    test: PsychicTest
    perils: MortalWoundsRoll | None
    wounds: MortalWoundsRoll | None = None  # Smite's, when it passed and the psyker lives
    earlier: int = 0  # the army's Smite attempts earlier this phase
    target: str | None = None
    cast: Cast | None = None


@dataclass(frozen=True, slots=True)
class Smitten:
    """A Smite's mortal wounds on its target (`after` None: the target was already gone)."""

    target: str
    wounds: int
    after: Unit | None
    landed: bool


@dataclass(frozen=True, slots=True)
class Denied:
    """A Deny the Witch roll; a tracked Smite let through lands (`smite`)."""

    roll: DenyTest
    smite: Smitten | None = None


Hit = tuple[str, int, Unit | None]  # Perils' blast: a picked unit, its D3 and the unit after it


def _roll(dice: Dice, warp_charge: int) -> Manifested:
    test = psychic_test(dice, warp_charge)
    return Manifested(test, perils_of_the_warp(dice) if test.perils else None)


def _described(rolled: Manifested, power: str | None) -> Manifested:
    """Say the Psychic test's words for the roll log (by its psyker, if tracked)."""
    psyker = rolled.cast.psyker if rolled.cast else None
    named = power or "Psychic test"
    describe(*log_words.psychic(psyker, named, rolled.test, rolled.perils, rolled.wounds))
    return rolled


def survives(psyker: Unit | None, perils: MortalWoundsRoll | None) -> bool:
    """Would the psyker live through Perils? (Decides whether Smite's damage is rolled.)"""
    if psyker is None or perils is None:
        return True
    return after_damage(psyker, (perils.mortal_wounds,), mortal=True)[0] > 0


def _smite_roll(dice: Dice, earlier: int, psyker: Unit | None, target: str | None) -> Manifested:
    rolled = _roll(dice, smite_warp_charge(earlier))
    lives = rolled.test.passed and survives(psyker, rolled.perils)
    wounds = smite(dice, rolled.test) if lives else None
    return replace(rolled, wounds=wounds, earlier=earlier, target=target)


def _attempted(
    state: GameState, actor: Actor, allowed: Manifesting, rolled: Manifested
) -> list[Event]:
    """The attempt, Perils on the psyker and the logged Perils roll, as one undoable action."""
    name, perils = allowed.unit.name, rolled.perils
    dealt = rolled.wounds.mortal_wounds if rolled.wounds and rolled.target else None
    tried = attempt(
        state, name, allowed.power, actor.user_id, total=rolled.test.total,
        passed=rolled.test.passed, target=rolled.target if dealt is not None else None,
        mortal_wounds=dealt,
    )  # fmt: skip
    if perils is None:
        return [*tried]
    hurt = damage(state, name, [perils.mortal_wounds], mortal=True, source=PERILS)
    roll = DiceRolled(
        label=PERILS, expression="D3", dice=(perils.die.value,),
        total=perils.mortal_wounds, notable=True, unit=name,
    )  # fmt: skip
    return chain(*tried, *hurt, roll)


async def _tracked(
    services: Services, actor: Actor, psyker: str, power: str | None, target: str | None,
    roll: Callable[[Manifesting], Manifested],
) -> Manifested:  # fmt: skip
    rolled, cast = await tracked(
        services, actor, lambda state: allowed(state, actor, psyker, power, target), roll,
        lambda state, checked, rolled: _attempted(state, actor, checked, rolled),
    )  # fmt: skip
    return replace(rolled, cast=cast)


async def manifest(
    services: Services, actor: Actor, warp_charge: int, power: str | None, psyker: str | None
) -> Manifested:
    """A Psychic test: 2D6 against the warp charge; Perils on a double 1 or double 6."""
    if psyker is None:
        return _described(_roll(services.dice, warp_charge), power)
    return _described(
        await _tracked(
            services, actor, psyker, power, None, lambda _: _roll(services.dice, warp_charge)
        ),
        power,
    )


async def cast_smite(
    services: Services, actor: Actor, earlier: int, psyker: str | None, target: str | None
) -> Manifested:
    """Smite: warp charge 5, +1 per earlier attempt this phase (a tracked psyker's army's own
    count); D3 mortal wounds, D6 on 11+, unless Perils kills the psyker."""
    if target and not psyker:
        raise VoxError("Name the psyker too, so Vox can apply Smite to the target.")
    await no_smite_in_7th(services, actor)
    if psyker is None:
        return _described(_smite_roll(services.dice, earlier, None, None), SMITE)

    def roll(allowed: Manifesting) -> Manifested:
        return _smite_roll(services.dice, allowed.earlier_smites, allowed.unit, target)

    return _described(await _tracked(services, actor, psyker, SMITE, target, roll), SMITE)


async def _land(services: Services, actor: Actor, power: PowerAttempted) -> Smitten | None:
    """A Smite's mortal wounds on its target (spilling over), unless the target is gone."""
    if power.target is None or power.mortal_wounds is None:
        return None
    target, wounds = power.target, power.mortal_wounds
    source = f"Smite ({power.unit})"
    found: list[str] = []

    def decide(state: GameState) -> list[Event]:
        unit = state.unit(target)
        if unit is None or unit.destroyed:
            return []
        found[:] = [unit.name]
        return damage(state, unit.name, [wounds], mortal=True, source=source, attacker=power.unit)

    outcome = await services.tracker.act(actor.channel_id, power.player, decide)
    if not found:
        return Smitten(target, wounds, None, landed=False)
    return Smitten(found[0], wounds, outcome.state.unit(found[0]), landed=True)


async def let_through(
    services: Services, actor: Actor, game_id: int, seq: int, message_id: int
) -> Smitten | None:
    """The opponent lets a tracked Smite through without a Deny attempt: it lands."""
    table = await services.tracker.table(actor.channel_id)
    table, power = await power_attempt(services, table, game_id, seq)
    opponent = table.state.other(power.player)
    if actor.user_id != opponent:
        raise NotAllowed(f"<@{opponent}> decides whether to deny this Smite.")
    if not await claim(services, actor, DENY.format(message_id)):
        raise Stale("This Smite was already resolved.")
    return await _land(services, actor, power)


async def deny(
    services: Services, actor: Actor, caster: int, result: int,
    power: tuple[int, int] | None, message_id: int,
) -> Denied:  # fmt: skip
    """Deny the Witch: 2D6 that must beat the Psychic test's result; once per power, never the
    caster, and inside a game only the caster's opponent (seed 000). A tracked power (`power`:
    its game and seq) that is not denied resolves: a Smite's mortal wounds land."""
    table = await denier(services, actor, caster, message_id)
    roll = deny_the_witch(services.dice, result)
    describe(*log_words.deny(roll))
    if roll.denied or power is None:
        return Denied(roll)
    _, attempted = await power_attempt(services, table, *power)
    return Denied(roll, await _land(services, actor, attempted))


async def blast(
    services: Services, actor: Actor, game_id: int, seq: int, picked: list[str]
) -> tuple[Hit, ...]:
    """Seed 002: Perils destroyed the psyker, so each unit within 6" (the psyker's player picks
    them) suffers D3 mortal wounds; rolled once."""
    table = await services.tracker.table(actor.channel_id)
    table, power = await power_attempt(services, table, game_id, seq)
    if actor.user_id != power.player:
        raise NotAllowed(f'<@{power.player}> picks the units within 6" of their psyker.')
    units = [table.state.unit(v) for v in picked]
    alive = [u.name for u in units if u is not None and not u.destroyed]
    if not alive:
        raise RulesError("None of those units is still on the table; pick living units.")
    if not await claim(services, actor, f"blast:{game_id}:{seq}"):
        raise Stale("The Perils blast was already rolled.")
    rolled = perils_blast(services.dice, len(alive))
    describe(*log_words.blast(list(zip(alive, rolled.mortal_wounds, strict=True))))

    def decide(state: GameState) -> list[Event]:
        hurt: list[Event] = []
        for name, wounds in zip(alive, rolled.mortal_wounds, strict=True):
            hurt += damage(state, name, [wounds], mortal=True, source=BLAST)
        faces = tuple(d.value for d in rolled.dice)
        total = sum(rolled.mortal_wounds)
        roll = DiceRolled(label=BLAST, expression=f"{len(alive)}×D3", dice=faces,
                          total=total, notable=True)  # fmt: skip
        return chain(*hurt, roll)

    outcome = await services.tracker.act(actor.channel_id, actor.user_id, decide)
    recorded_in_game()  # the blast's dice are its DiceRolled event
    hits = zip(alive, rolled.mortal_wounds, strict=True)
    return tuple((name, wounds, outcome.state.unit(name)) for name, wounds in hits)

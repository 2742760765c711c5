"""/charge, standalone or declared by a unit of the channel's game, and the re-roll button of a
failed declared charge (a Command Re-roll, or an ability in editions without Command points).

A declared charge is checked against the game (whose unit, which phase, eligible, its targets)
before the dice are rolled, inside the ledger's lock, and recorded whether it succeeds or fails.
The roll needed is the distance less the edition's Engagement Range (`charge_needed`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from bot.errors import NotAllowed, Stale, VoxError
from bot.game import Event, GameState
from bot.game.charges import declare_charge, declared_charge, reroll_charge
from bot.game.events import ChargeDeclared
from bot.play import log_words
from bot.play.actor import Actor
from bot.play.game import current
from bot.play.rolled import roll_and_record
from bot.play.services import Services
from bot.rules.dice import Dice
from bot.rules.editions import Edition, edition
from bot.rules.movement import ChargeRoll, chance_to_charge, roll_charge
from bot.tally import describe
from bot.tracker import Outcome

NO_UNIT_TARGET = "Name the charging unit (unit:) too, or leave target: out."
GONE = "That charge is from an earlier phase (or was undone); it can no longer be re-rolled."


@dataclass(frozen=True, slots=True)
class Offer:
    """A re-roll the failed charge's card offers: its game, the ChargeDeclared's seq, and whether
    it is a Command Re-roll (1 CP) or an ability (an edition without CP)."""

    game_id: int
    seq: int
    costs_cp: bool


@dataclass(frozen=True, slots=True)
class Charge:
    """A charge roll with the exact odds of the roll it needs; for a declared charge, the unit,
    its targets, the edition's charge bonus and the re-roll a failed one offers."""

    roll: ChargeRoll
    chance: Fraction
    with_reroll: Fraction
    engagement_range: int
    unit: str | None = None
    targets: tuple[str, ...] = ()
    bonus: str = ""
    offer: Offer | None = None


@dataclass(frozen=True, slots=True)
class Rerolled:
    """A failed charge re-rolled from its card; `cp_left`, the owner's CP after a Command
    Re-roll (None: an ability, nothing spent)."""

    charge: Charge
    cp_left: int | None


def charge_roll(dice: Dice, ed: Edition, distance: int, reroll: bool) -> Charge:
    """2D6 reaching the enemy (both re-rolled once if failed and `reroll`), with its odds."""
    reach = ed.engagement_range
    rolled = roll_charge(dice, distance, reroll, engagement_range=reach)
    describe(*log_words.charge(None, rolled))
    return _odds(rolled, ed)


def _odds(roll: ChargeRoll, ed: Edition, declared: ChargeDeclared | None = None) -> Charge:
    """The roll with its exact odds; for a `declared` charge, its unit, targets and bonus."""
    reach = ed.engagement_range
    return Charge(
        roll,
        chance_to_charge(roll.distance, engagement_range=reach),
        chance_to_charge(roll.distance, reroll=True, engagement_range=reach),
        reach,
        unit=declared.unit if declared else None,
        targets=declared.targets if declared else (),
        bonus=ed.charge_bonus if declared else "",
    )


def _recorded(outcome: Outcome, roll: ChargeRoll) -> tuple[GameState, Charge, int]:
    """The state after a recorded charge, the charge as its card shows it, and its event's seq
    (and the charge's words for the roll log)."""
    state, seq = outcome.state, outcome.appended[-1].seq
    assert state.edition is not None
    charge = _odds(roll, state.edition, declared_charge(state, seq))
    describe(*log_words.charge(charge.unit, roll))
    return state, charge, seq


async def _edition(services: Services, actor: Actor) -> Edition:
    """The channel's game's edition, or the default one when no game is running here."""
    table = await services.tracker.table(actor.channel_id)
    if table is not None and table.state.edition is not None:
        return table.state.edition
    return edition(services.settings.default_edition)


async def charge(
    services: Services,
    actor: Actor,
    distance: int,
    reroll: bool,
    unit: str | None = None,
    target: str | None = None,
) -> Charge:
    """A charge; with `unit`, declared in the channel's game (refused before rolling if the unit
    may not charge now) and recorded whether it succeeds or fails."""
    if unit is None:
        if target is not None:
            raise VoxError(NO_UNIT_TARGET)
        return charge_roll(services.dice, await _edition(services, actor), distance, reroll)
    targets = () if target is None else (target,)

    def decide(state: GameState) -> tuple[ChargeRoll, list[Event]]:
        return declare_charge(state, unit, distance, services.dice, targets=targets, reroll=reroll)

    roll, outcome = await roll_and_record(services, actor, decide)
    state, tracked, seq = _recorded(outcome, roll)
    if roll.succeeded or roll.rerolled:
        return tracked
    return replace(tracked, offer=_offer(state, outcome.table.record.id, seq))


def _offer(state: GameState, game_id: int, seq: int) -> Offer | None:
    """The re-roll button of a failed charge, if its owner could use it now."""
    assert state.edition is not None
    if state.edition.command_points is None:
        return Offer(game_id, seq, costs_cp=False)
    event = declared_charge(state, seq)
    unit = state.unit(event.unit) if event else None
    if unit is None or state.cp.get(unit.owner, 0) < 1 or unit.owner in state.command_rerolls:
        return None
    return Offer(game_id, seq, costs_cp=True)


async def reroll(services: Services, actor: Actor, game_id: int, seq: int) -> Rerolled:
    """The failed charge's card button: its unit's owner re-rolls it once (a Command Re-roll
    spends 1 CP, once per phase); checked before the dice are rolled."""
    await current(services, actor, game_id)

    def decide(state: GameState) -> tuple[ChargeRoll, list[Event]]:
        event = declared_charge(state, seq)
        unit = state.unit(event.unit) if event else None
        if unit is None:
            raise Stale(GONE)
        if actor.user_id != unit.owner:
            raise NotAllowed(f"Only <@{unit.owner}>, whose unit charged, can re-roll its charge.")
        return reroll_charge(state, seq, services.dice)

    roll, outcome = await roll_and_record(services, actor, decide)
    state, tracked, _ = _recorded(outcome, roll)
    owner = state.unit(tracked.unit or "")
    assert state.edition is not None and owner is not None
    costs_cp = state.edition.command_points is not None
    return Rerolled(tracked, state.cp.get(owner.owner, 0) if costs_cp else None)

"""Deciding moves, charges and combats: which unit may move how in this phase, a declared charge
(one per unit per phase, at the enemy units it targets), the one re-roll of a failed charge, and
the engagements the players record by hand (`engage`).

A refusal comes before any die is rolled: `declare_charge` and `reroll_charge` check everything,
then roll with the injected `Dice`, then return the roll and the events to append.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.game import guards
from bot.game.checks import checks_for, matches
from bot.game.describe import MOVES
from bot.game.events import ChargeDeclared, CommandPointsSpent, EngagementChanged, Event
from bot.game.model import COMMAND_REROLL, GameState
from bot.game.units import Unit
from bot.rules.dice import Dice
from bot.rules.editions import Edition, MoveKind, Phase
from bot.rules.errors import IllegalAction
from bot.rules.movement import ChargeRoll, roll_charge, rolled_charge
from bot.rules.movement import reroll_charge as reroll_roll
from bot.rules.names import name_key

MAX_TARGETS = 4  # ChargeDeclared keeps at most this many targets


def mover(state: GameState, name: str, how: MoveKind) -> Unit:
    """The active player's living unit `name`, free to make a `how` move in this phase.

    Seed 000/003: a unit moves once per Movement phase, and "If a unit is within Engagement Range
    of any enemy models when it is selected to move, it cannot make a Normal Move or Advance; it
    can either Remain Stationary or it can Fall Back".
    """
    ed = guards.game_playing(state)
    unit = guards.alive(state, name)
    phase = ed.phase(state.phase_index)
    if how not in phase.moves:
        allowed = [p.name for p in ed.phases if how in p.moves]
        where = allowed[0] if allowed else "no phase of this edition"
        raise IllegalAction(f"Units {MOVES[how]} in {where}; use /game next to get there.")
    if unit.owner != state.active:
        raise IllegalAction(f"{unit.name} is not the active player's unit; wait for its turn.")
    _on_the_battlefield(unit)
    if how == "charge":
        _may_charge(state, ed, phase, unit)
    elif unit.move is not None:
        raise IllegalAction(f"{unit.name} already moved this phase; undo that move to change it.")
    elif how in ("normal", "advance") and unit.in_combat:
        raise IllegalAction(
            f"{unit.name} is within Engagement Range of an enemy unit, so it can only Fall Back "
            "or Remain Stationary."
        )
    return unit


def _on_the_battlefield(unit: Unit) -> None:
    """Eternum (seed 004): a unit in Reserves is not on the battlefield until it arrives."""
    if unit.in_reserve:
        raise IllegalAction(f"{unit.name} is in Reserves, not on the battlefield.")


def _may_charge(state: GameState, ed: Edition, phase: Phase, unit: Unit) -> None:
    """Seed 000: "Units that have Advanced or Fallen Back this battle round, and units that start
    the Charge phase within Engagement Range of any enemy units, are not eligible units"; seed 003
    adds "That unit is an Aircraft unit"; one charge per unit per phase."""
    if unit.charged:
        raise IllegalAction(f"{unit.name} already charged this turn; pick another unit.")
    if unit.charge_rerolled:
        raise IllegalAction(f"{unit.name} already charged and re-rolled; pick another unit.")
    if unit.charge_declared:
        raise IllegalAction(
            f"{unit.name} already declared a charge this turn; its failed roll has a re-roll "
            "button instead."
        )
    for check in checks_for(state, phase):
        if check.blocks == "charge" and matches(check, unit, state.active):
            raise IllegalAction(f"{unit.name} cannot do that ({check.reason}); pick another unit.")
    if unit.in_combat:
        raise IllegalAction(
            f"{unit.name} is already within Engagement Range of an enemy unit, so it cannot "
            "declare a charge; it fights in the Fight phase."
        )
    barred = [k for k in ed.cannot_charge if unit.profile.has(k)]
    if barred:
        raise IllegalAction(f"{unit.name} is {barred[0]}, which cannot charge; pick another unit.")


def _targets(state: GameState, unit: Unit, names: Sequence[str]) -> tuple[str, ...]:
    """The enemy units a charge targets, by their own names (seed 000: "one or more enemy units
    within 12" of it as the targets of its charge")."""
    if len(names) > MAX_TARGETS:
        raise IllegalAction(f"A charge here targets at most {MAX_TARGETS} units; pick fewer.")
    found: dict[str, None] = {}
    for name in names:
        target = guards.unit(state, name)
        if target.owner == unit.owner:
            raise IllegalAction(
                f"{target.name} is on the same side as {unit.name}; a charge targets enemy units."
            )
        if target.destroyed:
            raise IllegalAction(f"{target.name} is destroyed; pick an enemy unit still fighting.")
        _on_the_battlefield(target)
        found[target.name] = None
    return tuple(found)


def declare_charge(
    state: GameState,
    name: str,
    distance: int,
    dice: Dice,
    *,
    targets: Sequence[str] = (),
    reroll: bool = False,
) -> tuple[ChargeRoll, list[Event]]:
    """A charge by unit `name` at enemy units `distance` inches away, recorded whether it succeeds
    or fails; with `reroll` (an ability), a failed roll is re-rolled at once (both events kept)."""
    unit = mover(state, name, "charge")
    aimed = _targets(state, unit, targets)
    assert state.edition is not None  # mover checked the game is playing
    roll = roll_charge(dice, distance, reroll, engagement_range=state.edition.engagement_range)
    events: list[Event] = []
    if roll.first_faces is not None:
        first = rolled_charge(roll.distance, roll.needed, roll.first_faces)
        events.append(_declared(unit.name, aimed, first))
    events.append(_declared(unit.name, aimed, roll, follows=bool(events)))
    return roll, events


def _declared(
    unit: str, targets: tuple[str, ...], roll: ChargeRoll, *, follows: bool = False
) -> ChargeDeclared:
    return ChargeDeclared(
        unit=unit,
        targets=targets,
        distance=roll.distance,
        needed=roll.needed,
        dice=roll.faces,
        total=roll.total,
        succeeded=roll.succeeded,
        reroll=roll.rerolled,
        follows=follows,
    )


def declared_charge(state: GameState, seq: int) -> ChargeDeclared | None:
    """The charge declared this phase by the event at `seq` (None: the phase has moved on, or the
    charge was undone)."""
    return next((e for s, e in state.charges if s == seq), None)


def reroll_charge(state: GameState, seq: int, dice: Dice) -> tuple[ChargeRoll, list[Event]]:
    """Re-roll the failed charge declared at `seq`, once: a Command Re-roll (1 CP) in editions
    with Command points, else the unit's ability (nothing spent).

    Seed 004: "You can never re-roll a dice more than once". 10th Core (Stratagems): "you cannot
    use the same Stratagem more than once in the same phase" (the 9th Core Book says the same).
    """
    ed = guards.game_playing(state)
    charge = declared_charge(state, seq)
    if charge is None:
        raise IllegalAction("That charge is from an earlier phase; it can no longer be re-rolled.")
    unit = guards.alive(state, charge.unit)
    if unit.charge_rerolled:
        raise IllegalAction(
            f"{unit.name}'s charge was already re-rolled; a dice is never re-rolled twice."
        )
    latest = max(s for s, e in state.charges if e.unit == charge.unit)
    if latest != seq or charge.succeeded:
        raise IllegalAction(f"Only {unit.name}'s latest charge, if it failed, can be re-rolled.")
    events: list[Event] = []
    if ed.command_points is not None:
        events.append(_command_reroll(state, unit.owner))
    again = reroll_roll(rolled_charge(charge.distance, charge.needed, charge.dice), dice)
    events.append(_declared(unit.name, charge.targets, again, follows=bool(events)))
    return again, events


def _command_reroll(state: GameState, player: int) -> CommandPointsSpent:
    """The Command Re-roll Stratagem's 1 CP, if `player` has it and has not used it this phase."""
    if player in state.command_rerolls:
        raise IllegalAction(
            "You already used a Command Re-roll this phase; a Stratagem is used once per phase."
        )
    if state.cp.get(player, 0) < 1:
        raise IllegalAction("You have no CP left, so you cannot use a Command Re-roll.")
    return CommandPointsSpent(player=player, amount=1, reason=COMMAND_REROLL)


def engage(state: GameState, name: str, enemy: str, on: bool = True) -> list[Event]:
    """The players record that unit `name` is now (or no longer) within Engagement Range of the
    enemy unit `enemy`: a pile-in, a consolidation, a Heroic Intervention, or a correction."""
    guards.game_playing(state)
    unit, other = guards.alive(state, name), guards.alive(state, enemy)
    if unit.owner == other.owner:
        raise IllegalAction(f"{unit.name} and {other.name} are on the same side; pick an enemy.")
    _on_the_battlefield(unit)
    _on_the_battlefield(other)
    engaged = name_key(other.name) in unit.engaged
    if engaged == on:
        state_now = "already" if on else "not"
        raise IllegalAction(f"{unit.name} is {state_now} in combat with {other.name}.")
    return [EngagementChanged(unit=unit.name, enemies=(other.name,), engaged=on)]

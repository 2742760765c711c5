"""What the rules forbid about an attack with the chosen weapons now: one sentence per problem.

These are warnings, never silent blocks: the player may resolve anyway (Overwatch shoots in the
Charge phase; a rule of their army may allow what the core rules forbid). Seeds quoted per check.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.game.arsenal import FIGHTING, SHOOTING, Armed, big, spent
from bot.game.model import GameState
from bot.game.units import Unit
from bot.rules.rulesets import Ruleset

Check = Callable[[GameState, Unit, Sequence[Armed], Ruleset], str | None]


def _names(weapons: Sequence[Armed]) -> str:
    names = [a.name for a in weapons]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _are(weapons: Sequence[Armed]) -> str:
    return "is" if len(weapons) == 1 else "are"


def _phase(state: GameState) -> tuple[str, str]:
    phase = state.phase
    if phase is None:
        return "", ""
    return phase.key, phase.name or phase.key.title()


def wrong_phase(
    state: GameState, unit: Unit, chosen: Sequence[Armed], rules: Ruleset
) -> str | None:
    """Units shoot in the Shooting phase and fight in the Fight phase (seed 000, seed 003)."""
    key, name = _phase(state)
    if not key or key == SHOOTING or key in FIGHTING:
        return None
    return (
        f"It is the {name}, when units neither shoot nor fight; resolve anyway only for a rule "
        "that allows it, such as Overwatch."
    )


def wrong_kind(state: GameState, unit: Unit, chosen: Sequence[Armed], rules: Ruleset) -> str | None:
    """Ranged weapons shoot in the Shooting phase; melee weapons attack in the Fight phase."""
    key, name = _phase(state)
    if key == SHOOTING and (melee := [a for a in chosen if a.melee]):
        return f"{_names(melee)} {_are(melee)} melee, and melee attacks come in the Fight phase."
    if key in FIGHTING and (ranged := [a for a in chosen if not a.melee]):
        return f"{_names(ranged)} {_are(ranged)} ranged, and in the {name} units attack in melee."
    return None


def not_its_turn(
    state: GameState, unit: Unit, chosen: Sequence[Armed], rules: Ruleset
) -> str | None:
    """Seed 000: "Start your Shooting phase by selecting one eligible unit from your army"."""
    if _phase(state)[0] != SHOOTING or unit.owner == state.active:
        return None
    return f"It is the other player's Shooting phase, and {unit.name} shoots only in its own."


def advanced(state: GameState, unit: Unit, chosen: Sequence[Armed], rules: Ruleset) -> str | None:
    """Seed 000, Assault: "you can only resolve attacks using those Assault weapons" after an
    Advance (10th Core, Assault: "can be shot even if the bearer's unit Advanced")."""
    wrong = [a for a in chosen if not a.melee and not a.has("assault")]
    if not unit.advanced or not wrong:
        return None
    return (
        f"{unit.name} Advanced this turn, so it shoots only Assault weapons, and "
        f"{_names(wrong)} {_are(wrong)} not Assault."
    )


def fell_back(state: GameState, unit: Unit, chosen: Sequence[Armed], rules: Ruleset) -> str | None:
    """Seed 003: "Units that Fall Back cannot shoot or declare a charge in the same turn." Seed
    000 (9th): "...cannot shoot ... in the same turn that it Fell Back unless it is TITANIC"."""
    titanic = rules.titanic_shoots_after_falling_back and unit.profile.has("TITANIC")
    if not unit.fell_back or titanic or all(a.melee for a in chosen):
        return None
    return f"{unit.name} Fell Back this turn, and a unit that Falls Back cannot shoot that turn."


def locked_in_combat(
    state: GameState, unit: Unit, chosen: Sequence[Armed], rules: Ruleset
) -> str | None:
    """Seed 000: "Models cannot make attacks with ranged weapons while their unit is within
    Engagement Range of any enemy models", Pistols aside; seed 002 and seed 003, Big Guns Never
    Tire: MONSTERS and VEHICLES can shoot while in Engagement Range."""
    wrong = [a for a in chosen if not a.melee and not a.pistol]
    if not unit.in_combat or big(unit) or not wrong:
        return None
    enemies = sorted(u.name for k in unit.engaged if (u := state.units.get(k)) is not None)
    whom = " and ".join(enemies) or "an enemy unit"
    return (
        f"{unit.name} is in Engagement Range of {whom}, so it shoots only Pistols, and "
        f"{_names(wrong)} {_are(wrong)} not Pistols."
    )


def pistols_and_others(
    state: GameState, unit: Unit, chosen: Sequence[Armed], rules: Ruleset
) -> str | None:
    """Seed 000, Pistol: "it can either shoot with its Pistol(s) or with its other ranged
    weapons"; 10th Core, Pistol: "...unless it is a MONSTER or VEHICLE model"."""
    ranged = [a for a in chosen if not a.melee]
    if not any(a.pistol for a in ranged) or all(a.pistol for a in ranged):
        return None
    if rules.big_models_shoot_pistols_and_others and big(unit):
        return None
    return "A model shoots either its Pistols or its other ranged weapons, not both; pick one."


def not_in_combat(
    state: GameState, unit: Unit, chosen: Sequence[Armed], rules: Ruleset
) -> str | None:
    """Seed 000: "An eligible unit is one that is within Engagement Range of an enemy unit
    and/or made a charge move in the same turn." Engagement is what the players recorded, so
    this only warns: the unit may be in combat without it being recorded."""
    if _phase(state)[0] not in FIGHTING or unit.in_combat or unit.charged:
        return None
    if not any(a.melee for a in chosen):
        return None
    return (
        f"Vox has not recorded {unit.name} charging or in combat this turn; make melee attacks "
        "only with a unit within Engagement Range of an enemy unit."
    )


def one_shot_spent(
    state: GameState, unit: Unit, chosen: Sequence[Armed], rules: Ruleset
) -> str | None:
    """10th Core, One Shot: "The bearer can only shoot with this weapon once per battle"."""
    fired = [a for a in chosen if spent(unit, a)]
    if not fired:
        return None
    return f"{_names(fired)} {_has(fired)} One Shot and {_was(fired)} fired already this battle."


def _has(weapons: Sequence[Armed]) -> str:
    return "has" if len(weapons) == 1 else "have"


def _was(weapons: Sequence[Armed]) -> str:
    return "was" if len(weapons) == 1 else "were"


CHECKS: tuple[Check, ...] = (
    wrong_phase,
    wrong_kind,
    not_its_turn,
    advanced,
    fell_back,
    locked_in_combat,
    pistols_and_others,
    not_in_combat,
    one_shot_spent,
)


def problems(
    state: GameState, unit: Unit, chosen: Sequence[Armed], rules: Ruleset
) -> tuple[str, ...]:
    """Every problem with `unit` attacking with `chosen` in the game's current phase, in order."""
    found = (check(state, unit, chosen, rules) for check in CHECKS)
    return tuple(p for p in found if p is not None)

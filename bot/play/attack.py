"""/attack and /odds: in a game's turn, the weapons its phase offers and what the rules forbid
about them; then the dice, and on a tracked target the damage recorded.

In a game that is being played, an attacker unit with no `weapon:` uses the phase's weapons
(`bot.game.arsenal`): when there is a real choice the member is offered it (`Offered`) and nothing
is rolled; an attack the rules forbid (`bot.game.attack_checks`) is answered with its problems
(`Warned`), and resolved only when asked again `anyway`. Permission comes before any of it.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import Stale
from bot.game import Event, GameState, Unit, chain, set_health
from bot.game import guards as game_guards
from bot.game.arsenal import Armed, armed, arsenal, offered_kind
from bot.game.attack_checks import problems
from bot.game.hazardous import HazardOutcome
from bot.play import log_words
from bot.play.actor import Actor, may_change
from bot.play.attack_plan import NO_UNITS, Plan, Typed, picked_weapons, plan, rules_for
from bot.play.attack_units import Found, find_units, tracked
from bot.play.hazardous import after_attack, outcome, records
from bot.play.rolled import roll_and_record
from bot.play.services import Services
from bot.rules.attack import AttackResult, resolve
from bot.rules.hazardous import Hazard, roll_tests
from bot.rules.odds import Odds, compute
from bot.rules.odds.cost import check as check_size
from bot.rules.profiles import AttackSpec
from bot.rules.rulesets import Ruleset
from bot.tally import describe

__all__ = [
    "NO_UNITS", "Answer", "Ask", "Attacked", "Offered", "Plan", "Typed", "Warned", "attack",
    "exact_odds", "plan", "planned",
]  # fmt: skip


@dataclass(frozen=True, slots=True)
class Ask:
    """What a member asked /attack for: the options, and once they chose, the weapons (indexes
    into the attacker's profile), whether the warnings were seen, and the phase it was in."""

    typed: Typed
    weapons: tuple[int, ...] | None = None
    anyway: bool = False
    phase_seq: int | None = None


@dataclass(frozen=True, slots=True)
class Attacked:
    """An attack rolled: what was rolled, the tracked target after its damage (if any), and the
    attacker's Hazardous tests (applied to it when it is tracked)."""

    plan: Plan
    result: AttackResult
    target: Unit | None = None
    hazard: HazardOutcome | None = None
    leader: Unit | None = None  # the tracked Leader after its damage


@dataclass(frozen=True, slots=True)
class Offered:
    """A real choice of weapons in this phase: every weapon it offers (index, name, kind), the
    phase's default selection, and the phase's identity."""

    unit: str
    phase: str
    weapons: tuple[tuple[int, str, str], ...]
    default: tuple[int, ...]
    phase_seq: int


@dataclass(frozen=True, slots=True)
class Warned:
    """What the rules forbid about the attack asked for (one sentence each); nothing rolled."""

    unit: str
    problems: tuple[str, ...]
    weapons: tuple[int, ...]
    phase_seq: int


Answer = Attacked | Offered | Warned
Rolled = tuple[Plan, AttackResult, Hazard | None, Unit | None]  # and the attacker before


async def attack(services: Services, actor: Actor, ask: Ask) -> Answer:
    """The weapons offered, the warnings, or the attack rolled (on a tracked target, recorded
    with the damaged model first). The channel's game is read once; the roll is made inside the
    channel's decision, against the target as it is when the attack lands."""
    typed = ask.typed
    table = await services.tracker.table(actor.channel_id)
    state = table.state if table else None
    if state is not None and any(tracked(state, typed.units[k]) for k in ("target", "leader")):
        may_change(actor, state)  # before any weapon is offered or any die rolled
    found = await find_units(services, actor, typed.units, state)
    rules = rules_for(typed, state, services.settings.default_edition, found)
    if (
        state is None
        or state.status != "active"
        or typed.attacker is None
        or found.attacker is not None
    ):
        return await _roll(services, actor, typed, (state, found), rules, None, None)
    same_phase(state, ask.phase_seq)
    unit = game_guards.alive(state, typed.attacker)
    chosen = _chosen(state, unit, ask)
    if isinstance(chosen, Offered):
        return chosen
    weapons = armed(unit)
    used: list[Armed] = [weapons[i] for i in chosen if 0 <= i < len(weapons)]
    if not ask.anyway and (warned := problems(state, unit, used, rules)):
        return Warned(unit.name, warned, chosen, state.phase_seq)
    return await _roll(services, actor, typed, (state, found), rules, chosen, state.phase_seq)


def same_phase(state: GameState, phase_seq: int | None) -> None:
    """A choice made in one phase is not resolved in another without saying so."""
    if phase_seq is None or state.phase_seq == phase_seq:
        return
    where = f"to the {state.phase.name} " if state.phase is not None and state.phase.name else ""
    raise Stale(f"The game has moved on {where}since; type /attack again.")


def _chosen(state: GameState, unit: Unit, ask: Ask) -> tuple[int, ...] | Offered:
    if ask.weapons is not None:
        return ask.weapons
    if ask.typed.weapon is not None:
        return tuple(a.index for a in picked_weapons(unit, ask.typed.weapon))
    phase = state.phase
    offer = arsenal(unit, phase.key if phase else None)
    if not offer.choice:
        return offer.default
    return Offered(
        unit.name,
        phase.name if phase else "",
        tuple((a.index, a.name, offered_kind(unit, a)) for a in offer.offered),
        offer.default,
        state.phase_seq,
    )


async def _roll(
    services: Services,
    actor: Actor,
    typed: Typed,
    read: tuple[GameState | None, Found],
    rules: Ruleset,
    chosen: tuple[int, ...] | None,
    phase_seq: int | None,
) -> Attacked:
    """Rolled, then the Hazardous tests; recorded when it changes the game: damage to a tracked
    target and its tracked Leader, a tracked attacker's failed tests and One Shot weapons spent,
    all in one action (one /game undo takes it all back)."""
    state, found = read
    first = plan(typed, state, rules, chosen, found)
    if state is None or not records(state, first, typed, chosen):
        result = resolve(first.spec, services.dice)
        hazard = roll_tests(first.spec.weapons, services.dice)
        describe(*log_words.attack(first.spec, first.target_name, result, hazard))
        return Attacked(first, result, hazard=outcome(hazard))

    def decide(now: GameState) -> tuple[Rolled, list[Event]]:
        same_phase(now, phase_seq)
        aimed = plan(typed, now, rules, chosen, found)
        result = resolve(aimed.spec, services.dice)
        hazard = roll_tests(aimed.spec.weapons, services.dice)
        bearer, more = after_attack(now, aimed, typed, chosen, hazard)
        return (aimed, result, hazard, bearer), chain(*damaged(now, aimed, result), *more)

    (aimed, result, hazard, bearer), done = await roll_and_record(services, actor, decide)
    describe(*log_words.attack(aimed.spec, aimed.target_name, result, hazard))
    target = done.state.unit(aimed.target) if aimed.target else None
    leader = done.state.unit(aimed.leader) if aimed.leader else None
    return Attacked(aimed, result, target, outcome(hazard, bearer, done.state), leader)


def damaged(state: GameState, aimed: Plan, result: AttackResult) -> list[Event]:
    """The damage recorded on the tracked target and on its tracked Leader (when it lost any)."""
    source = " + ".join(w.name or "attack" for w in aimed.spec.weapons)
    events: list[Event] = []
    if aimed.target is not None:
        events += set_health(
            state, aimed.target, result.models_left, result.wounds_left, source, aimed.attacker
        )
    part, after = aimed.spec.target.leader, result.leader_after
    if aimed.leader is not None and part is not None and after is not None and after < part.health:
        models, left = part.alive(after), part.wounds_on(after)
        events += set_health(state, aimed.leader, models, left, source, aimed.attacker)
    return events


async def planned(services: Services, actor: Actor, typed: Typed) -> Plan:
    """The attack /odds works out: the options, the channel's units (read once) and the actor's
    army units."""
    table = await services.tracker.table(actor.channel_id)
    state = table.state if table else None
    found = await find_units(services, actor, typed.units, state)
    rules = rules_for(typed, state, services.settings.default_edition, found)
    return plan(typed, state, rules, found=found)


async def exact_odds(services: Services, spec: AttackSpec, owner: int | None = None) -> Odds:
    """The exact odds, in the compute pool (`owner`'s turn); over the budget, refused first."""
    check_size(spec)
    return await services.compute.run(compute, spec, owner=owner)

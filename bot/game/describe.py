"""Each event said in words, for `/game log` and the undo confirmation."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from bot.game.events import (
    ChargeDeclared,
    CommandPointsGained,
    CommandPointsSpent,
    DamageApplied,
    DeploymentFinished,
    DiceRolled,
    EngagementChanged,
    Event,
    EventUndone,
    FirstPlayerChosen,
    GameEnded,
    GameStarted,
    Healed,
    PhaseAdvanced,
    PowerAttempted,
    PromptShown,
    ReserveRolled,
    RolesChosen,
    RoundEnded,
    TestTaken,
    TurnEnded,
    UnitAdded,
    UnitEdited,
    UnitMoved,
    UnitRemoved,
    UnitReserved,
    VictoryPointsScored,
    WeaponAdded,
    WeaponRemoved,
    WeaponSpent,
)
from bot.rules.editions import edition

MOVES = {
    "normal": "made a Normal Move",
    "advance": "Advanced",
    "fall_back": "Fell Back",
    "stationary": "Remained Stationary",
    "charge": "charged",
}


def plural(n: int, word: str) -> str:
    """`1 model`, `2 models`."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _health(models: int, wounds: int) -> str:
    if models == 0:
        return "destroyed"
    return f"{plural(models, 'model')}, {wounds} W on the wounded one"


def _because(reason: str) -> str:
    return f" ({reason})" if reason else ""


def _starting(event: GameStarted) -> str:
    """`, Strike Force: 12 CP each` (9th's battle sizes), or the CP both players started with."""
    if event.battle_size:
        return f", {event.battle_size}: {event.starting_cp} CP each"
    return f", {event.starting_cp} CP each" if event.starting_cp else ""


def describe(event: Event, names: Mapping[int, str] | None = None) -> str:
    """One line for `event`; players are shown by `names` or as Discord mentions."""

    def who(player: int | None) -> str:
        if player is None:
            return "nobody"
        return (names or {}).get(player, f"<@{player}>")

    return _describe(event, who)


def _describe(event: Event, who: Callable[[int | None], str]) -> str:
    match event:
        case GameStarted():
            return (
                f"Game started: {edition(event.edition).name}, {who(event.players[0])} against "
                f"{who(event.players[1])}, {plural(event.rounds, 'battle round')}"
                + _starting(event)
            )
        case FirstPlayerChosen():
            return f"{who(event.player)} takes the first turn"
        case PhaseAdvanced():
            return f"Round {event.round}: {who(event.player)}'s turn, {event.name or event.phase}"
        case TurnEnded():
            return f"Round {event.round}: {who(event.player)}'s turn ended"
        case RoundEnded():
            return f"Battle round {event.round} ended"
        case CommandPointsGained():
            return f"{who(event.player)} gained {event.amount} CP{_because(event.reason)}"
        case CommandPointsSpent():
            return f"{who(event.player)} spent {event.amount} CP{_because(event.reason)}"
        case VictoryPointsScored():
            verb = "scored" if event.amount >= 0 else "lost"
            return f"{who(event.player)} {verb} {abs(event.amount)} VP{_because(event.reason)}"
        case UnitAdded():
            p = event.profile
            return f"{who(event.owner)} added {p.name} ({plural(p.models, 'model')}, W{p.wounds})"
        case UnitEdited():
            renamed = f" (now {event.after.name})" if event.after.name != event.unit else ""
            return f"{event.unit} was edited{renamed}"
        case UnitRemoved():
            return f"{event.unit} was removed"
        case WeaponAdded() if event.replaced is not None:
            return f"{event.unit}'s {event.weapon.name} was replaced"
        case WeaponAdded():
            return f"{event.unit} got a weapon: {event.weapon.name}"
        case WeaponRemoved():
            return f"{event.unit} lost a weapon: {event.weapon.name}"
        case WeaponSpent():
            return f"{event.unit} fired its One Shot weapon {event.weapon}"
        case UnitMoved():
            roll = f" (rolled {event.roll})" if event.roll is not None else ""
            return f"{event.unit} {MOVES[event.how]}{roll}"
        case DamageApplied():
            kind = "mortal wounds" if event.mortal else "damage"
            lost = f", {plural(event.models_destroyed, 'model')} destroyed"
            source = f" from {event.source}" if event.source else ""
            after = _health(event.models_after, event.wounds_after)
            return f"{event.unit} took {event.damage} {kind}{source}{lost}: {after}"
        case Healed():
            return f"{event.unit} healed: {_health(event.models_after, event.wounds_after)}"
        case DiceRolled():
            faces = f" [{', '.join(map(str, event.dice))}]" if event.dice else ""
            return f"{event.label}: {event.expression or 'roll'} = {event.total}{faces}"
        case PowerAttempted():
            verdict = "manifested" if event.passed else "failed to manifest"
            return f"{event.unit} {verdict} {event.power} (rolled {event.total})"
        case TestTaken():
            test = "Morale" if event.test == "morale" else "Battle-shock"
            verdict = "passed" if event.passed else "failed"
            shocked = ""
            if event.test == "battle_shock" and not event.passed:
                shocked = ": battle-shocked"
            return f"{event.unit} {verdict} its {test} test (rolled {event.total}){shocked}"
        case RolesChosen():
            return f"{who(event.attacker)} is the Attacker, {who(event.defender)} the Defender"
        case DeploymentFinished():
            return (
                f"{who(event.first)} finished deploying first (+1 to the first-turn roll-off); "
                f"{who(event.chooser)} won it"
            )
        case EventUndone():
            return f"Undone: {event.what}"
        case ChargeDeclared():
            return _charge(event)
        case EngagementChanged():
            return _engagement(event)
        case UnitReserved():
            return f"{event.unit} was placed into Reserves"
        case ReserveRolled() if event.die is None:
            return f"{event.unit} arrived from Reserves automatically"
        case ReserveRolled():
            verdict = "arrived" if event.arrived else "stays in Reserves"
            return f"{event.unit} {verdict} (Reserve Roll {event.die}, {event.needed}+ needed)"
        case PromptShown():
            return "The phase prompt was posted"
        case GameEnded() if event.conceded is not None:
            return f"Game over, {who(event.conceded)} conceded: {who(event.winner)} wins"
        case GameEnded():
            if event.winner is None:
                return f"Game over, a draw: {event.reason}"
            return f"Game over, {who(event.winner)} wins: {event.reason}"


def _charge(event: ChargeDeclared) -> str:
    at = f" at {', '.join(event.targets)}" if event.targets else ""
    verdict = "succeeded" if event.succeeded else "failed"
    again = "re-rolled charge" if event.reroll else "charge"
    return (
        f"{event.unit}'s {again}{at} {verdict}: rolled {event.total} "
        f'({event.needed}+ needed for {event.distance}")'
    )


def _engagement(event: EngagementChanged) -> str:
    if not event.enemies:
        return f"{event.unit} is out of combat" if not event.engaged else f"{event.unit} engaged"
    with_ = ", ".join(event.enemies)
    return f"{event.unit} is {'in' if event.engaged else 'out of'} combat with {with_}"

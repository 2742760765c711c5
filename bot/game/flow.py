"""Deciding the flow of a game: start, first player, `/game next`, end and undo.

Each function validates a request against the state and returns the events to append, or raises
`IllegalAction` with one sentence.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.game import guards, reserves
from bot.game.events import (
    CommandPointsGained,
    DeploymentFinished,
    Event,
    EventUndone,
    FirstPlayerChosen,
    GameEnded,
    GameStarted,
    PhaseAdvanced,
    RolesChosen,
    RoundEnded,
    TurnEnded,
    chain,
)
from bot.game.state import UNDO_LIMIT, GameState, UndoPoint
from bot.rules.deployment import FirstTurnRollOff
from bot.rules.editions import Edition, edition
from bot.rules.errors import IllegalAction

MAX_ROUNDS = 10


def start_game(
    edition_name: str,
    players: tuple[int, int],
    *,
    rounds: int | None = None,
    options: Mapping[str, bool] | None = None,
    starting_cp: int = 0,
    mission: str = "",
    battle_size: str | None = None,
) -> GameStarted:
    """A new game; `rounds` defaults to the edition's (5), options to its defaults; a battle size
    (9th) gives both players its starting CP."""
    ed = edition(edition_name)
    if players[0] == players[1]:
        raise IllegalAction("A game needs two different players; name your opponent.")
    unknown = set(options or {}) - set(ed.options)
    if unknown:
        known = ", ".join(ed.options) or "none"
        raise IllegalAction(f"{ed.name} has no option {min(unknown)}; its options are: {known}.")
    count = ed.battle_rounds if rounds is None else rounds
    if not 1 <= count <= MAX_ROUNDS:
        raise IllegalAction(f"A game lasts 1 to {MAX_ROUNDS} battle rounds; pick one of those.")
    if starting_cp < 0:
        raise IllegalAction("Starting CP cannot be negative; use 0 or more.")
    if battle_size is not None:
        starting_cp = _battle_size_cp(ed, battle_size)
    return GameStarted(
        edition=ed.key,
        players=players,
        rounds=count,
        options=dict(options or {}),
        starting_cp=starting_cp,
        mission=mission.strip()[:100],
        battle_size=battle_size or "",
    )


def _battle_size_cp(ed: Edition, battle_size: str) -> int:
    """The starting CP of a battle size (9th Core Book: Combat Patrol 3 … Onslaught 18)."""
    if not ed.battle_sizes:
        raise IllegalAction(f"{ed.name} has no battle sizes with starting CP; leave it out.")
    if battle_size not in ed.battle_sizes:
        raise IllegalAction(f"Pick a battle size from: {', '.join(ed.battle_sizes)}.")
    return ed.battle_sizes[battle_size]


def _gains(state: GameState, ed: Edition, player: int, phase_key: str) -> list[Event]:
    """CP gained on entering a phase (seed 000: Battle-forged bonus; seed 003: both gain 1)."""
    rule = ed.command_points
    if rule is None or rule.phase != phase_key:
        return []
    if rule.requires is not None and not state.options.get(rule.requires, False):
        return []
    players = [player] if rule.who == "active" else [player, state.other(player)]
    reason = f"{ed.phase(ed.phase_keys.index(phase_key)).name}"
    return [CommandPointsGained(player=p, amount=rule.gain, reason=reason) for p in players]


def choose_first_player(state: GameState, player: int) -> list[Event]:
    """Round 1 begins with `player`'s first phase."""
    _in_setup(state)
    ed = guards.game_open(state)
    guards.player(state, player)
    return chain(FirstPlayerChosen(player=player), *_gains(state, ed, player, ed.phase_keys[0]))


def _in_setup(state: GameState) -> None:
    guards.game_open(state)
    if state.status != "setup":
        raise IllegalAction("The first turn was already chosen; use /game next to move on.")


def choose_roles(state: GameState, attacker: int) -> list[Event]:
    """Eternum (seed 004): the roll-off winner picks who is the Attacker and who the Defender."""
    _in_setup(state)
    guards.player(state, attacker)
    if state.attacker is not None:
        raise IllegalAction("The Attacker and the Defender were already chosen; deploy now.")
    return [RolesChosen(attacker=attacker, defender=state.other(attacker))]


def may_finish_deployment(state: GameState, first: int) -> None:
    """Refuse, before the roll-off is rolled, a deployment that cannot be recorded now."""
    _in_setup(state)
    guards.player(state, first)
    if state.attacker is None:
        raise IllegalAction("Choose the Attacker and the Defender before deploying.")
    if state.deployed_first is not None:
        raise IllegalAction("The first-turn roll-off was already made; its winner chooses now.")


def finish_deployment(state: GameState, first: int, rolloff: FirstTurnRollOff) -> list[Event]:
    """Eternum (seed 004): who finished deploying first, and the first-turn roll-off (+1 to them)
    whose winner chooses who takes the first turn."""
    may_finish_deployment(state, first)
    if state.players[rolloff.bonus_player] != first:
        raise IllegalAction("The +1 belongs to the player who finished deploying first.")
    chooser = state.players[rolloff.winner]
    return [DeploymentFinished(first=first, rolls=rolloff.rounds, chooser=chooser)]


def _enter(state: GameState, ed: Edition, rnd: int, player: int, index: int) -> list[Event]:
    """The phase, its CP, and at the start of a turn the Reserves that arrive by themselves."""
    phase = ed.phase(index)
    advanced = PhaseAdvanced(round=rnd, player=player, phase=phase.key, name=phase.name)
    arriving = reserves.arrivals(state, player, rnd) if index == 0 else []
    return [advanced, *_gains(state, ed, player, phase.key), *arriving]


def on_vp(state: GameState) -> int | None:
    """The player with the most VP, or None for a draw."""
    ranked = sorted(state.players, key=lambda p: state.vp.get(p, 0), reverse=True)
    if len(ranked) < 2 or state.vp.get(ranked[0], 0) == state.vp.get(ranked[1], 0):
        return None
    return ranked[0]


def next_phase(state: GameState) -> list[Event]:
    """Seed 000: after the last phase the opponent's turn begins; after both turns the round ends.

    After the last battle round the game ends, won on VP.
    """
    ed = guards.game_playing(state)
    active, rnd = state.active, state.round
    assert active is not None
    if state.phase_index + 1 < len(ed.phases):
        return chain(*_enter(state, ed, rnd, active, state.phase_index + 1))
    ended = TurnEnded(round=rnd, player=active)
    if active == state.first:
        return chain(ended, *_enter(state, ed, rnd, state.other(active), 0))
    if rnd >= state.rounds:
        over = f"battle round {rnd} of {state.rounds} is over"
        final = GameEnded(winner=on_vp(state), reason=over, vp=dict(state.vp))
        return chain(ended, RoundEnded(round=rnd), *reserves.never_arrived(state), final)
    assert state.first is not None
    return chain(ended, RoundEnded(round=rnd), *_enter(state, ed, rnd + 1, state.first, 0))


def end_game(
    state: GameState,
    reason: str = "ended early",
    *,
    winner: int | None = None,
    conceded: int | None = None,
) -> list[Event]:
    """End now: a game cut short (the winner named, or decided on VP), or `conceded` by one
    player (the other wins, and the log says it was a concession)."""
    guards.game_open(state)
    if conceded is not None:
        loser = guards.player(state, conceded)
        if winner is not None and winner != state.other(loser):
            raise IllegalAction("A player who concedes cannot also win; leave out winner.")
        won: int | None = state.other(loser)
        ended = GameEnded(winner=won, reason="conceded", vp=dict(state.vp), conceded=loser)
    else:
        won = guards.player(state, winner) if winner is not None else on_vp(state)
        ended = GameEnded(winner=won, reason=reason, vp=dict(state.vp))
    return chain(*reserves.never_arrived(state), ended)


def undo_target(state: GameState) -> UndoPoint | None:
    """The action undo would revert (with its actor, for the caller's permission check)."""
    return state.undo


def undo(state: GameState) -> list[Event]:
    """Revert the last action that changed the state by appending a compensating event."""
    guards.game_open(state)
    point = state.undo
    if point is None and state.changed:
        raise IllegalAction(
            f"Undo takes back only the last {UNDO_LIMIT} changes in a row; correct an older one "
            "with a new change instead."
        )
    if point is None:
        raise IllegalAction("There is nothing to undo yet.")
    return [EventUndone(seqs=point.seqs, kinds=point.kinds, what=point.what)]

"""Deciding battles and undo; reading standings and history.

`record_battle` opens the battle's post-battle sequence (`bot.campaign.aftermath`); only one can
be open per campaign.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from pydantic import ValidationError

from bot.campaign import guards
from bot.campaign.actions import Action
from bot.campaign.events import BattleRecorded, Event, EventUndone, NoteSet
from bot.campaign.models import Battle, problem
from bot.campaign.state import CampaignState
from bot.eventlog import check_undo
from bot.rules.errors import IllegalAction

MAX_NOTE = 500


def record_battle(
    state: CampaignState,
    players: tuple[int, int],
    *,
    winner: int | None,
    conceded: int | None = None,
    vp: Mapping[int, int] | None = None,
    mission: str = "",
    note: str = "",
    fielded: Mapping[int, Sequence[str]] | None = None,
    destroyed: Sequence[str] = (),
    kills: Mapping[str, int] | None = None,
    game_id: int | None = None,
) -> list[Event]:
    """A battle between two members; card names are matched case-insensitively to the roster.
    `conceded`: the player who conceded (`winner` is then their opponent)."""
    guards.no_aftermath(state)
    for player in players:
        guards.member(state, player)
    canonical: dict[int, tuple[str, ...]] = {}
    for player, names in (fielded or {}).items():
        cards = [guards.card(state, n) for n in names]
        for card in cards:
            if card.owner != player:
                raise IllegalAction(
                    f"{card.name} belongs to <@{card.owner}>; field it for its owner."
                )
        canonical[player] = tuple(c.name for c in cards)
    if any(points < 0 for points in (vp or {}).values()):
        raise IllegalAction("Victory points cannot be negative; use 0 or more.")
    if len(note.strip()) > MAX_NOTE:
        raise IllegalAction(f"A battle note is at most {MAX_NOTE} characters; shorten it.")
    try:
        battle = Battle(
            battle=len(state.battles) + 1,
            game_id=game_id,
            players=players,
            winner=winner,
            conceded=conceded,
            vp=dict(vp or {}),
            mission=mission.strip(),
            note=note.strip(),
            fielded=canonical,
            destroyed=tuple(_name(state, n) for n in destroyed),
            kills={_name(state, n): k for n, k in (kills or {}).items() if k},
        )
    except ValidationError as exc:
        message = problem(exc, located=False)
        raise IllegalAction(f"{message[:1].upper()}{message[1:]}.") from exc
    return [BattleRecorded(battle=battle)]


def _name(state: CampaignState, name: str) -> str:
    found = state.card(name)
    return found.name if found is not None else name


def set_note(state: CampaignState, battle: int, note: str) -> list[Event]:
    if not 1 <= battle <= len(state.battles):
        raise IllegalAction(f"{state.name} has no battle {battle}; see /campaign history.")
    if len(note.strip()) > MAX_NOTE:
        raise IllegalAction(f"A battle note is at most {MAX_NOTE} characters; shorten it.")
    return [NoteSet(battle=battle, note=note.strip())]


def undo_target(state: CampaignState) -> Action | None:
    """The action undo would revert (with its actor, for the caller's permission check)."""
    return state.actions[-1] if state.actions else None


def undo(state: CampaignState) -> list[Event]:
    """Revert the latest action that is not undone yet."""
    action = undo_target(state)
    if action is None:
        raise IllegalAction("There is nothing to undo in this campaign yet.")
    return [EventUndone(seqs=action.seqs, kinds=action.kinds)]


def describe(action: Action) -> str:
    """An action in words, for undo's replies: "marked for greatness", "card added"."""
    return ", ".join(dict.fromkeys(k.replace("_", " ") for k in action.kinds))


def undo_choice(
    state: CampaignState, actor: int, *, moderator: bool = False, naming: int | None = None
) -> tuple[Action, list[EventUndone]]:
    """Take back the latest action a person took, with Vox's automatic steps that followed it (they
    run again once the choice is made again). A recorded battle is never undone this way.

    Scoped (`bot.eventlog.check_undo`): the caller's own change, or, for a moderator, someone
    else's named by its number. Each live action is looked at once, newest first: the walk ends.
    """
    automatic: list[Action] = []
    for action in reversed(state.actions):
        if "battle_recorded" in action.kinds:
            break
        if action.actor is None:
            automatic.append(action)
            continue
        check_undo((action.seqs[0], action.actor, describe(action)), actor,
                   moderator=moderator, naming=naming)  # fmt: skip
        undone = [EventUndone(seqs=a.seqs, kinds=a.kinds) for a in (*automatic, action)]
        return action, undone
    since = " since its last battle was recorded" if state.battles else " yet"
    raise IllegalAction(f"There is nothing to undo in {state.name}{since}.")


@dataclass(frozen=True, slots=True)
class Standing:
    player: int
    label: str
    wins: int
    losses: int
    draws: int
    vp_for: int
    vp_against: int
    rp: int
    supply_limit: int
    roster: int  # the roster total in the supply unit
    conceded: int = 0  # battles this player conceded

    @property
    def vp_difference(self) -> int:
        return self.vp_for - self.vp_against


def standings(state: CampaignState) -> list[Standing]:
    """Players by wins, then VP difference (then joining order)."""
    rows = [
        Standing(
            p, g.label, g.wins, g.losses, g.draws, g.vp_for, g.vp_against, g.rp,
            g.supply_limit, state.roster_total(p), g.conceded,
        )
        for p, g in state.players.items()
    ]  # fmt: skip
    return sorted(rows, key=lambda s: (-s.wins, -s.vp_difference))


def history(state: CampaignState) -> list[Battle]:
    """Battles, most recent first."""
    return list(reversed(state.battles))

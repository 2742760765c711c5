"""A campaign log in memory for the campaign tests: decide, append, fold."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

from bot.campaign import (
    CampaignState,
    Card,
    Event,
    Recorded,
    add_card,
    advance,
    choose_out_of_action,
    create_campaign,
    fold,
    increase_supply,
    join,
    mark,
    name_honour,
    pending,
    record_battle,
    set_note,
)
from bot.game.units import UnitProfile
from bot.rules.dice import ScriptedDice

ALICE, BOB, CAROL = 101, 202, 303


def card(
    name: str, owner: int = ALICE, *, points: int = 5, character: bool = False, **changes: Any
) -> Card:
    keywords = ("INFANTRY", "CHARACTER") if character else ("INFANTRY",)
    profile = UnitProfile(name=name, keywords=keywords)
    return Card(name=name, owner=owner, profile=profile, points=points, **changes)


class Log:
    """A campaign's log; `do(decision, ...)` decides against the current state and appends."""

    def __init__(self, edition: str = "9th", players: Sequence[int] = (ALICE, BOB)) -> None:
        self.records: list[Recorded] = []
        self.append([create_campaign("Vigilus", edition, guild=1, creator=ALICE)], ALICE)
        for player in players:
            self.do(join, player, actor=player)

    @property
    def state(self) -> CampaignState:
        return fold(self.records)

    def append(self, events: Sequence[Event], actor: int | None = None) -> list[Event]:
        start = len(self.records)
        self.records += [
            Recorded(start + i, actor, "2024-06-01T18:00:00.000Z", e)
            for i, e in enumerate(events, 1)
        ]
        return list(events)

    def do(
        self, decision: Callable[..., list[Event]], *args: Any, actor: int | None = None, **kw: Any
    ) -> list[Event]:
        if "actor" in inspect.signature(decision).parameters:
            kw["actor"] = actor
        return self.append(decision(self.state, *args, **kw), actor)

    def add(self, *cards: Card) -> None:
        for c in cards:
            self.append(add_card(self.state, c, actor=c.owner), c.owner)

    def battle(self, **kw: Any) -> list[Event]:
        kw.setdefault("winner", ALICE)
        return self.append(record_battle(self.state, (ALICE, BOB), **kw), ALICE)


def played() -> Log:
    """A 10th edition campaign with one finished battle and a note."""
    log = Log("10th")
    log.add(card("Intercessors", points=100), card("Boyz", BOB, points=80, scars=("Fatigued",)))
    log.do(increase_supply, ALICE, actor=ALICE)
    log.battle(
        fielded={ALICE: ["intercessors"], BOB: ["Boyz"]},
        vp={ALICE: 70, BOB: 40},
        kills={"Intercessors": 1},
        mission="Only War",
    )
    log.append(advance(log.state, ScriptedDice(())))
    for player in (ALICE, BOB):
        log.do(mark, player, None, actor=player)
    log.append(advance(log.state, ScriptedDice(())))
    log.do(set_note, 1, "The Boyz held the bridge.")
    return log


def play_out(log: Log) -> list[str]:
    """Answer every step of the open post-battle sequence (Alice takes the Battle Scar Deep Scars,
    Bob the Devastating Blow; each marks their last unit; every honour is "Hero"), with Vox's own
    steps in between; returns the kinds of the steps people were asked, in order."""
    seen: list[str] = []
    while (step := pending(log.state)) is not None:
        seen.append(step.kind)
        if step.kind == "out_of_action":
            choice = "battle_scar" if step.player == ALICE else "devastating_blow"
            scar = "Deep Scars" if choice == "battle_scar" else None
            log.do(choose_out_of_action, step.card, choice, scar, actor=step.player)
        elif step.kind == "marked_for_greatness":
            log.do(mark, step.player, step.choices[-1], actor=step.player)
        elif step.kind == "battle_honour":
            log.do(name_honour, step.card, "Hero", actor=step.player)
        log.append(advance(log.state, ScriptedDice(())))
    return seen

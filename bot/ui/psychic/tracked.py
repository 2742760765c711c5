"""Psychic powers of a tracked psyker in the channel's game (9th and Eternum).

Checked before any dice are rolled (seed 000: once-per-round limits, no manifesting after Falling
Back); then one action records the attempt with Perils of the Warp (seed 002: D3 mortal wounds
that spill over; if they destroy the psyker, the power fails and units within 6" suffer D3).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import discord

from bot.errors import VoxError
from bot.game import GameState, chain, damage
from bot.game.events import DiceRolled, Event, PowerAttempted
from bot.game.psychic import Manifesting, attempt, enemy_target, may_manifest
from bot.game.units import after_damage
from bot.rules.psychic import MortalWoundsRoll, PsychicTest
from bot.ui.game.embeds import unit_line
from bot.ui.permissions import check_may_change

if TYPE_CHECKING:
    from bot.client import VoxBot

PERILS = "Perils of the Warp"


@dataclass(frozen=True, slots=True)
class Cast:
    """What recording a power did: the lines for the embed, and what its buttons need."""

    game_id: int
    seq: int  # the PowerAttempted event
    survived: bool
    lines: tuple[str, ...]
    blast: tuple[str, ...] = field(default=())  # units that could be within 6" of a dead psyker
    opponent: int | None = None  # who may deny the power (the caster's opponent)


class TrackedPsychic:
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    async def check(
        self,
        interaction: discord.Interaction,
        psyker: str,
        power: str | None,
        target: str | None = None,
    ) -> Manifesting:
        """May this psyker attempt `power` now? Refused before any dice are rolled."""
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        check_may_change(interaction, table.state)
        if not power:
            raise VoxError("Name the power (power:) so Vox can hold it to once per battle round.")
        allowed = may_manifest(table.state, psyker, power, interaction.user.id)
        if target is not None:
            enemy_target(table.state, allowed.unit, target)
        return allowed

    async def record(
        self,
        interaction: discord.Interaction,
        allowed: Manifesting,
        test: PsychicTest,
        perils: MortalWoundsRoll | None,
        *,
        target: str | None = None,
        smite: int | None = None,
    ) -> Cast:
        """The attempt, Perils on the psyker and the logged Perils roll, as one undoable action."""
        name, actor = allowed.unit.name, interaction.user.id

        def decide(state: GameState) -> list[Event]:
            tried = attempt(
                state, name, allowed.power, actor, total=test.total, passed=test.passed,
                target=target if smite is not None else None, mortal_wounds=smite,
            )  # fmt: skip
            if perils is None:
                return [*tried]
            hurt = damage(state, name, [perils.mortal_wounds], mortal=True, source=PERILS)
            roll = DiceRolled(
                label=PERILS, expression="D3", dice=(perils.die.value,),
                total=perils.mortal_wounds, notable=True, unit=name,
            )  # fmt: skip
            return chain(*tried, *hurt, roll)

        outcome = await self.bot.tracker.act(interaction.channel_id or 0, actor, decide)
        seq = next(r.seq for r in outcome.appended if isinstance(r.event, PowerAttempted))
        game_id = outcome.table.record.id
        after = outcome.state.unit(name)
        lines = [allowed.warning] if allowed.warning else []
        if after is not None and after.destroyed:
            lines.append(f"{name} is destroyed by Perils: the power fails.")
            near = tuple(u.name for u in outcome.state.units.values() if not u.destroyed)
            return Cast(game_id, seq, False, tuple(lines), near)
        if perils is not None and after is not None:
            lines.append(f"Perils: {unit_line(after)}")
        players = outcome.state.players
        opponent = outcome.state.other(actor) if actor in players else None
        return Cast(game_id, seq, True, tuple(lines), opponent=opponent)


def survives(allowed: Manifesting | None, perils: MortalWoundsRoll | None) -> bool:
    """Would the psyker live through Perils? (Decides whether Smite's damage is rolled.)"""
    if allowed is None or perils is None:
        return True
    return after_damage(allowed.unit, (perils.mortal_wounds,), mortal=True)[0] > 0

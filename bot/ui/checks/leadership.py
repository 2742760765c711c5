"""Morale, Battle-shock and Desperate Escape tests of a unit in the channel's game.

Used by the slash commands (`unit:`) and by the phase prompt's buttons. Each is checked against
the game before any dice are rolled, then recorded as one undoable action.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord

from bot.errors import Stale
from bot.game import GameState, Unit
from bot.game import guards as game_guards
from bot.game.leadership import Test, escape, escape_tests, may_test, take_test
from bot.rules.morale import (
    battle_shock_test,
    chance_to_pass_battle_shock,
    chance_to_pass_morale,
    desperate_escape,
    desperate_escape_pmf,
    models_lost_pmf,
    morale_test,
)
from bot.tracker import STALE, Expectation
from bot.ui.checks.embeds import battleshock_embed, desperate_escape_embed, morale_embed
from bot.ui.game.embeds import unit_line
from bot.ui.permissions import check_may_change

if TYPE_CHECKING:
    from bot.client import VoxBot


class TrackedTests:
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    async def _unit(
        self, interaction: discord.Interaction, name: str, test: Test | None, expect: Expectation
    ) -> tuple[GameState, Unit]:
        """The game's state and the unit, checked before any dice are rolled."""
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        check_may_change(interaction, table.state)
        if not expect(table.state):
            raise Stale(STALE)
        if test is None:
            return table.state, game_guards.alive(table.state, name)
        return table.state, may_test(table.state, name, test)

    async def morale(
        self, interaction: discord.Interaction, name: str, expect: Expectation = lambda s: True
    ) -> discord.Embed:
        """Seed 000: D6 + models destroyed this turn against Ld; fleeing models leave the unit."""
        _, unit = await self._unit(interaction, name, "morale", expect)
        ld, lost, models, start = (
            unit.profile.leadership, unit.lost_this_turn, unit.alive, unit.profile.models
        )  # fmt: skip
        test = morale_test(self.bot.dice, ld, lost, models, start)
        embed = morale_embed(
            test, models_lost_pmf(ld, lost, models, start), chance_to_pass_morale(ld, lost),
            interaction.user.display_name,
        )  # fmt: skip
        dice = (test.die.value, *(d.value for d in test.attrition))
        after = await self._record(
            interaction, unit, "morale", dice, test.total, test.passed, test.models_left, expect
        )
        fled = f"{test.models_fled} fled: " if test.models_fled else "No model flees: "
        embed.add_field(name="Tracked unit", value=fled + after, inline=False)
        return embed

    async def battle_shock(
        self, interaction: discord.Interaction, name: str, expect: Expectation = lambda s: True
    ) -> discord.Embed:
        """Seed 003: 2D6 against Ld; failed, the unit is battle-shocked (OC 0)."""
        _, unit = await self._unit(interaction, name, "battle_shock", expect)
        ld = unit.profile.leadership
        test = battle_shock_test(self.bot.dice, ld)
        embed = battleshock_embed(
            test, chance_to_pass_battle_shock(ld), interaction.user.display_name
        )
        dice = tuple(d.value for d in test.dice)
        after = await self._record(
            interaction, unit, "battle_shock", dice, test.total, test.passed, None, expect
        )
        shocked = "" if test.passed else " — battle-shocked: OC 0 until its next Command phase"
        embed.add_field(name="Tracked unit", value=after + shocked, inline=False)
        return embed

    async def desperate_escape(
        self, interaction: discord.Interaction, name: str, models: int | None
    ) -> discord.Embed:
        """Seed 003: a D6 per testing model (all of them if battle-shocked); 1-2 destroys one."""
        state, unit = await self._unit(interaction, name, None, lambda s: True)
        tests = escape_tests(state, unit.name, models)
        rolled = desperate_escape(self.bot.dice, tests)
        embed = desperate_escape_embed(
            rolled, desperate_escape_pmf(tests), interaction.user.display_name
        )
        lost = rolled.models_destroyed
        text = f"{unit_line(unit)} — no model lost."
        if lost:
            outcome = await self.bot.tracker.act(
                interaction.channel_id or 0,
                interaction.user.id,
                lambda s: escape(s, unit.name, lost),
                expect=lambda s: s.unit(unit.name) == unit,
            )
            after = outcome.state.unit(unit.name)
            text = unit_line(after) if after else f"{unit.name} is gone"
        embed.add_field(name="Tracked unit", value=text, inline=False)
        return embed

    async def _record(
        self,
        interaction: discord.Interaction,
        unit: Unit,
        test: Test,
        dice: tuple[int, ...],
        total: int,
        passed: bool,
        models_left: int | None,
        expect: Expectation,
    ) -> str:
        """The test and its losses, unless the unit changed since it was read."""
        outcome = await self.bot.tracker.act(
            interaction.channel_id or 0,
            interaction.user.id,
            lambda s: take_test(
                s, unit.name, test, dice=dice, total=total, passed=passed, models_left=models_left
            ),
            expect=lambda s: s.unit(unit.name) == unit and expect(s),
        )
        after = outcome.state.unit(unit.name)
        return unit_line(after) if after else f"{unit.name} is gone"

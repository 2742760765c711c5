"""The phase prompt's test buttons: one per unit that must take its Morale test (9th Morale
phase, Eternum Morale and Battleshock step) or Battle-shock test (10th Command phase).

`vox:test:<m|b>:<game>:<phase seq>:<unit>` holds everything, so a button works after a restart;
one from an earlier phase says so instead of rolling, and a unit tests once per phase.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.game import PhasePrompt
from bot.game.leadership import NAMES, Test
from bot.play import leadership
from bot.ui.actors import actor
from bot.ui.checks.embeds import tracked_embed
from bot.ui.components import Component, VoxInteraction

CODES: dict[str, Test] = {"m": "morale", "b": "battle_shock"}
MAX_TEST_BUTTONS = 20  # with "Next phase", within Discord's 25 components


def add_test_buttons(view: discord.ui.View, game_id: int, prompt: PhasePrompt) -> int:
    """Add a button per unit the prompt says must test; how many did not fit."""
    if prompt.test is None:
        return 0
    for note in prompt.testing[:MAX_TEST_BUTTONS]:
        view.add_item(TestButton(prompt.test, game_id, prompt.seq, note.unit))
    return max(0, len(prompt.testing) - MAX_TEST_BUTTONS)


class TestButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:test:(?P<code>[mb]):(?P<game>\d{1,18}):(?P<seq>\d{1,9}):(?P<unit>.{1,60})",
):
    def __init__(self, test: Test, game_id: int, seq: int, unit: str) -> None:
        code = "m" if test == "morale" else "b"
        super().__init__(
            discord.ui.Button(
                label=f"{unit} — {NAMES[test]} test"[:80],
                emoji="🎲",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:test:{code}:{game_id}:{seq}:{unit}",
            )
        )
        self.test, self.game_id, self.seq, self.unit = test, game_id, seq, unit

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TestButton:
        test = CODES[match.group("code")]
        return cls(test, int(match.group("game")), int(match.group("seq")), match.group("unit"))

    async def act(self, interaction: VoxInteraction) -> None:
        on = await leadership.prompted(
            interaction.client, actor(interaction), self.test, self.game_id, self.seq, self.unit
        )
        embed = tracked_embed(on, interaction.user.display_name)
        await interaction.response.send_message(embed=embed)

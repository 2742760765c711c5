"""The phase prompt's test buttons: one per unit that must take its Morale test (9th Morale
phase, Eternum Morale and Battleshock step) or Battle-shock test (10th Command phase).

`vox:test:<m|b>:<game>:<phase seq>:<unit>` holds everything, so a button works after a restart;
one from an earlier phase says so instead of rolling, and a unit tests once per phase. The result
is shown on the prompt itself (a short field per test taken), which keeps the buttons of the
units still to test; nothing new is posted.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.game import PhasePrompt, phase_prompt
from bot.game.leadership import NAMES, Test
from bot.play import game, leadership
from bot.ui.actors import actor
from bot.ui.checks.embeds import test_line
from bot.ui.components import Component, VoxInteraction
from bot.ui.game.prompt import prompt_embed

CODES: dict[str, Test] = {"m": "morale", "b": "battle_shock"}
MAX_TEST_BUTTONS = 20  # with "Next phase", within Discord's 25 components
TEST_IDS = "vox:test:"
RESULT = "🎲 "  # a test result's field on the prompt starts so
MAX_RESULTS = 8  # the latest results kept on the prompt (Discord allows 25 fields)


def add_test_buttons(view: discord.ui.View, game_id: int, prompt: PhasePrompt) -> int:
    """Add a button per unit the prompt says must test; how many did not fit."""
    if prompt.test is None:
        return 0
    for note in prompt.testing[:MAX_TEST_BUTTONS]:
        view.add_item(TestButton(prompt.test, game_id, prompt.seq, note.unit))
    return max(0, len(prompt.testing) - MAX_TEST_BUTTONS)


def add_tests(
    view: discord.ui.View, embed: discord.Embed, game_id: int, prompt: PhasePrompt
) -> None:
    """The prompt's test buttons on `view`; `embed` says how many units did not fit."""
    left = add_test_buttons(view, game_id, prompt)
    if left:
        command = "/morale" if prompt.test == "morale" else "/battleshock"
        embed.add_field(name="More tests", value=f"{left} more units: use {command} unit:")


def _kept(message: discord.Message | None) -> tuple[list[tuple[str, str]], discord.ui.View]:
    """From the prompt a test button is on: its earlier results, and its other buttons."""
    view = discord.ui.View(timeout=None)
    if message is None:
        return [], view
    for item in discord.ui.View.from_message(message, timeout=None).children:
        if not str(getattr(item, "custom_id", "") or "").startswith(TEST_IDS):
            view.add_item(item)
    embeds = message.embeds
    fields = [(str(f.name), str(f.value)) for f in embeds[-1].fields] if embeds else []
    return [f for f in fields if f[0].startswith(RESULT)][-(MAX_RESULTS - 1) :], view


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
                custom_id=f"{TEST_IDS}{code}:{game_id}:{seq}:{unit}",
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
        """Roll the test, then show it on the prompt: the prompt as the game now stands, the
        results so far, and the buttons of the units still to test."""
        client = interaction.client
        on = await leadership.prompted(
            client, actor(interaction), self.test, self.game_id, self.seq, self.unit
        )
        prompt = phase_prompt(await game.status(client, interaction.channel_id or 0))
        results, view = _kept(interaction.message)
        embed = prompt_embed(prompt)
        for name, value in results:
            embed.add_field(name=name, value=value, inline=False)
        title = f"{RESULT}{on.name} — {NAMES[self.test]} test"
        embed.add_field(name=title[:256], value=test_line(on)[:1024], inline=False)
        add_tests(view, embed, self.game_id, prompt)
        await interaction.response.edit_message(embed=embed, view=view)

"""Removing an army asks first: a "Remove" button on the private question
(`vox:army-remove:<owner>:<army id>`), so a slip never loses a list."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.errors import NotAllowed
from bot.play import armies
from bot.ui.actors import actor
from bot.ui.components import Component, VoxInteraction


def remove_view(owner: int, army_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RemoveArmyButton(owner, army_id))
    return view


class RemoveArmyButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:army-remove:(?P<owner>\d{1,20}):(?P<army>\d{1,18})",
):
    def __init__(self, owner: int, army_id: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Remove",
                style=discord.ButtonStyle.danger,
                custom_id=f"vox:army-remove:{owner}:{army_id}",
            )
        )
        self.owner, self.army_id = owner, army_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RemoveArmyButton:
        return cls(int(match.group("owner")), int(match.group("army")))

    async def act(self, interaction: VoxInteraction) -> None:
        if interaction.user.id != self.owner:
            raise NotAllowed("Only the army's owner can remove it.")
        name = await armies.remove(interaction.client, actor(interaction), self.army_id)
        text = f"🗑️ Removed **{name}**." if name else "That army is already gone."
        await interaction.response.edit_message(content=text, embed=None, view=None)

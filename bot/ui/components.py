"""The base of every Vox button, select and form: one reply for every error, and the interaction
typed with the bot (`discord.Interaction[VoxBot]`), checked once here rather than cast.

discord.py types a component's callback with any client; `is_vox` narrows it by checking the
client really is a `VoxBot`, so the components' own code reaches the tracker, the chronicle and
the settings typed, with no cast. The extensions (cogs) register their components in `setup`.
"""

from __future__ import annotations

from typing import Any, TypeGuard

import discord

from bot.client import VoxBot
from bot.ui.replies import report_error

VoxInteraction = discord.Interaction[VoxBot]


def is_vox(interaction: discord.Interaction[Any]) -> TypeGuard[VoxInteraction]:
    """The interaction came to a `VoxBot` (always, unless a component is used by another client)."""
    return isinstance(interaction.client, VoxBot)


async def guarded(interaction: discord.Interaction[Any], act: Any) -> None:
    """Run `act(interaction)` typed for Vox; every error becomes the one reply (`report_error`)."""
    try:
        if not is_vox(interaction):
            raise TypeError(f"a Vox component was used by {type(interaction.client).__name__}")
        await act(interaction)
    except Exception as error:
        await report_error(interaction, error)


class Component:
    """A button or select: mix in before `discord.ui.DynamicItem` and implement `act`."""

    async def act(self, interaction: VoxInteraction) -> None:
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.act)


class Form(discord.ui.Modal):
    """A modal form: implement `act`; its errors reply like a component's."""

    async def act(self, interaction: VoxInteraction) -> None:
        raise NotImplementedError

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        await guarded(interaction, self.act)

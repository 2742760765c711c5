"""The base of every Vox button, select and form: one reply for every error, the interaction typed
with the bot (`discord.Interaction[VoxBot]`), checked once here rather than cast, and the dice its
action rolled saved to the channel's roll log (`bot.ui.tallied`) once it succeeded.

discord.py types a component's callback with any client; `is_vox` narrows it by checking the
client really is a `VoxBot`, so the components' own code reaches the tracker, the chronicle and
the settings typed, with no cast. The extensions (cogs) register their components in `setup`.
"""

from __future__ import annotations

from typing import Any, TypeGuard

import discord

from bot.client import VoxBot
from bot.tally import tallying
from bot.ui.replies import report_error
from bot.ui.tallied import log_rolls

VoxInteraction = discord.Interaction[VoxBot]


def is_vox(interaction: discord.Interaction[Any]) -> TypeGuard[VoxInteraction]:
    """The interaction came to a `VoxBot` (always, unless a component is used by another client)."""
    return isinstance(interaction.client, VoxBot)


async def guarded(interaction: discord.Interaction[Any], act: Any, name: str) -> None:
    """Run `act(interaction)` typed for Vox, counting its dice; every error becomes the one reply
    (`report_error`) and logs nothing, else its dice are logged as the roll of `name`."""
    with tallying() as tally:
        try:
            if not is_vox(interaction):
                raise TypeError(f"a Vox component was used by {type(interaction.client).__name__}")
            await act(interaction)
            await log_rolls(interaction.client, interaction, name, tally)
        except Exception as error:
            await report_error(interaction, error)


class Component:
    """A button or select: mix in before `discord.ui.DynamicItem` and implement `act`."""

    async def act(self, interaction: VoxInteraction) -> None:
        raise NotImplementedError

    @property
    def log_name(self) -> str:
        """What the roll log calls a roll made with this component: a button's label, a select's
        placeholder (the words of its use case say what was rolled)."""
        item = getattr(self, "item", None)
        name = getattr(item, "label", None) or getattr(item, "placeholder", None)
        return str(name or type(self).__name__)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await guarded(interaction, self.act, self.log_name)


class Form(discord.ui.Modal):
    """A modal form: implement `act`; its errors reply like a component's."""

    async def act(self, interaction: VoxInteraction) -> None:
        raise NotImplementedError

    async def on_submit(self, interaction: discord.Interaction[Any], /) -> None:
        await guarded(interaction, self.act, self.title)

"""/roll and /rolloff."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.errors import VoxError
from bot.play import log_words, rolls
from bot.rules.pools import Reroll, roll_off
from bot.tally import describe
from bot.ui.actors import actor
from bot.ui.dice.buttons import RerollButton, RollAgainButton, send_roll
from bot.ui.dice.embeds import rolloff_embed
from bot.ui.transformers import LabelOption, RerollOption, RollOption, TargetOption


class DiceCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    @app_commands.command(name="roll")
    @app_commands.describe(
        dice="The whole roll: 10D6 3+, 10D6 4+ reroll 1s, 3D6 dl1, 2D6+D3, 6x 2D6, D6 9-",
        target="Count dice one by one: 3+ (3 or more) or 9- (9 or less)",
        reroll="Re-roll 1s, failed dice (needs a target) or all dice, once each",
        label="What the roll is for, e.g. Bolter hits",
        secret="Only you see the result",
    )
    async def roll(
        self,
        interaction: discord.Interaction[VoxBot],
        dice: RollOption,
        target: TargetOption | None = None,
        reroll: RerollOption | None = None,
        label: LabelOption | None = None,
        secret: bool = False,
    ) -> None:
        """Roll dice the way 40k rolls them: a total, or successes against a target like 3+."""
        spec = dice.with_options(target, Reroll(reroll) if reroll else None)
        done = await rolls.roll(self.bot, actor(interaction), spec, label, secret)
        await send_roll(interaction, done)

    @app_commands.command(name="rolloff")
    @app_commands.describe(opponent="Who you are rolling off against")
    async def rolloff(
        self, interaction: discord.Interaction[VoxBot], opponent: discord.User | None = None
    ) -> None:
        """Roll off: both players roll a D6, ties roll again, highest wins."""
        if opponent is not None and opponent.id == interaction.user.id:
            raise VoxError("Roll off against someone else: pick your opponent, not yourself.")
        first = interaction.user.display_name
        second = opponent.display_name if opponent else "Opponent"
        off = roll_off(self.bot.dice)
        describe(*log_words.roll_off(f"{first} v {second}", off, (first, second)))
        embed = rolloff_embed(off, first, second)
        await interaction.response.send_message(embed=embed)


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(RerollButton, RollAgainButton)
    await bot.add_cog(DiceCog(bot))

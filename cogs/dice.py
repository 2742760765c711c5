"""/roll and /rolloff."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.errors import VoxError
from bot.play import rolls
from bot.rules.pools import PoolRoll, Reroll, roll_off
from bot.ui.actors import actor
from bot.ui.dice.buttons import RerollButton, reroll_view
from bot.ui.dice.embeds import expression_embed, pool_embed, rolloff_embed
from bot.ui.transformers import DiceOption, LabelOption, RerollOption, TargetOption


class DiceCog(commands.Cog):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot

    @app_commands.command(name="roll")
    @app_commands.describe(
        dice="Dice to roll: D6, 10D6, 2D6+1, D3, D33, 3D6-1, 2D6+D3, D6*2, D20",
        target="Count dice one by one: 3+ (3 or more) or 9- (9 or less)",
        reroll="Re-roll 1s, failed dice (needs a target) or all dice, once each",
        label="What the roll is for, e.g. Bolter hits",
        secret="Only you see the result",
    )
    async def roll(
        self,
        interaction: discord.Interaction[VoxBot],
        dice: DiceOption,
        target: TargetOption | None = None,
        reroll: RerollOption | None = None,
        label: LabelOption | None = None,
        secret: bool = False,
    ) -> None:
        """Roll dice the way 40k rolls them: a total, or successes against a target like 3+."""
        how = Reroll(reroll) if reroll else None
        done = await rolls.roll(self.bot, actor(interaction), dice, target, how, label)
        name = interaction.user.display_name
        if not isinstance(done.roll, PoolRoll):
            embed = expression_embed(done.roll, name, label)
            await interaction.response.send_message(embed=embed, ephemeral=secret)
            return
        embed = pool_embed(done.roll, name, label)
        if done.kept is None:  # nothing to re-roll, or too big to keep (see bot/store/rolls.py)
            await interaction.response.send_message(embed=embed, ephemeral=secret)
            return
        view = reroll_view(done.kept, done.roll)
        await interaction.response.send_message(embed=embed, view=view, ephemeral=secret)

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
        embed = rolloff_embed(roll_off(self.bot.dice), first, second)
        await interaction.response.send_message(embed=embed)


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(RerollButton)
    await bot.add_cog(DiceCog(bot))

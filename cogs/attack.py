"""/attack (real dice, every stage shown, with its exact odds) and /odds (the distribution)."""

from __future__ import annotations

import discord

from bot.client import VoxBot
from bot.play.attack import Typed, attack, planned
from bot.ui.actors import actor
from bot.ui.attack.answers import answer_attack, answer_odds
from bot.ui.attack.options import attack_command


async def respond_attack(
    interaction: discord.Interaction[VoxBot], typed: Typed, secret: bool
) -> None:
    await answer_attack(
        interaction, await attack(interaction.client, actor(interaction), typed), secret
    )


async def respond_odds(
    interaction: discord.Interaction[VoxBot], typed: Typed, secret: bool
) -> None:
    plan = await planned(interaction.client, interaction.channel_id or 0, typed)
    await answer_odds(interaction, plan, secret)


ATTACK_DESCRIPTION = (
    "Roll a whole attack: hits, wounds, saves, damage, every die shown, with its odds"
)
ODDS_DESCRIPTION = (
    "Exact odds of an attack: hits, wounds, damage and models destroyed, with a chart"
)


async def setup(bot: VoxBot) -> None:
    bot.tree.add_command(attack_command("attack", ATTACK_DESCRIPTION, respond_attack))
    bot.tree.add_command(attack_command("odds", ODDS_DESCRIPTION, respond_odds))


async def teardown(bot: VoxBot) -> None:
    bot.tree.remove_command("attack")
    bot.tree.remove_command("odds")

"""/attack (in a game: the phase's weapons, the rules' warnings, then a compact card with Details
and Chart) and /odds (the distribution, with its chart)."""

from __future__ import annotations

import discord

from bot.client import VoxBot
from bot.play.attack import Typed, planned
from bot.ui.actors import actor
from bot.ui.attack.answers import answer_odds
from bot.ui.attack.choose import AnywayButton, AttackButton, WeaponSelect, answer_attack
from bot.ui.attack.details import ChartButton, DetailsButton
from bot.ui.attack.options import attack_command


async def respond_attack(
    interaction: discord.Interaction[VoxBot], typed: Typed, secret: bool
) -> None:
    await answer_attack(interaction, typed, secret)


async def respond_odds(
    interaction: discord.Interaction[VoxBot], typed: Typed, secret: bool
) -> None:
    plan = await planned(interaction.client, actor(interaction), typed)
    await answer_odds(interaction, plan, secret)


ATTACK_DESCRIPTION = (
    "Roll a whole attack: hits, wounds, saves, damage; in a game, the phase's weapons"
)
ODDS_DESCRIPTION = (
    "Exact odds of an attack: hits, wounds, damage and models destroyed, with a chart"
)
COMPONENTS = (WeaponSelect, AttackButton, AnywayButton, DetailsButton, ChartButton)


async def setup(bot: VoxBot) -> None:
    bot.tree.add_command(attack_command("attack", ATTACK_DESCRIPTION, respond_attack))
    bot.tree.add_command(attack_command("odds", ODDS_DESCRIPTION, respond_odds))
    bot.add_dynamic_items(*COMPONENTS)


async def teardown(bot: VoxBot) -> None:
    bot.tree.remove_command("attack")
    bot.tree.remove_command("odds")
    bot.remove_dynamic_items(*COMPONENTS)

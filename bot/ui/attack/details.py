"""The buttons under an attack's card: "Details" (every die, privately) and "Chart" (the odds
chart with this roll marked, privately): `vox:atk:dice:<token>`, `vox:atk:chart:<token>`. Anyone
may press them; the dice are kept in the bot's memo (`kept.Shown`) for a while."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import discord

from bot.memo import TOKEN_PATTERN
from bot.rules.odds import Odds
from bot.ui.attack.embeds import attack_embed
from bot.ui.attack.kept import shown
from bot.ui.attack.odds import CHART_NAME, chart_file
from bot.ui.attack.work import odds_and_chart, unavailable
from bot.ui.components import Component, VoxInteraction
from bot.ui.replies import answer_when_ready


def details_view(token: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(DetailsButton(token))
    view.add_item(ChartButton(token))
    return view


async def _odds_or_why(interaction: VoxInteraction, token: str) -> Odds | str:
    found = shown(interaction, token)
    try:
        odds, _ = await odds_and_chart(
            interaction.client, found.done.plan, found.done.result, interaction.user.id
        )
    except Exception as error:
        return unavailable(error)
    return odds


class DetailsButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"vox:atk:dice:(?P<token>{TOKEN_PATTERN})",
):
    def __init__(self, token: str) -> None:
        super().__init__(
            discord.ui.Button(
                label="Details",
                emoji="🎲",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:atk:dice:{token}",
            )
        )
        self.token = token

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DetailsButton:
        return cls(match.group("token"))

    async def act(self, interaction: VoxInteraction) -> None:
        found = shown(interaction, self.token)
        work = asyncio.ensure_future(_odds_or_why(interaction, self.token))
        odds, send = await answer_when_ready(interaction, work, ephemeral=True)
        done = found.done
        embed = attack_embed(
            done.result, done.plan.spec, done.plan.edition, found.roller,
            odds=odds, tracked=found.tracked,
        )  # fmt: skip
        await send(embed=embed, ephemeral=True)


class ChartButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"vox:atk:chart:(?P<token>{TOKEN_PATTERN})",
):
    def __init__(self, token: str) -> None:
        super().__init__(
            discord.ui.Button(
                label="Chart",
                emoji="📊",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:atk:chart:{token}",
            )
        )
        self.token = token

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChartButton:
        return cls(match.group("token"))

    async def act(self, interaction: VoxInteraction) -> None:
        done = shown(interaction, self.token).done
        work = asyncio.ensure_future(
            odds_and_chart(interaction.client, done.plan, done.result, interaction.user.id)
        )
        (_, png), send = await answer_when_ready(interaction, work, ephemeral=True)
        embed = discord.Embed(title=f"📊 This attack's odds — {done.plan.edition} edition")
        embed.set_image(url=f"attachment://{CHART_NAME}")
        await send(embed=embed, file=chart_file(png), ephemeral=True)

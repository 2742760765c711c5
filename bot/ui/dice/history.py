"""/rolls history: a page of the channel's rolls, and the ◀ Newer / Older ▶ buttons that page it.

A button's custom id names the roll its page is anchored on (`vox:rolls:older:<id>`: the rolls
just older than that one), so paging works after a restart and from a page left open for days;
anyone in the channel may page, and a page edits the message in place. What members typed (names,
labels, what was rolled) is escaped for markdown and cut so ten lines always fit in one embed.
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord.utils import escape_markdown

from bot.play import roll_history
from bot.play.roll_history import HistoryPage
from bot.rules.quote import shorten
from bot.ui.components import Component, VoxInteraction
from bot.ui.dice.embeds import ROLL_COLOUR

# The most characters of each part a line shows, once escaped: ten lines of at most ~330
# characters stay well inside an embed description's 4,096.
NAME, WHAT, LABEL, RESULT = 40, 90, 50, 110
EMPTY = (
    "No rolls in this channel yet: /roll, /attack, tests and charges made here show up "
    "in /rolls history."
)
FOOTER = "Newest first · secret rolls are never shown"


def escaped(text: str, limit: int) -> str:
    """`text` escaped for markdown, cut (at a word, with "…") to at most `limit` characters."""
    cut = limit
    shown = escape_markdown(shorten(text, cut))
    while len(shown) > limit:  # escaping at most doubles a character: cut half the excess
        cut -= max(1, (len(shown) - limit + 1) // 2)
        shown = escape_markdown(shorten(text, cut))
    return shown


def line(roll: roll_history.LoggedRoll) -> str:
    """`<when> · **Alice** · /roll 10D6 3+ (Bolter hits) — **7 successes of 10**`."""
    e = roll.entry
    what = e.what if e.what.startswith(e.command) else f"{e.command} {e.what}"
    label = f" ({escaped(e.label, LABEL)})" if e.label else ""
    when = f"<t:{int(roll.at.timestamp())}:R>"
    return (
        f"{when} · **{escaped(e.user_name, NAME)}** · {escaped(what, WHAT)}{label} — "
        f"**{escaped(e.result, RESULT)}**"
    )


def history_embed(page: HistoryPage) -> discord.Embed:
    """The page's rolls, newest first, one line each; an empty channel says so in a sentence."""
    embed = discord.Embed(title="🎲 Rolls in this channel", colour=ROLL_COLOUR)
    embed.description = "\n".join(line(r) for r in page.rolls) if page.rolls else EMPTY
    if page.rolls:
        embed.set_footer(text=FOOTER)
    return embed


class HistoryButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:rolls:(?P<way>older|newer):(?P<id>\d{1,18})",
):
    """Shows the page of rolls just older (or newer) than roll `anchor`, in place."""

    def __init__(self, way: str, anchor: int, *, disabled: bool = False) -> None:
        super().__init__(
            discord.ui.Button(
                label="Older ▶" if way == "older" else "◀ Newer",
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:rolls:{way}:{anchor}",
                disabled=disabled,
            )
        )
        self.way, self.anchor = way, anchor

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HistoryButton:
        return cls(match.group("way"), int(match.group("id")))

    async def act(self, interaction: VoxInteraction) -> None:
        older = self.way == "older"
        page = await roll_history.history(
            interaction.client,
            interaction.channel_id or 0,
            before=self.anchor if older else None,
            after=None if older else self.anchor,
        )
        await interaction.response.edit_message(embed=history_embed(page), view=history_view(page))


def history_view(page: HistoryPage) -> discord.ui.View | None:
    """◀ Newer and Older ▶, each disabled when there is nothing that way; none for no rolls."""
    if not page.rolls:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryButton("newer", page.rolls[0].id, disabled=not page.newer))
    view.add_item(HistoryButton("older", page.rolls[-1].id, disabled=not page.older))
    return view

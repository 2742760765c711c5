"""7th edition's Deny the Witch: a select of how many dice the opponent rolls from their pool,
each option with its exact chance to deny
(`vox:deny7:<caster>:<successes>:<warp charge>:<deny on>[:<game>:<seq>]`). Everything it needs
is in the custom_id and the log, so it survives a restart; what it does is `bot.play.psychic7`."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.play import psychic7
from bot.rules.psychic7 import MAX_WARP_DICE, WarpTest
from bot.ui.actors import actor
from bot.ui.components import Component, VoxInteraction
from bot.ui.psychic.buttons import edit_power, message_id
from bot.ui.psychic.warp import deny_odds, dice_count, warp_deny_text

DENY_TITLE = "🛡️ Deny the Witch"


def warp_deny_view(
    caster: int, test: WarpTest, deny_on: int, game_id: int | None, seq: int | None
) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    tracked = (game_id, seq) if game_id is not None and seq is not None else None
    power = (test.successes, test.warp_charge, deny_on)
    view.add_item(WarpDenySelect(caster, power, tracked, _options(*power)))
    return view


def _options(successes: int, warp_charge: int, deny_on: int) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=f"{dice_count(k)}: {deny_odds(successes, warp_charge, deny_on, k)} to deny",
            value=str(k),
        )
        for k in range(1, MAX_WARP_DICE + 1)
    ]


class WarpDenySelect(
    Component,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"vox:deny7:(?P<caster>\d{1,20}):(?P<successes>\d{1,2}):(?P<wc>\d{1,2}):(?P<on>\d)"
    r"(?::(?P<game>\d{1,18}):(?P<seq>\d{1,9}))?",
):
    """Deny the Witch with dice from the opponent's pool: never the caster, inside a game only
    the caster's opponent, once per power."""

    def __init__(
        self, caster: int, power: tuple[int, int, int], tracked: tuple[int, int] | None = None,
        options: list[discord.SelectOption] | None = None,
    ) -> None:  # fmt: skip
        successes, warp_charge, deny_on = power
        more = f":{tracked[0]}:{tracked[1]}" if tracked else ""
        super().__init__(
            discord.ui.Select(
                placeholder=f"Deny the Witch: dice from your pool, each {deny_on}+ cancels one",
                options=options or [discord.SelectOption(label="1 die", value="1")],
                custom_id=f"vox:deny7:{caster}:{successes}:{warp_charge}:{deny_on}{more}",
            )
        )
        self.caster, self.power, self.tracked = caster, power, tracked

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> WarpDenySelect:
        game, seq = match.group("game"), match.group("seq")
        power = (int(match.group("successes")), int(match.group("wc")), int(match.group("on")))
        tracked = (int(game), int(seq)) if game and seq else None
        return cls(int(match.group("caster")), power, tracked)

    async def act(self, interaction: VoxInteraction) -> None:
        picked = self.item.values[0] if self.item.values else "0"
        dice = int(picked) if picked.isdigit() else 0
        roll = await psychic7.deny(
            interaction.client, actor(interaction), self.caster, self.power, dice, self.tracked,
            message_id(interaction),
        )  # fmt: skip
        await edit_power(
            interaction, DENY_TITLE, warp_deny_text(roll, interaction.user.display_name)
        )

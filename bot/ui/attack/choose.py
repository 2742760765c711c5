"""/attack in a game's turn, privately to the member who typed it: the weapons to pick (a select
menu, the phase's default preselected, and "Attack"), or what the rules forbid (one sentence per
problem, and "Resolve anyway"). The options typed are kept under a token (`kept.Asked`); the
selection travels in the buttons' custom_ids as a bitmask of weapon indexes:
`vox:atk:pick:<token>`, `vox:atk:go:<token>:<mask>`, `vox:atk:any:<token>:<mask>`."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from typing import Any

import discord

from bot.memo import TOKEN_PATTERN
from bot.play.attack import Answer, Ask, Attacked, Offered, Typed, Warned, attack
from bot.rules.errors import IllegalAction
from bot.tally import shown_privately
from bot.ui.actors import actor
from bot.ui.attack.answers import post_card
from bot.ui.attack.kept import Asked, asked, keep_asked
from bot.ui.components import Component, VoxInteraction

MASK = r"\d{1,7}"  # up to 20 weapons a unit
KINDS = {"ranged": "ranged", "pistol": "Pistol", "grenade": "Grenade (one model)", "melee": "melee"}


def mask_of(indexes: Iterable[int]) -> int:
    return sum(1 << i for i in set(indexes))


def indexes_of(mask: int) -> tuple[int, ...]:
    found = tuple(i for i in range(mask.bit_length()) if mask >> i & 1)
    if not found:
        raise IllegalAction("Pick at least one weapon in the menu, then press Attack.")
    return found


async def answer_attack(interaction: VoxInteraction, typed: Typed, secret: bool) -> None:
    """/attack: the card, the weapons to pick, or the warnings."""
    answer = await attack(interaction.client, actor(interaction), Ask(typed))
    await respond(interaction, answer, Asked(interaction.user.id, typed, secret), fresh=True)


async def respond(interaction: VoxInteraction, answer: Answer, kept: Asked, *, fresh: bool) -> None:
    """Show `answer`: a new reply when `fresh` (the slash command), else in place of the private
    message a button is on."""
    if isinstance(answer, Attacked):
        await post_card(interaction, answer, kept.secret, fresh=fresh)
        return
    if isinstance(answer, Offered):
        kept = replace(kept, offered=answer)
        token = keep_asked(interaction, kept, answer.phase_seq)
        content, view = offer_message(answer, token, answer.default)
    else:
        content, view = warn_message(answer, keep_asked(interaction, kept, answer.phase_seq))
    if fresh:
        await interaction.response.send_message(content, view=view, ephemeral=True)
    else:
        await interaction.response.edit_message(content=content, embeds=[], view=view)


def offer_message(
    offered: Offered, token: str, selected: Iterable[int]
) -> tuple[str, discord.ui.View]:
    chosen = set(selected)
    content = (
        f"**{offered.unit}** in the {offered.phase or 'game'}: pick the weapons it attacks "
        "with (the usual ones are picked), then press **Attack**."
    )
    view = discord.ui.View(timeout=None)
    view.add_item(WeaponSelect(token, offered, chosen))
    view.add_item(AttackButton(token, mask_of(chosen)))
    return content, view


def warn_message(warned: Warned, token: str) -> tuple[str, discord.ui.View]:
    lines = "\n".join(f"• {p}" for p in warned.problems)
    content = (
        f"⚠️ The rules forbid this attack by **{warned.unit}**:\n{lines}\n"
        "Press **Resolve anyway** if a rule of your game allows it."
    )[:2000]
    view = discord.ui.View(timeout=None)
    view.add_item(AnywayButton(token, mask_of(warned.weapons)))
    return content, view


class WeaponSelect(
    Component,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=rf"vox:atk:pick:(?P<token>{TOKEN_PATTERN})",
):
    def __init__(
        self, token: str, offered: Offered | None = None, chosen: set[int] | None = None
    ) -> None:
        weapons = offered.weapons if offered else ()
        options = [
            discord.SelectOption(
                label=name[:100], value=str(i), description=KINDS.get(kind, kind),
                default=i in (chosen or set()),
            )
            for i, name, kind in weapons[:25]
        ] or [discord.SelectOption(label="…", value="0")]  # fmt: skip
        super().__init__(
            discord.ui.Select(
                placeholder="The weapons that attack",
                options=options,
                min_values=1,
                max_values=len(options),
                custom_id=f"vox:atk:pick:{token}",
            )
        )
        self.token = token

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> WeaponSelect:
        return cls(match.group("token"))

    async def act(self, interaction: VoxInteraction) -> None:
        kept = asked(interaction, self.token)
        if kept.offered is None:
            raise IllegalAction("This /attack has no weapons to pick; type /attack again.")
        picked = indexes_of(mask_of(int(v) for v in self.item.values))
        content, view = offer_message(kept.offered, self.token, picked)
        await interaction.response.edit_message(content=content, view=view)


class _Resolve(Component):
    """Resolve the kept /attack with the weapons in the mask; `anyway`: past the warnings."""

    anyway = False
    token: str
    mask: int

    async def act(self, interaction: VoxInteraction) -> None:
        weapons = indexes_of(self.mask)
        kept = asked(interaction, self.token, done=True)
        shown_privately(kept.secret)  # the /attack's `secret`, for the roll log
        ask = Ask(kept.typed, weapons, anyway=self.anyway, phase_seq=kept.phase_seq)
        answer = await attack(interaction.client, actor(interaction), ask)
        await respond(interaction, answer, kept, fresh=False)


class AttackButton(
    _Resolve,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"vox:atk:go:(?P<token>{TOKEN_PATTERN}):(?P<mask>{MASK})",
):
    def __init__(self, token: str, mask: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Attack", emoji="⚔️", style=discord.ButtonStyle.primary,
                custom_id=f"vox:atk:go:{token}:{mask}", disabled=mask == 0,
            )
        )  # fmt: skip
        self.token, self.mask = token, mask

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AttackButton:
        return cls(match.group("token"), int(match.group("mask")))


class AnywayButton(
    _Resolve,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=rf"vox:atk:any:(?P<token>{TOKEN_PATTERN}):(?P<mask>{MASK})",
):
    anyway = True

    def __init__(self, token: str, mask: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Resolve anyway", style=discord.ButtonStyle.danger,
                custom_id=f"vox:atk:any:{token}:{mask}",
            )
        )  # fmt: skip
        self.token, self.mask = token, mask

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> AnywayButton:
        return cls(match.group("token"), int(match.group("mask")))

"""The post-battle sequence's components: Out of Action choices (buttons), Marked for Greatness
(a select menu) and naming a Battle Honour (a button opening a form); what they do is in
`bot.play.campaign_aftermath`.

Custom ids hold the campaign, the battle and the card's place among the battle's fielded units,
so they work after a restart; a component from a finished sequence says so instead of acting.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.campaign import CampaignState, Step
from bot.campaign.aftermath import MAX_HONOUR
from bot.play import campaign_aftermath as aftermath
from bot.play.campaign_aftermath import DEVASTATING_BLOW, Next
from bot.ui.actors import actor
from bot.ui.campaign.aftermath_embeds import answered_embed, done_embed, next_embed
from bot.ui.campaign.embeds import SEQUENCE
from bot.ui.components import Component, Form, VoxInteraction
from bot.ui.mentions import only

NONE = "-"


def step_view(campaign_id: int, state: CampaignState, step: Step) -> discord.ui.View | None:
    """The components a person's step needs (None for Vox's own steps)."""
    battle = state.battles[step.battle - 1]
    view = discord.ui.View(timeout=None)
    if step.kind == "out_of_action" and step.card is not None:
        index = battle.all_fielded.index(step.card)
        view.add_item(OutOfActionButton(campaign_id, step.battle, index, "d"))
        for scar in step.scars:
            code = f"s{state.rules.scars.index(scar)}"
            view.add_item(OutOfActionButton(campaign_id, step.battle, index, code, scar))
    elif step.kind == "marked_for_greatness" and step.player is not None:
        view.add_item(MarkSelect(campaign_id, step.battle, step.player, step.choices))
    elif step.kind == "battle_honour" and step.card is not None:
        index = battle.all_fielded.index(step.card)
        view.add_item(HonourButton(campaign_id, step.battle, index))
    else:
        return None
    return view


async def send_next(interaction: discord.Interaction[Any], after: Next) -> None:
    """Post what the sequence needs next (asking its player), or its end; either shows what Vox's
    steps just changed."""
    if after.step is None:
        embed = done_embed(after.state, after.battle, after.appended)
        await interaction.followup.send(embed=embed)
        return
    view = step_view(after.campaign_id, after.state, after.step)
    await interaction.followup.send(
        embed=next_embed(after.state, after.step, after.appended),
        view=view or discord.utils.MISSING,
        allowed_mentions=only(after.step.player),  # the player this step asks to choose
    )


async def _answered(interaction: VoxInteraction, after: Next) -> None:
    """Show the choice on this message in place of its question and components, then post what
    the sequence needs next."""
    answer = answered_embed(after.appended[0]) if after.appended else None
    shown = interaction.message.embeds if interaction.message else []
    if answer is not None:  # the step's embed is the last (a /campaign status shows its own first)
        shown = [*(_settled(e) for e in shown[:-1]), answer]
    await interaction.response.edit_message(embeds=shown, view=None)
    await send_next(interaction, after)


def _settled(embed: discord.Embed) -> discord.Embed:
    """A status shown with a step, without its line on what the sequence waits for."""
    for index in reversed(range(len(embed.fields))):
        if embed.fields[index].name == SEQUENCE:
            embed.remove_field(index)
    return embed


class OutOfActionButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:ooa:(?P<cid>\d{1,18}):(?P<battle>\d{1,6}):(?P<card>\d{1,3}):(?P<code>d|s\d{1,2})",
):
    def __init__(self, cid: int, battle: int, card: int, code: str, scar: str = "") -> None:
        label = "Devastating Blow" if code == "d" else f"Battle Scar: {scar}"[:80]
        style = discord.ButtonStyle.danger if code == "d" else discord.ButtonStyle.secondary
        super().__init__(
            discord.ui.Button(
                label=label, style=style, custom_id=f"vox:ooa:{cid}:{battle}:{card}:{code}"
            )
        )
        self.cid, self.battle, self.card, self.code = cid, battle, card, code

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OutOfActionButton:
        cid, battle, card = (int(match.group(k)) for k in ("cid", "battle", "card"))
        return cls(cid, battle, card, match.group("code"))

    async def act(self, interaction: VoxInteraction) -> None:
        scar = DEVASTATING_BLOW if self.code == "d" else int(self.code[1:])
        after = await aftermath.out_of_action(
            interaction.client, actor(interaction), self.cid, self.battle, self.card, scar
        )
        await _answered(interaction, after)


class MarkSelect(
    Component,
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"vox:mark:(?P<cid>\d{1,18}):(?P<battle>\d{1,6}):(?P<player>\d{1,20})",
):
    def __init__(self, cid: int, battle: int, player: int, cards: tuple[str, ...] = ()) -> None:
        options = [discord.SelectOption(label=c[:100], value=c[:100]) for c in cards[:24]]
        options.append(discord.SelectOption(label="No unit this time", value=NONE))
        super().__init__(
            discord.ui.Select(
                placeholder="Marked for Greatness: the unit that earns +3 XP",
                options=options,
                custom_id=f"vox:mark:{cid}:{battle}:{player}",
            )
        )
        self.cid, self.battle, self.player = cid, battle, player

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MarkSelect:
        cid, battle, player = (int(match.group(k)) for k in ("cid", "battle", "player"))
        return cls(cid, battle, player)

    async def act(self, interaction: VoxInteraction) -> None:
        values = self.item.values
        picked = None if not values or values[0] == NONE else values[0]
        after = await aftermath.mark_for_greatness(
            interaction.client, actor(interaction), self.cid, self.battle, self.player, picked
        )
        await _answered(interaction, after)


class HonourButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:honour:(?P<cid>\d{1,18}):(?P<battle>\d{1,6}):(?P<card>\d{1,3})",
):
    def __init__(self, cid: int, battle: int, card: int) -> None:
        super().__init__(
            discord.ui.Button(
                label="Name the Battle Honour",
                emoji="🏅",
                style=discord.ButtonStyle.primary,
                custom_id=f"vox:honour:{cid}:{battle}:{card}",
            )
        )
        self.cid, self.battle, self.card = cid, battle, card

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HonourButton:
        cid, battle, card = (int(match.group(k)) for k in ("cid", "battle", "card"))
        return cls(cid, battle, card)

    async def act(self, interaction: VoxInteraction) -> None:
        card = await aftermath.honoured_card(
            interaction.client, actor(interaction), self.cid, self.battle, self.card
        )
        await interaction.response.send_modal(HonourForm(self.cid, self.battle, card))


class HonourForm(Form):
    """The Battle Honour's name, typed by the unit's owner (from their Crusade book)."""

    honour: discord.ui.TextInput[HonourForm] = discord.ui.TextInput(
        label="Battle Honour",
        placeholder="e.g. Hunters of the Foe",
        max_length=MAX_HONOUR,
        custom_id="honour",
    )

    def __init__(self, cid: int, battle: int, card: str) -> None:
        super().__init__(title=f"Battle Honour — {card}"[:45], custom_id=f"vox:hf:{cid}:{battle}")
        self.cid, self.battle, self.card = cid, battle, card

    async def act(self, interaction: VoxInteraction) -> None:
        after = await aftermath.honour(
            interaction.client,
            actor(interaction),
            self.cid,
            self.battle,
            self.card,
            self.honour.value,
        )
        await _answered(interaction, after)

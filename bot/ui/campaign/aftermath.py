"""The post-battle sequence's components: Out of Action choices (buttons), Marked for Greatness
(a select menu) and naming a Battle Honour (a button opening a form).

Custom ids hold the campaign, the battle and the card's place among the battle's fielded units,
so they work after a restart; a component from a finished sequence says so instead of acting.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

import discord

from bot.campaign import (
    CampaignState,
    Step,
    choose_out_of_action,
    fold,
    mark,
    name_honour,
    pending,
)
from bot.campaign.aftermath import MAX_HONOUR
from bot.campaign.events import AftermathFinished, OutOfActionChoice, Recorded
from bot.chronicle import Book
from bot.errors import Stale, VoxError
from bot.ui.components import Component
from bot.ui.mentions import only
from bot.ui.replies import report_error

if TYPE_CHECKING:
    from bot.client import VoxBot

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


async def _open(interaction: discord.Interaction, campaign_id: int, battle: int) -> Book:
    """The campaign, if the post-battle sequence of `battle` is still open."""
    bot = cast("VoxBot", interaction.client)
    book = await bot.chronicle.by_id(campaign_id)
    if book is None or book.state.aftermath is None or book.state.aftermath.battle != battle:
        raise Stale("That post-battle sequence is over; see /campaign status.")
    return book


def recap(book: Book, events: Sequence[Recorded]) -> discord.Embed:
    """The finished sequence's recap, from the state just before it closed (which still holds
    its rolls, marks and honours); `events` is the campaign's whole log."""
    from bot.ui.campaign.embeds import aftermath_done_embed

    closed = bool(events) and isinstance(events[-1].event, AftermathFinished)
    state = fold(events[:-1]) if closed else book.state
    return aftermath_done_embed(state, len(book.state.battles))


def is_admin(interaction: discord.Interaction, state: CampaignState) -> bool:
    """The campaign's creator or a member with Manage Server administer it."""
    return interaction.user.id == state.creator or interaction.permissions.manage_guild


async def _next(interaction: discord.Interaction, campaign_id: int, book: Book) -> None:
    """Take this message's components away and post what the sequence needs next."""
    from bot.ui.campaign.embeds import step_embed

    await interaction.response.edit_message(view=None)
    step = pending(book.state)
    if step is None:
        bot = cast("VoxBot", interaction.client)
        await interaction.followup.send(embed=recap(book, await bot.chronicle.history(book)))
        return
    view = step_view(campaign_id, book.state, step)
    embed = step_embed(book.state, step)
    await interaction.followup.send(
        embed=embed, view=view or discord.utils.MISSING, allowed_mentions=only(step.player)
    )


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

    async def act(self, interaction: discord.Interaction) -> None:
        book = await _open(interaction, self.cid, self.battle)
        state = book.state
        card = _card(state, self.battle, self.card)
        scar = None if self.code == "d" else _scar(state, int(self.code[1:]))
        choice: OutOfActionChoice = "devastating_blow" if self.code == "d" else "battle_scar"
        admin = is_admin(interaction, state)
        bot = cast("VoxBot", interaction.client)
        after = await bot.chronicle.act(
            self.cid,
            interaction.user.id,
            lambda s: choose_out_of_action(
                s, card, choice, scar, actor=interaction.user.id, admin=admin
            ),
        )
        await _next(interaction, self.cid, after)


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

    async def act(self, interaction: discord.Interaction) -> None:
        book = await _open(interaction, self.cid, self.battle)
        values = self.item.values
        picked = None if not values or values[0] == NONE else values[0]
        admin = is_admin(interaction, book.state)
        bot = cast("VoxBot", interaction.client)
        after = await bot.chronicle.act(
            self.cid,
            interaction.user.id,
            lambda s: mark(s, self.player, picked, actor=interaction.user.id, admin=admin),
        )
        await _next(interaction, self.cid, after)


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

    async def act(self, interaction: discord.Interaction) -> None:
        book = await _open(interaction, self.cid, self.battle)
        card = _card(book.state, self.battle, self.card)
        found = book.state.card(card)
        if found is None or (
            interaction.user.id != found.owner and not is_admin(interaction, book.state)
        ):
            owner = f"<@{found.owner}>" if found else "Its owner"
            raise VoxError(f"{owner} names {card}'s Battle Honour.")
        await interaction.response.send_modal(HonourForm(self.cid, self.battle, card))


class HonourForm(discord.ui.Modal):
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

    async def on_submit(self, interaction: discord.Interaction) -> None:
        try:
            book = await _open(interaction, self.cid, self.battle)
            admin = is_admin(interaction, book.state)
            bot = cast("VoxBot", interaction.client)
            name, text = self.card, self.honour.value
            after = await bot.chronicle.act(
                self.cid,
                interaction.user.id,
                lambda s: name_honour(s, name, text, actor=interaction.user.id, admin=admin),
            )
            await _next(interaction, self.cid, after)
        except Exception as error:
            await report_error(interaction, error)


def _card(state: CampaignState, battle: int, index: int) -> str:
    fielded = state.battles[battle - 1].all_fielded
    if not 0 <= index < len(fielded):
        raise Stale("That unit is not part of this battle; see /campaign status.")
    return fielded[index]


def _scar(state: CampaignState, index: int) -> str:
    scars = state.rules.scars
    if not 0 <= index < len(scars):
        raise Stale("That Battle Scar is unknown; see /campaign status.")
    return scars[index]

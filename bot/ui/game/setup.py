"""Eternum set-up buttons (seed 004): the roll-off winner picks the Attacker
(`vox:role:<game>:<chooser>:<attacker>`), then a player says who finished deploying first
(`vox:deployed:<game>:<player>`), which rolls the first-turn roll-off with that player's +1; its
winner chooses who goes first with the usual buttons. Each step is an undoable game event. Also
the roll-off message itself (`send_offer`), as /game start and these buttons post it."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.play import pregame
from bot.play.pregame import Offer
from bot.ui.actors import actor
from bot.ui.components import Component, VoxInteraction
from bot.ui.dice.embeds import rolloff_embed
from bot.ui.game.buttons import first_player_view
from bot.ui.game.embeds import who
from bot.ui.mentions import only

FIRST_TURN = "🎲 Roll-off for the first turn"


async def send_offer(
    interaction: discord.Interaction[Any], offer: Offer, names: dict[int, str]
) -> None:
    """The roll-off, and the buttons its winner answers with: the Attacker, or who goes first.
    `names`: the players' display names (a player left out is mentioned, or labelled by role)."""
    first, second = (named(names, p) for p in offer.players)
    plus = offer.deployed_first
    title = "🎲 Roll-off" if plus is None else FIRST_TURN
    embed = rolloff_embed(offer.rolloff, first, second, title=title)
    lead = "" if plus is None else f"{who(plus)} finished deploying first: +1 to their roll.\n"
    ask = "pick the Attacker" if offer.roles else "choose who takes the first turn"
    embed.description = f"{lead}{embed.description}\n\n{who(offer.chooser)}, {ask}."
    labels = {p: labelled(names, offer.players, p) for p in offer.players}
    if offer.roles:
        view = roles_view(offer.game_id, offer.chooser, labels)
    else:
        view = first_player_view(offer.game_id, offer.chooser, offer.players, labels)
    await interaction.response.send_message(
        embed=embed, view=view, allowed_mentions=only(offer.chooser)
    )


def roles_view(game_id: int, chooser: int, labels: dict[int, str]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for player, name in labels.items():
        view.add_item(RoleButton(game_id, chooser, player, name))
    return view


def deployed_view(game_id: int, labels: dict[int, str]) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for player, name in labels.items():
        view.add_item(DeployedButton(game_id, player, name))
    return view


ATTACKER, DEPLOYED, GOES_FIRST = " is the Attacker", " finished deploying first", " goes first"
# Who a player is when nothing names them (never "Player 1": that reads as a turn order).
UNNAMED = ("The game's starter", "Their opponent")


def labelled(names: dict[int, str], players: tuple[int, ...], player: int) -> str:
    """A player's name for a button label (labels cannot mention): the display name, else who
    they are in this game."""
    return names.get(player) or UNNAMED[players.index(player) % 2]


def named(names: dict[int, str], player: int) -> str:
    """A player's name in a message's text: the display name, else a mention."""
    return names.get(player) or who(player)


def player_names(interaction: discord.Interaction[Any], players: tuple[int, ...]) -> dict[int, str]:
    """The players' display names as the interaction carries them: the member who acted, the
    guild's cached members, and the labels of the set-up buttons on the message they pressed
    (written from the users /game start resolved). Anyone none of these names is left out."""
    names = _from_buttons(interaction.message, players)
    guild = interaction.guild
    for player in players:
        member = guild.get_member(player) if guild else None
        if member is not None:
            names[player] = member.display_name
    if interaction.user.id in players:
        names[interaction.user.id] = interaction.user.display_name
    return names


SETUP_BUTTON = re.compile(r"vox:(?:role|deployed|first):[\d:]*:(?P<player>\d{1,20})")


def _from_buttons(message: discord.Message | None, players: tuple[int, ...]) -> dict[int, str]:
    """Names from this message's set-up buttons: `<name> is the Attacker` on `vox:role:…:<id>`."""
    names: dict[int, str] = {}
    for row in message.components if message is not None else []:
        for item in getattr(row, "children", ()):
            found = SETUP_BUTTON.fullmatch(getattr(item, "custom_id", None) or "")
            label = getattr(item, "label", None) or ""
            player = int(found.group("player")) if found else None
            for suffix in (ATTACKER, DEPLOYED, GOES_FIRST):
                if player in players and label.endswith(suffix) and label != suffix.strip():
                    names[player] = label.removesuffix(suffix)
    return names


class RoleButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:role:(?P<game>\d{1,18}):(?P<chooser>\d{1,20}):(?P<attacker>\d{1,20})",
):
    def __init__(self, game_id: int, chooser: int, attacker: int, name: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=f"{name}{ATTACKER}"[:80] if name else ATTACKER.strip(),
                emoji="⚔️",
                style=discord.ButtonStyle.primary,
                custom_id=f"vox:role:{game_id}:{chooser}:{attacker}",
            )
        )
        self.game_id, self.chooser, self.attacker = game_id, chooser, attacker

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RoleButton:
        game, chooser, attacker = (int(match.group(k)) for k in ("game", "chooser", "attacker"))
        return cls(game, chooser, attacker)

    async def act(self, interaction: VoxInteraction) -> None:
        state = await pregame.pick_attacker(
            interaction.client, actor(interaction), self.game_id, self.chooser, self.attacker
        )
        text = (
            f"⚔️ {who(self.attacker)} is the **Attacker**, {who(state.other(self.attacker))} the "
            "**Defender**. Deploy now. The player who finishes deploying first gets +1 to the "
            "roll-off for the first turn: press their button when they are done."
        )
        names = player_names(interaction, state.players)
        labels = {p: labelled(names, state.players, p) for p in state.players}
        view = deployed_view(self.game_id, labels)
        both = only(*state.players)  # both players are asked to deploy now
        await interaction.response.send_message(text, view=view, allowed_mentions=both)


class DeployedButton(
    Component,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"vox:deployed:(?P<game>\d{1,18}):(?P<player>\d{1,20})",
):
    def __init__(self, game_id: int, player: int, name: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=f"{name}{DEPLOYED}"[:80] if name else DEPLOYED.strip(),
                style=discord.ButtonStyle.secondary,
                custom_id=f"vox:deployed:{game_id}:{player}",
            )
        )
        self.game_id, self.player = game_id, player

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> DeployedButton:
        return cls(int(match.group("game")), int(match.group("player")))

    async def act(self, interaction: VoxInteraction) -> None:
        offer = await pregame.finish_deploying(
            interaction.client, actor(interaction), self.game_id, self.player
        )
        await send_offer(interaction, offer, player_names(interaction, offer.players))

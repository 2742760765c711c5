"""/game start|next|undo|end: the channel's game tracker, with the reads (status, log, summary)
from `cogs.game_review`."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.play import game, pregame
from bot.play.pregame import NewGame, Offer
from bot.ui.actors import actor
from bot.ui.campaign.options import CampaignName, complete_campaigns
from bot.ui.game import live
from bot.ui.game.buttons import FirstPlayerButton
from bot.ui.game.embeds import who
from bot.ui.game.live import NextPhaseButton
from bot.ui.game.setup import DeployedButton, RoleButton, send_offer
from bot.ui.transformers import Choice, NameText
from cogs.game_field import GameFieldCommands
from cogs.game_review import GameReviewCommands

Mission = app_commands.Transform[str, NameText("the mission", 100)]
EditionName = app_commands.Transform[str, Choice("an edition", ("9th", "10th", "7th", "eternum"))]
MAX_SEQ = 2**31 - 1  # a change's number, as undo names it
FirstTurn = app_commands.Transform[str, Choice("who goes first", ("rolloff", "me", "opponent"))]
SIZES = ("Combat Patrol", "Incursion", "Strike Force", "Onslaught")  # 9th: data/editions/9th.json
BattleSize = app_commands.Transform[str, Choice("a battle size", SIZES)]


class GameCog(
    GameReviewCommands,
    GameFieldCommands,
    commands.GroupCog,
    group_name="game",
    group_description="Track the game in this channel",
):
    def __init__(self, bot: VoxBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="start")
    @app_commands.describe(
        opponent="Who you are playing", edition="Rules edition (default: DEFAULT_EDITION)",
        rounds="Battle rounds (default 5)", mission="The mission, for the log",
        first="Who goes first (default: roll off; in Eternum after Attacker and deployment)",
        battle_forged="9th/Eternum: the active player gains 1 CP per Command phase (default: yes)",
        campaign="Play this game as a battle of a campaign (both players must be in it)",
        battle_size="9th: both players start with its CP (Combat Patrol 3 … Onslaught 18)",
    )  # fmt: skip
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def start(
        self, interaction: discord.Interaction[VoxBot], opponent: discord.User,
        edition: EditionName | None = None, rounds: app_commands.Range[int, 1, 10] = 5,
        mission: Mission | None = None, first: FirstTurn = "rolloff",
        battle_forged: bool | None = None,
        campaign: CampaignName | None = None, battle_size: BattleSize | None = None,
    ) -> None:  # fmt: skip
        """Start a game in this channel against an opponent."""
        new = NewGame(
            opponent.id, opponent.bot, edition=edition, rounds=rounds, mission=mission or "",
            first=first, battle_forged=battle_forged, campaign=campaign,
            battle_size=battle_size,
        )  # fmt: skip
        result = await pregame.start(self.bot, actor(interaction), new)
        if isinstance(result, Offer):
            me = interaction.user
            names = {me.id: me.display_name, opponent.id: opponent.display_name}
            await send_offer(interaction, result, names)
        else:
            await live.show(interaction, result)

    @app_commands.command(name="next")
    async def next(self, interaction: discord.Interaction[VoxBot]) -> None:
        """Move to the next phase; after the last, the other player's turn or the next round."""
        await live.show(interaction, await game.advance(self.bot, actor(interaction)))

    @app_commands.command(name="undo")
    @app_commands.describe(
        change="A moderator taking back someone else's change: its number, as undo names it"
    )
    async def undo(
        self,
        interaction: discord.Interaction[VoxBot],
        change: app_commands.Range[int, 1, MAX_SEQ] | None = None,
    ) -> None:
        """Take back your latest change (a moderator: someone else's, by naming its number)."""
        undone = await game.take_back(self.bot, actor(interaction), change)
        point = undone.point
        whose = "" if point.actor == interaction.user.id else f" ({who(point.actor)}'s)"
        await live.repost(interaction, undone, f"↩️ Undone: #{point.seqs[0]}, {point.what}{whose}.")

    @app_commands.command(name="end")
    @app_commands.describe(
        winner="Who won (default: decided on victory points)",
        concede="You concede: your opponent wins, and the battle report says so",
    )
    async def end(
        self, interaction: discord.Interaction[VoxBot], winner: discord.User | None = None,
        concede: bool = False,
    ) -> None:  # fmt: skip
        """End the game now: a concession or a game cut short."""
        chosen = None if winner is None else winner.id
        result = await game.end(self.bot, actor(interaction), chosen, concede)
        await live.show(interaction, result)


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(FirstPlayerButton, NextPhaseButton, DeployedButton, RoleButton)
    await bot.add_cog(GameCog(bot))

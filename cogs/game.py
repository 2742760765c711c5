"""/game start|status|next|undo|log|end, /cp add|spend and /vp add: the channel's game tracker."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.client import VoxBot
from bot.errors import VoxError
from bot.eventlog import check_undo
from bot.game import end_game, next_phase, start_game, undo
from bot.game.flow import choose_first_player
from bot.rules.deployment import attacker_defender_rolloff
from bot.rules.pools import roll_off
from bot.tracker import in_phase
from bot.ui.campaign.games import campaign_for_start, link
from bot.ui.campaign.options import CampaignName, complete_campaigns
from bot.ui.dice.embeds import rolloff_embed
from bot.ui.game.buttons import FirstPlayerButton, NextPhaseButton, announce, first_player_view
from bot.ui.game.embeds import log_embed, status_embed, who
from bot.ui.game.setup import DeployedButton, RoleButton, roles_view
from bot.ui.mentions import only
from bot.ui.permissions import check_may_change
from bot.ui.transformers import Choice, NameText

Mission = app_commands.Transform[str, NameText("the mission", 100)]
EditionName = app_commands.Transform[str, Choice("an edition", ("9th", "10th", "7th", "eternum"))]
MAX_SEQ = 2**31 - 1  # a change's number, as undo names it
FirstTurn = app_commands.Transform[str, Choice("who goes first", ("rolloff", "me", "opponent"))]


class GameCog(
    commands.GroupCog, group_name="game", group_description="Track the game in this channel"
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
    )  # fmt: skip
    @app_commands.autocomplete(campaign=complete_campaigns)
    async def start(
        self,
        interaction: discord.Interaction,
        opponent: discord.User,
        edition: EditionName | None = None,
        rounds: app_commands.Range[int, 1, 10] = 5,
        mission: Mission | None = None,
        first: FirstTurn = "rolloff",
        battle_forged: bool | None = None,
        campaign: CampaignName | None = None,
    ) -> None:
        """Start a game in this channel against an opponent."""
        if opponent.bot:
            raise VoxError("Pick a player as your opponent, not a bot.")
        me = interaction.user
        book = None
        if campaign:
            players = (me.id, opponent.id)
            book, edition = await campaign_for_start(interaction, campaign, players, edition)
        started = start_game(
            edition or self.bot.settings.default_edition, (me.id, opponent.id),
            rounds=rounds, mission=mission or "",
            options=None if battle_forged is None else {"battle_forged": battle_forged},
        )  # fmt: skip
        channel = interaction.channel_id or 0
        table = await self.bot.tracker.start(interaction.guild_id, channel, started, me.id)
        if book is not None:
            await link(self.bot, table.record.id, book)
        names = {me.id: me.display_name, opponent.id: opponent.display_name}
        if first == "rolloff" and started.edition == "eternum":
            off = attacker_defender_rolloff(self.bot.dice)  # seed 004: Attacker and Defender
            chooser = table.state.players[off.winner]
            embed = rolloff_embed(off, me.display_name, opponent.display_name)
            embed.description = f"{embed.description}\n\n{who(chooser)}, pick the Attacker."
            roles = roles_view(table.record.id, chooser, names)
            await interaction.response.send_message(
                embed=embed, view=roles, allowed_mentions=only(chooser)
            )
            return
        if first == "rolloff":
            off = roll_off(self.bot.dice)
            chooser = table.state.players[off.winner]
            embed = rolloff_embed(off, me.display_name, opponent.display_name)
            embed.description = (
                f"{embed.description}\n\n{who(chooser)}, choose who takes the first turn."
            )
            choice = first_player_view(table.record.id, chooser, table.state.players, names)
            await interaction.response.send_message(
                embed=embed, view=choice, allowed_mentions=only(chooser)
            )
            return
        player = me.id if first == "me" else opponent.id
        outcome = await self.bot.tracker.act(
            channel, me.id, lambda s: choose_first_player(s, player)
        )
        await announce(interaction, outcome)

    @app_commands.command(name="status")
    async def status(self, interaction: discord.Interaction) -> None:
        """Round, player, phase, CP and VP, and every unit with its models and wounds."""
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        await interaction.response.send_message(embed=status_embed(table.state))

    @app_commands.command(name="next")
    async def next(self, interaction: discord.Interaction) -> None:
        """Move to the next phase; after the last, the other player's turn or the next round."""
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        check_may_change(interaction, table.state)
        outcome = await self.bot.tracker.act(
            table.record.channel_id,
            interaction.user.id,
            next_phase,
            expect=in_phase(table.state.phase_seq),
        )
        await announce(interaction, outcome)

    @app_commands.command(name="undo")
    @app_commands.describe(
        change="A moderator taking back someone else's change: its number, as undo names it"
    )
    async def undo(
        self,
        interaction: discord.Interaction,
        change: app_commands.Range[int, 1, MAX_SEQ] | None = None,
    ) -> None:
        """Take back your latest change (a moderator: someone else's, by naming its number)."""
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        check_may_change(interaction, table.state)
        point = table.state.undo
        if point is None:
            undo(table.state)  # says why: nothing yet, or older than undo reaches (UNDO_LIMIT)
            raise VoxError("There is nothing to undo yet.")
        me, moderator = interaction.user.id, interaction.permissions.manage_channels
        check_undo((point.seqs[0], point.actor, point.what), me, moderator=moderator, naming=change)
        await self.bot.tracker.act(
            table.record.channel_id, me, undo, expect=lambda s: s.undo == point
        )
        whose = "" if point.actor == me else f" ({who(point.actor)}'s)"
        await interaction.response.send_message(f"↩️ Undone: #{point.seqs[0]}, {point.what}{whose}.")

    @app_commands.command(name="log")
    @app_commands.describe(count="How many events to show (default 10)")
    async def log(
        self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 50] = 10
    ) -> None:
        """The last events of this channel's game, in words."""
        if not 1 <= count <= 50:
            raise VoxError("Show 1 to 50 events.")
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        events = await self.bot.tracker.history(table)
        await interaction.response.send_message(embed=log_embed(events, count))

    @app_commands.command(name="end")
    @app_commands.describe(winner="Who won (default: decided on victory points)")
    async def end(
        self, interaction: discord.Interaction, winner: discord.User | None = None
    ) -> None:
        """End the game now: a concession or a game cut short."""
        table = await self.bot.tracker.require(interaction.channel_id or 0)
        check_may_change(interaction, table.state)
        chosen = None if winner is None else winner.id
        outcome = await self.bot.tracker.act(
            table.record.channel_id,
            interaction.user.id,
            lambda s: end_game(s, "ended early", winner=chosen),
        )
        await announce(interaction, outcome)


async def setup(bot: VoxBot) -> None:
    bot.add_dynamic_items(FirstPlayerButton, NextPhaseButton, DeployedButton, RoleButton)
    await bot.add_cog(GameCog(bot))

"""Games played as campaign battles: linking a game to its campaign, fielding roster units, and
recording the battle when the game ends, which opens its post-battle sequence in the channel."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import discord

from bot.campaign import pending, record_battle
from bot.chronicle import Book
from bot.game import add_unit
from bot.game.events import GameEnded, GameStarted
from bot.game.report import battle_report
from bot.rules.errors import IllegalAction
from bot.rules.quote import quoted
from bot.store import campaigns as store
from bot.tracker import Outcome
from bot.ui.campaign.aftermath import is_admin, recap, step_view
from bot.ui.mentions import only
from bot.ui.permissions import check_may_change

if TYPE_CHECKING:
    from bot.client import VoxBot


async def campaign_for_start(
    interaction: discord.Interaction, name: str, players: tuple[int, int], edition: str | None
) -> tuple[Book, str]:
    """The campaign a new game will be a battle of, checked before the game starts."""
    bot = cast("VoxBot", interaction.client)
    book = await bot.chronicle.find(interaction.guild_id, name)
    state = book.state
    for player in players:
        if player not in state.players:
            raise IllegalAction(
                f"<@{player}> is not in {state.name}; they join with /campaign join."
            )
    if state.aftermath is not None:
        raise IllegalAction(
            f"Finish the post-battle sequence of battle {state.aftermath.battle} first "
            "(see /campaign status)."
        )
    played = state.edition  # a campaign's battles are played in its own edition
    if edition is not None and edition != played:
        raise IllegalAction(f"{state.name} is played in {played}; leave edition out or pick it.")
    return book, played


async def link(bot: VoxBot, game_id: int, book: Book) -> None:
    await store.link_game(bot.db, game_id, book.record.id)


async def field(interaction: discord.Interaction, name: str) -> str:
    """Add a roster unit to the channel's campaign game as a tracked unit (its card's profile)."""
    bot = cast("VoxBot", interaction.client)
    table = await bot.tracker.require(interaction.channel_id or 0)
    check_may_change(interaction, table.state)
    record = await store.campaign_for_game(bot.db, table.record.id)
    if record is None:
        raise IllegalAction(
            "This channel's game is not a campaign battle; start one with /game start campaign:."
        )
    book = await bot.chronicle.load(record)
    card = book.state.card(name)
    if card is None:
        raise IllegalAction(
            f"{book.state.name} has no unit called {quoted(name)}; see /campaign roster."
        )
    if card.owner != interaction.user.id and not is_admin(interaction, book.state):
        raise IllegalAction(f"{card.name} is <@{card.owner}>'s; only they field it.")
    profile = card.profile.model_copy(update={"name": card.name})
    await bot.tracker.act(
        table.record.channel_id,
        interaction.user.id,
        lambda s: add_unit(s, card.owner, profile, card=True),
    )
    return f"{card.name} takes the field for <@{card.owner}> ({book.state.name})."


async def after_game(interaction: discord.Interaction, outcome: Outcome) -> None:
    """If this action ended a campaign game: record the battle, run Vox's steps (Out of Action
    rolls), and post the first step a person must take."""
    ended = next((r.event for r in outcome.appended if isinstance(r.event, GameEnded)), None)
    if ended is None:
        return
    bot = cast("VoxBot", interaction.client)
    record = await store.campaign_for_game(bot.db, outcome.table.record.id)
    if record is None:
        return
    from bot.ui.campaign.embeds import step_embed

    state, events = outcome.state, await bot.tracker.history(outcome.table)
    started = events[0].event
    mission = started.mission if isinstance(started, GameStarted) else ""
    report = battle_report(state, events)
    players = (state.players[0], state.players[1])
    book = await bot.chronicle.act(
        record.id,
        None,
        lambda s: record_battle(
            s,
            players,
            winner=ended.winner,
            vp=ended.vp,
            mission=mission,
            fielded=report.fielded,
            destroyed=report.destroyed,
            kills=report.kills,
            game_id=outcome.table.record.id,
        ),
    )
    step = pending(book.state)
    if step is None:
        await interaction.followup.send(embed=recap(book, await bot.chronicle.history(book)))
        return
    view = step_view(record.id, book.state, step)
    await interaction.followup.send(
        embed=step_embed(book.state, step),
        view=view or discord.utils.MISSING,
        allowed_mentions=only(step.player),  # the player this step asks to choose
    )

"""Saving what an interaction rolled to the channel's roll log, beside the game it was made in.

A roll made in a channel with a game running carries the game's id and its last event's number,
so /game log shows it among the game's events (unless it was one of them: `Tally.game_action`).
"""

from __future__ import annotations

from bot.play.actor import Actor
from bot.play.services import Services
from bot.rules.quote import shorten
from bot.store.roll_log import RollEntry, add_roll
from bot.tally import Tally

MAX_TEXT = 200  # what and result, as stored: a history line shows them whole


async def save_tally(
    services: Services,
    actor: Actor,
    name: str,
    command: str,
    tally: Tally,
    *,
    key: int | None = None,
    secret: bool = False,
) -> int | None:
    """Save what `tally` counted as one roll by `actor` (`name`: their display name) and return
    its id; None when nothing was rolled or there is no channel to log it in. `key`: the id of the
    interaction, which a Roll again button names if the tally offers one."""
    if tally.dice == 0 or not actor.channel_id:
        return None
    table = await services.tracker.table(actor.channel_id)
    entry = RollEntry(
        channel_id=actor.channel_id,
        user_id=actor.user_id,
        user_name=shorten(name, MAX_TEXT),
        command=command,
        what=shorten(tally.what or command, MAX_TEXT),
        result=shorten(tally.result or f"{tally.dice} dice rolled", MAX_TEXT),
        d6=tally.d6_faces,
        dice=tally.dice,
        again=tally.again,
        again_key=key if tally.again is not None else None,
        label=tally.label,
        secret=secret,
        game_id=None if table is None else table.record.id,
        game_seq=None if table is None else table.state.seq,
        game_action=tally.game_action,
    )
    return await add_roll(services.db, entry)

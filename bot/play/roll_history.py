"""Reading a channel's roll log: /rolls history a page at a time, and /rolls stats (fairness).

Both read only public rolls (a secret roll is never shown or counted) of the channel they are
asked in, whatever a button's custom id says, so a forged id cannot read another channel. Paging
is keyset on the roll's id: a page shown for a while still pages from where it stands however many
rolls are made meanwhile, and a page costs one indexed read however old it is.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime

from bot.errors import VoxError
from bot.play.services import Services
from bot.rules.fairness import Fairness
from bot.store import roll_log
from bot.store.roll_log import LoggedRoll as LoggedRoll  # the rows a page holds, for the ui

PAGE = 10
FIRST_DAY = date(2015, 1, 1)  # before Vox, and before any Discord slash command
SINCE_EXAMPLE = "2025-03-14"
_DATE = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")


@dataclass(frozen=True, slots=True)
class HistoryPage:
    """Up to `PAGE` rolls, newest first, and whether there are newer and older ones to page to."""

    rolls: tuple[LoggedRoll, ...]
    newer: bool
    older: bool


async def history(
    services: Services, channel_id: int, *, before: int | None = None, after: int | None = None
) -> HistoryPage:
    """The channel's newest rolls, or those just older than roll `before`, or just newer than
    roll `after`. Paging newer to within a page of the newest shows the newest page (never a
    short page at the top), and a page emptied meanwhile (its rolls pruned) shows the newest."""
    db = services.db
    if before is not None:
        rolls = await roll_log.page(db, channel_id, before=before, limit=PAGE)
    elif after is not None:
        rolls = await roll_log.page(db, channel_id, after=after, limit=PAGE)
        rolls = rolls if len(rolls) == PAGE else []
    else:
        rolls = []
    if not rolls:
        rolls = await roll_log.page(db, channel_id, limit=PAGE)
    if not rolls:
        return HistoryPage((), newer=False, older=False)
    newer = await roll_log.page(db, channel_id, after=rolls[0].id, limit=1)
    older = await roll_log.page(db, channel_id, before=rolls[-1].id, limit=1)
    return HistoryPage(tuple(rolls), newer=bool(newer), older=bool(older))


def since_date(text: str, today: date) -> date:
    """`since` as typed (YYYY-MM-DD, UTC): a real date, not after `today`, not before 2015."""
    m = _DATE.fullmatch(text.strip())
    if m is None:
        raise VoxError(f"Give since as year-month-day, like {SINCE_EXAMPLE}.")
    try:
        day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        raise VoxError(
            f"{m.group(0)} is not a date on the calendar: give since as year-month-day, "
            f"like {SINCE_EXAMPLE}."
        ) from None
    if day > today:
        raise VoxError(f"since can't be in the future: pick {today.isoformat()} or earlier.")
    if day < FIRST_DAY:
        raise VoxError(f"Vox has no rolls from before 2015: pick {FIRST_DAY.isoformat()} or later.")
    return day


def today_utc() -> date:
    return datetime.now(UTC).date()


async def stats(
    services: Services, channel_id: int, *, user_id: int | None = None, since: date | None = None
) -> Fairness:
    """How often each D6 face came up in the channel's public rolls (`user_id`'s only, if
    given), from the start of day `since` (UTC) if given, and what the chi-square test says."""
    start = None if since is None else datetime(since.year, since.month, since.day, tzinfo=UTC)
    counts = await roll_log.face_counts(services.db, channel_id, since=start, user_id=user_id)
    return Fairness(counts)

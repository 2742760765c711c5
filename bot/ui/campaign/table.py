"""A Crusade card at the table: what a unit fielded from a roster has earned, in one line (for
/campaign field and /unit show)."""

from __future__ import annotations

from bot.play.campaign_games import Fielded


def crusade_line(fielded: Fielded) -> str:
    """Rank, XP, Battle Honours and Battle Scars: "**Blooded** · 9 XP · ★ Hunters · ✖ Fatigued"."""
    card = fielded.card
    honours = [f"★ {h}" for h in card.honours] or ["no Battle Honours"]
    scars = [f"✖ {s}" for s in card.scars] or ["no Battle Scars"]
    return " · ".join([f"**{fielded.rank}**", f"{card.xp} XP", *honours, *scars])


def fielded_line(fielded: Fielded) -> str:
    """The reply to /campaign field."""
    card = fielded.card
    return (
        f"{card.name} takes the field for <@{card.owner}> ({fielded.campaign}): "
        f"{crusade_line(fielded)}."
    )

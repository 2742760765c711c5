"""What /army answers: an import's summary, the list of armies, an army's units, and what
/game field brought to the table."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from bot.armies.model import Army
from bot.armies.text import no_profile
from bot.play.armies import Imported, StoredArmy, numbered
from bot.play.army_field import Fielded
from bot.rules.quote import shorten
from bot.ui.armies.fields import add_lines
from bot.ui.replies import MAX_CONTENT

SOURCES = {
    "battlescribe-ros": "BattleScribe",
    "battlescribe-rosz": "BattleScribe",
    "newrecruit-json": "New Recruit",
    "newrecruit-text": "New Recruit's text export",
    "gw-app-text": "the Warhammer 40,000 app's text export",
    "vox-army": "a Vox army file",
}
SHOWN = 8  # warnings or unit names listed before "and N more"


def listed(items: Sequence[str], limit: int = SHOWN) -> str:
    """The first `limit` items, then how many more."""
    more = f", and {len(items) - limit} more" if len(items) > limit else ""
    return ", ".join(items[:limit]) + more


def summary(army: Army) -> str:
    units = len(army.units)
    return f"{army.edition}, {units} unit{'s' if units != 1 else ''}, {army.points} pts"


def _warnings(army: Army) -> list[str]:
    """The army's warnings but those naming a unit without a profile, which the reply already
    marks ("no profile yet") or lists in one sentence."""
    marked = {no_profile(unit.name) for unit in army.units if unit.missing}
    return [w for w in army.warnings if w not in marked]


def imported_text(done: Imported) -> str:
    """The import's one confirmation: what was stored, the warnings, the units to complete."""
    army = done.army
    verb = "Updated" if done.replaced else "Imported"
    lines = [f"{verb} **{army.name}** ({summary(army)}) from {SOURCES[army.source]}."]
    if done.cards.sentence:
        lines.append(done.cards.sentence)
    missing = [name for name, unit in numbered(army.units) if unit.missing]
    if missing:
        lines.append(
            f"No profiles for {listed(missing)}: import a BattleScribe or New Recruit list that "
            "has them, then this one again (they are skipped when fielded)."
        )
    if warnings := _warnings(army):
        shown = [f"⚠️ {w}" for w in warnings[:SHOWN]]
        more = len(warnings) - SHOWN
        lines += shown + ([f"⚠️ …and {more} more warnings."] if more > 0 else [])
    lines.append("See it with /army show, play it with /game field.")
    return shorten("\n".join(lines), MAX_CONTENT - 10)


def list_embed(armies: Sequence[StoredArmy]) -> discord.Embed:
    embed = discord.Embed(title="Your armies")
    if not armies:
        embed.description = "None yet: import a list with /army import."
        return embed
    lines = [
        f"**{s.name}** — {summary(s.army)}" + (f" · {s.army.faction}" if s.army.faction else "")
        for s in armies
    ]
    add_lines(embed, f"{len(armies)} armies", lines)
    return embed


def remove_question(name: str, army: Army) -> discord.Embed:
    """/army remove asks first (the button removes)."""
    return discord.Embed(
        title=f"Remove {name}?", description=f"{summary(army)}. This cannot be undone."
    )


def army_embed(army: Army) -> discord.Embed:
    """The army's units with their models and points (a unit's datasheet: `unit:`)."""
    about = [summary(army), army.faction, f"from {SOURCES[army.source]}"]
    embed = discord.Embed(title=army.name, description=" · ".join(a for a in about if a))
    lines = []
    for name, unit in numbered(army.units):
        gap = " · no profile yet" if unit.missing else ""
        lines.append(f"**{name}** — {unit.models} model{'s' if unit.models != 1 else ''}"
                     f" · {unit.points} pts{gap}")  # fmt: skip
    add_lines(embed, "Units", lines)
    if warnings := _warnings(army):
        add_lines(embed, "Warnings", [f"⚠️ {w}" for w in warnings])
    embed.set_footer(text="One unit's datasheet: /army show army: unit:")
    return embed


def fielded_text(done: Fielded) -> str:
    """/game field's confirmation: the units now in the game, those skipped, the notes."""
    lines = [f"Fielded from **{done.army}**: {listed(list(done.added), 30)}."]
    if done.skipped:
        lines.append(
            f"Skipped (no profile): {listed(list(done.skipped))}; add them with /unit add."
        )
    lines += [f"ℹ️ {note}" for note in done.notes[:SHOWN]]
    if len(done.notes) > SHOWN:
        lines.append(f"ℹ️ …and {len(done.notes) - SHOWN} more notes.")
    lines.append("/game undo takes them all back.")
    return shorten("\n".join(lines), MAX_CONTENT - 10)

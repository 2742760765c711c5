"""A `tree.Roster` (BattleScribe or New Recruit, 9th or 10th) turned into Vox's `Army`.

Units are the top-level selections of every force (pitfall 10) that carry a model profile
somewhere below them; configuration (Battle Size, Detachment, Show/Hide Options, Game Type,
Detachment Command Cost) is not a unit (pitfall 9). Points are summed from every `pts` cost of
a unit's subtree, never taken from the roster's totals, which can be stale.
"""

from __future__ import annotations

import re

from pydantic import ValidationError

from bot.armies import bounds
from bot.armies.army_unit import army_unit
from bot.armies.editions import Reads, reads
from bot.armies.model import MAX_UNITS, Army, ArmyUnit, Edition, Source
from bot.armies.tree import Roster, Selection
from bot.armies.units import has_models, is_configuration
from bot.errors import BadFile

EDITION = re.compile(r"\b(9|10)th\b", re.IGNORECASE)
FORTY_K = re.compile(r"40,?000|40k", re.IGNORECASE)
WRONG_SYSTEM = "That roster is for {system}; Vox reads Warhammer 40,000 9th and 10th edition lists."
NO_UNITS = "That roster has no units Vox can read: it holds no model profiles."


def to_army(roster: Roster, source: Source, name: str | None = None) -> Army:
    """The army `roster` holds, called `name` or the roster's name."""
    edition = edition_of(roster.game_system)
    warnings: list[str] = []
    units = [
        unit
        for selection in _unit_selections(roster, warnings)
        if (unit := _unit(selection, reads(edition), warnings)) is not None
    ]
    if not units:
        raise BadFile(NO_UNITS)
    kept = bounds.at_most(units, MAX_UNITS, "units", warnings)
    return Army(
        name=bounds.text(name or roster.name, "Imported army"),
        edition=edition,
        source=source,
        faction=bounds.value(_faction(roster), 200),
        points=min(sum(u.points for u in kept), 100_000),
        units=kept,
        warnings=bounds.warnings_kept(warnings),
    )


def _unit(selection: Selection, reads: Reads, warnings: list[str]) -> ArmyUnit | None:
    """The unit, or None (with a warning) when a value of it is one Vox cannot keep."""
    try:
        return army_unit(selection, reads, warnings)
    except ValidationError as error:
        where = ".".join(str(p) for p in error.errors()[0]["loc"]) or "a value"
        warnings.append(bounds.note(f"Skipped {selection.name}: Vox cannot keep its {where}."))
        return None


def edition_of(game_system: str) -> Edition:
    """`Warhammer 40,000 10th Edition` → `10th`; any other system is refused."""
    found = EDITION.search(game_system)
    if found is None or not FORTY_K.search(game_system):
        system = bounds.value(game_system, 80) or "a game system it does not name"
        raise BadFile(WRONG_SYSTEM.format(system=system))
    return "10th" if found.group(1) == "10" else "9th"


def _unit_selections(roster: Roster, warnings: list[str]) -> list[Selection]:
    """Every force's top-level selections that are units, the skipped ones warned about."""
    out = []
    for force in roster.forces:
        for selection in force.selections:
            if is_configuration(selection):
                continue
            if has_models(selection, lambda _: False):
                out.append(selection)
            elif selection.cost("pts") > 0:
                warnings.append(
                    bounds.note(f"Skipped {selection.name}: it has points but no model profile.")
                )
    return out


def _faction(roster: Roster) -> str:
    return " + ".join(dict.fromkeys(f.catalogue for f in roster.forces if f.catalogue))

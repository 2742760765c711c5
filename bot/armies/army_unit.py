"""One unit selection of a roster as an `ArmyUnit`: models and their profiles, points, keywords,
weapons and defences, cut to the army model's bounds with a warning where something is dropped."""

from __future__ import annotations

from collections.abc import Sequence

from bot.armies import bounds
from bot.armies.defences import defences
from bot.armies.editions import Reads
from bot.armies.model import (
    MAX_DEFENCE_ABILITIES,
    MAX_KEYWORDS,
    MAX_PROFILES,
    MAX_WEAPONS,
    ArmyUnit,
    ModelProfile,
)
from bot.armies.tree import Selection
from bot.armies.units import Group, groups
from bot.armies.weapons import MAX_COUNT, unit_weapons

NOT_KEYWORDS = frozenset({"configuration", "uncategorised", "uncategorized"})


def army_unit(unit: Selection, reads: Reads, warnings: list[str]) -> ArmyUnit:
    """The unit `unit` selects; what had to be dropped or guessed is added to `warnings`."""
    name = bounds.text(unit.name, "Unnamed unit")
    found = groups(unit, reads.is_row)
    bearers = [_bearer(g, reads) for g in found]
    models = sum(g.count for g in found) or 1
    if models > MAX_COUNT:
        warnings.append(bounds.note(f"{name} has {models} models; Vox keeps {MAX_COUNT}."))
    for group in found:
        if group.profile is None:
            warnings.append(bounds.note(f"{name}: {group.selection.name} has no model profile."))
    defended = defences(unit)
    return ArmyUnit(
        name=name,
        models=min(models, MAX_COUNT),
        points=min(points(unit), 10_000),
        profiles=_profiles(bearers, name, warnings),
        brackets=reads.brackets(unit)[:6],
        invuln=bounds.value(defended.invuln or "") or None,
        fnp=bounds.value(defended.fnp or "") or None,
        fnp_mortal=bounds.value(defended.fnp_mortal or "") or None,
        defence_abilities=defended.phrases[:MAX_DEFENCE_ABILITIES],
        conditional=tuple(bounds.note(c) for c in defended.conditional if c.strip())[:10],
        keywords=bounds.at_most(keywords(unit), MAX_KEYWORDS, f"keywords of {name}", warnings),
        weapons=bounds.at_most(
            unit_weapons(unit, found, bearers, reads), MAX_WEAPONS, f"weapons of {name}", warnings
        ),
    )


def _bearer(group: Group, reads: Reads) -> ModelProfile | None:
    if group.profile is None:
        return None
    return reads.model(group.profile, min(max(group.count, 1), MAX_COUNT))


def _profiles(
    bearers: Sequence[ModelProfile | None], name: str, warnings: list[str]
) -> tuple[ModelProfile, ...]:
    """The unit's model profiles, identical ones as one with the models summed."""
    counts: dict[ModelProfile, int] = {}
    for bearer in bearers:
        if bearer is not None:
            key = bearer.model_copy(update={"models": 1})
            counts[key] = counts.get(key, 0) + bearer.models
    merged = [k.model_copy(update={"models": min(n, MAX_COUNT)}) for k, n in counts.items()]
    return bounds.at_most(merged, MAX_PROFILES, f"model profiles of {name}", warnings)


def keywords(unit: Selection) -> list[str]:
    """The unit's categories as written, configuration markers left out."""
    kept = (bounds.value(c, 60) for c in unit.categories if c.casefold() not in NOT_KEYWORDS)
    return list(dict.fromkeys(k for k in kept if k))


def points(selection: Selection) -> int:
    """The sum of every `pts` cost in the subtree (costs sit on units, models, weapons and
    enhancements), never a roster's total (pitfall 9)."""
    return max(round(_pts(selection)), 0)


def _pts(selection: Selection) -> float:
    return selection.cost("pts") + sum(_pts(c) for c in selection.children)

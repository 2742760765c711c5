"""Which selections of a roster are units, and a unit's models: how many, and with which profile.

Any selection type can be a unit or a model (pitfall 1): a model group is a `model` selection or
any selection carrying a `Unit` profile, found under the unit directly or under wrapper
selections ("2 Runtherds and 20 Gretchin"). Counts come from selections, stats from profiles
(pitfall 3). A group's profile is its own, else one an upgrade of it carries (9th `2nd Plague
knife`), else the unit-level profile matched by name (Headtakers and Hunting Wolves), else the
unit-level default (pitfall 2). A unit-level profile no group uses is a model of its own: the
leader of a 9th character unit (Dark Apostle with two Disciples: three models).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from bot.armies.tree import Profile, Selection

CONFIGURATION = "configuration"
IsRow = Callable[[Profile], bool]  # a 9th lower wound bracket: not a model's profile


@dataclass(frozen=True, slots=True)
class Group:
    """`count` models of `selection` (the unit itself for its leader or lone model), with
    `profile` (None when the list gives none)."""

    selection: Selection
    count: int
    profile: Profile | None


def unit_profiles(selection: Selection, is_row: IsRow) -> list[Profile]:
    """The model profiles on `selection` itself (not its children)."""
    return [p for p in selection.profiles if p.type_name.casefold() == "unit" and not is_row(p)]


def is_model(selection: Selection, is_row: IsRow) -> bool:
    return selection.type.casefold() == "model" or bool(unit_profiles(selection, is_row))


def has_models(selection: Selection, is_row: IsRow) -> bool:
    """Whether `selection` or anything under it carries a model profile."""
    return bool(unit_profiles(selection, is_row)) or any(
        has_models(c, is_row) for c in selection.children
    )


def is_configuration(selection: Selection) -> bool:
    """Battle Size, Detachment, Show/Hide Options, Game Type, ... (pitfall 9)."""
    return any(c.casefold() == CONFIGURATION for c in selection.categories)


def groups(unit: Selection, is_row: IsRow) -> list[Group]:
    """The unit's model groups, each with its profile, leaders included."""
    own = unit_profiles(unit, is_row)
    found = list(_model_selections(unit, is_row))
    if not found:
        return [Group(unit, unit.number, p) for p in own[:1]] if own else []
    used: set[int] = set()
    out = []
    for selection in found:
        profile = _profile_of(selection, own, used, is_row)
        out.append(Group(selection, selection.number, profile))
    leaders = [Group(unit, 1, p) for i, p in enumerate(own) if i not in used]
    return leaders + out


def _model_selections(selection: Selection, is_row: IsRow) -> Iterator[Selection]:
    for child in selection.children:
        if is_model(child, is_row):
            yield child
        elif has_models(child, is_row) or any(c.type.casefold() == "model" for c in child.children):
            yield from _model_selections(child, is_row)


def _profile_of(
    selection: Selection, unit_level: list[Profile], used: set[int], is_row: IsRow
) -> Profile | None:
    mine = unit_profiles(selection, is_row) or _carried(selection, is_row)
    if mine:
        return mine[0]
    if not unit_level:
        return None
    index = _by_name(selection.name, unit_level)
    used.add(index)
    return unit_level[index]


def _carried(selection: Selection, is_row: IsRow) -> list[Profile]:
    """A `Unit` profile an upgrade of the model carries (it replaces the model's profile)."""
    for child in selection.children:
        if child.type.casefold() != "model" and (found := _own_or_below(child, is_row)):
            return found
    return []


def _own_or_below(selection: Selection, is_row: IsRow) -> list[Profile]:
    own = unit_profiles(selection, is_row)
    return own or next((f for c in selection.children if (f := _own_or_below(c, is_row))), [])


def _by_name(name: str, profiles: list[Profile]) -> int:
    """The unit-level profile for a model called `name`: the same name, else the longest
    profile name the model's name contains ("Hernkyn Pioneer w/ searchlight"), else the first."""
    wanted = name.casefold()
    names = [p.name.casefold() for p in profiles]
    if wanted in names:
        return names.index(wanted)
    inside = [(len(n), i) for i, n in enumerate(names) if n and n in wanted]
    return max(inside)[1] if inside else 0

"""The target of an attack from the options: typed, a tracked unit, or an army unit, and (10th) the
Leader attached to it: a tracked unit, an army unit, or a typed profile (`W5 3+ 4++`).

Typed options override what the target unit provides (they describe its Bodyguard models). The
Leader is its own part: its save, invulnerable save, Feel No Pain, wounds and models alive; the
whole unit is wounded with the Bodyguard's Toughness (10th Core Rules, Leader), and Anti-X reads
the keywords of both parts (the unit has every keyword of its models).
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.errors import NotFound, VoxError
from bot.game import GameState, Unit
from bot.game import guards as game_guards
from bot.play.attack_options import Typed
from bot.play.attack_units import Found, Listed
from bot.play.typed_profiles import looks_like_leader, parse_leader
from bot.rules.names import name_key
from bot.rules.profiles import (
    MAX_WOUNDS,
    Part,
    Target,
    keyword_set,
    parse_keywords,
    parse_number,
    parse_roll_needed,
    parse_save,
    target_from_text,
)

TARGET_KEYS = ("toughness", "save")
NO_SAVE = 7  # a unit's save of 7+ is no save at all
NO_UNITS = "There is no game in this channel, so there are no units; type the profile instead."


@dataclass(frozen=True, slots=True)
class Aimed:
    """The target, the names the answer shows for it and its Leader, and the tracked units among
    them (an attack records its damage on those)."""

    target: Target
    shown: str | None = None  # the target unit's name
    leader_shown: str | None = None  # the Leader's name (a typed one may have none: "")
    tracked: str | None = None
    tracked_leader: str | None = None


def aimed(typed: Typed, state: GameState | None, found: Found) -> Aimed:
    """The target (with its Leader) from the options, the channel's game and the army units."""
    unit, tracked = _unit(typed.target, state, found.target)
    body = _body(typed, unit)
    if typed.leader is None:
        return Aimed(body, unit.name if unit else None, tracked=tracked)
    part, words, shown, from_unit = _leader(typed.leader, state, found.leader)
    if unit is not None and from_unit and name_key(shown) == name_key(unit.name):
        raise VoxError("The Leader is a unit of its own; pick another unit than the target.")
    keywords = body.keywords if typed.keywords is not None else body.keywords | words
    target = Target(
        toughness=body.toughness, save=body.save, wounds=body.wounds, models=body.models,
        invuln=body.invuln, fnp=body.fnp, keywords=keywords, wounds_left=body.wounds_left,
        fnp_mortal=body.fnp_mortal, leader=part, defences=body.defences,
    )  # fmt: skip
    tracked_leader = shown if from_unit and found.leader is None else None
    return Aimed(target, unit.name if unit else None, shown, tracked, tracked_leader)


def _unit(
    name: str | None, state: GameState | None, listed: Listed | None
) -> tuple[Unit | None, str | None]:
    """The target unit, and its name when it is tracked."""
    if name is None:
        return None, None
    if listed is not None:
        return listed.unit, None
    unit = game_guards.alive(game(state), name)
    return unit, unit.name


def _body(t: Typed, unit: Unit | None) -> Target:
    """The Bodyguard models (a plain target's): typed, or the unit's with the typed options over."""
    given = t.given(*TARGET_KEYS, "wounds", "models", "invuln", "fnp", "keywords")
    if unit is None:
        missing = [k for k in TARGET_KEYS if k not in given]
        if missing:
            raise VoxError(
                f"Give {', '.join(missing)} (or pick a target unit from this channel's game "
                "or your armies)."
            )
        return target_from_text(**given)
    own = part_of(unit)
    wounds = parse_number(t.wounds or own.wounds, "Wounds per model", 1, MAX_WOUNDS)
    left = own.wounds_left
    words = unit.profile.keywords
    return Target(
        toughness=t.toughness or unit.profile.toughness,
        save=own.save if t.save is None else parse_save(t.save),
        wounds=wounds,
        models=t.models or own.models,
        invuln=own.invuln if t.invuln is None else parse_roll_needed(t.invuln, "Invulnerable save"),
        fnp=own.fnp if t.fnp is None else parse_roll_needed(t.fnp, "Feel no pain"),
        keywords=keyword_set(words) if t.keywords is None else parse_keywords(t.keywords),
        wounds_left=None if left is None else parse_number(left, "Wounds left", 1, wounds),
        fnp_mortal=own.fnp_mortal,
        defences=own.defences,
    )


def _leader(
    name: str, state: GameState | None, listed: Listed | None
) -> tuple[Part, frozenset[str], str, bool]:
    """The Leader's part, its keywords, its name, and whether it is a unit (not typed)."""
    if listed is None and (state is None or state.unit(name) is None) and looks_like_leader(name):
        typed = parse_leader(name)
        return typed.part, frozenset(), typed.name, False
    unit = listed.unit if listed is not None else game_guards.alive(game(state), name)
    return part_of(unit), keyword_set(unit.profile.keywords), unit.name, True


def part_of(unit: Unit) -> Part:
    """A unit's models alive, as one part of an attached unit."""
    p = unit.profile
    damaged = unit.wounds_left < p.wounds
    return Part(
        save=None if p.save >= NO_SAVE else p.save,
        wounds=p.wounds,
        models=unit.alive,
        invuln=p.invuln,
        fnp=p.fnp,
        fnp_mortal=p.fnp_mortal,
        wounds_left=unit.wounds_left if damaged else None,
        defences=p.defence_abilities,
    )


def game(state: GameState | None) -> GameState:
    if state is None:
        raise NotFound(NO_UNITS)
    return state

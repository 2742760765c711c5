"""Invulnerable saves and Feel No Pain, which lists give as abilities and rules, never as
characteristics (pitfall 8 of the roster formats), for 9th and 10th edition alike.

A value counts for the whole unit when the list states it without a condition, in one of the
ways real lists write it: an `Invulnerable Save` ability whose whole text is `4+`, an ability
named `Invulnerable Save (6+)`, "Models in this unit have a 4+ invulnerable save", "This model
has a 5+ invulnerable save" on the unit's datasheet, a rule `Feel No Pain 5+` attached to the
unit, wargear saying "Models in the bearer's unit have the Feel No Pain 6+ ability", or 9th prose
("roll one D6; on a 6, that wound is not lost"). Everything else that states one is shown as
text: a condition before it (`If`, `While`, `until`, an aura, the Waaagh!, "against mortal
wounds", "in the Fight phase", "leading"), or wargear or a model's ability that gives it to that
model only ("The bearer has a 4+ invulnerable save"). Rules that only mention invulnerable saves
(Devastating Wounds: "no saving throw of any kind ... including invulnerable saving throws")
state no value and are ignored.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from bot.armies import bounds, defence_rules
from bot.armies.tree import Selection

# `phrase`: an ability phrase every attack against the unit takes (`bot.armies.defence_rules`)
Kind = Literal["invuln", "fnp", "fnp_mortal", "phrase"]
MAX_NOTE = bounds.NOTE  # a conditional text, as the army model keeps it
MAX_NOTES = 10

_NAMED = re.compile(
    r"^(?P<kind>invulnerable save|feel no pain)\W*\(?\s*(?P<n>[2-6])\s*\+", re.IGNORECASE
)
_WHOLE = re.compile(r"^\s*(?P<n>[2-6])\s*\+\s*\W?\s*$")
_INVULN = re.compile(r"\b(?P<n>[2-6])\s*\+\s*invulnerable save", re.IGNORECASE)
_FNP = re.compile(r"\bfeel no pain\s*(?P<n>[2-6])\s*\+", re.IGNORECASE)
# 9th: "roll one D6; on a 6, that wound is not lost", "on a 5+, the model does not lose that wound"
_PROSE = re.compile(
    r"\bon an? (?P<n>[2-6])\+?\s*[,;]?\s*(?:that|the) (?:wound|model)[^.]*?"
    r"(?:is not lost|does not lose|is ignored)",
    re.IGNORECASE,
)
_CONDITION = re.compile(
    r"\b(?:while|whilst|if|until|unless|when|within|aura|waaagh|against|only|instead|gains?|"
    r"leading|led by|attached|phase|once per)\b|mortal wound",
    re.IGNORECASE,
)
_UNIT_WIDE = re.compile(
    r"\b(?:this unit|(?:the )?bearer['’]s unit|each model in|every model in)\b", re.IGNORECASE
)
_ONE_MODEL = re.compile(r"\b(?:the bearer|this model|the model)\b", re.IGNORECASE)
_SENTENCE = re.compile(r"(?<=[.!?])\s+")
# A Feel No Pain against mortal wounds only ("the Feel No Pain 5+ ability against mortal wounds",
# "against Psychic Attacks and mortal wounds", 9th "would lose a wound as a result of a mortal
# wound", a rule named `Feel No Pain 5+ (mortal wounds)`): the qualifier, not a condition.
_MORTAL_ONLY = re.compile(
    r"(?:\b(?:against|from|by|as (?:a|the) results? of)\s+|\()(?:psychic attacks and )?"
    r"(?:a )?mortal wounds?(?: and psychic attacks)?\)?",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class Defences:
    invuln: str | None = None  # "4+", for the whole unit, unconditionally
    fnp: str | None = None
    fnp_mortal: str | None = None  # a Feel No Pain against mortal wounds only
    phrases: tuple[str, ...] = ()  # `-1 damage`, `worsen ap 1`: every attack against it takes
    conditional: tuple[str, ...] = ()  # the texts of conditional ones, shown as they are


@dataclass(frozen=True, slots=True)
class _Source:
    """An ability or rule of the unit's subtree, and where it sits."""

    name: str
    text: str
    root: bool  # on the unit's own selection
    in_model: bool  # on a model, or on wargear under one


@dataclass(frozen=True, slots=True)
class _Statement:
    kind: Kind
    value: str
    unit_wide: bool
    note: str


def _clean(text: str) -> str:
    """Text without the lists' markup (`**`, `^^`) and with one space between words."""
    return " ".join(text.replace("**", "").replace("^^", "").replace("\u00a0", " ").split())


def _is_model(selection: Selection) -> bool:
    return selection.type == "model" or any(p.type_name == "Unit" for p in selection.profiles)


def _own_profile(selection: Selection) -> bool:
    return any(p.type_name == "Unit" for p in selection.profiles) or any(
        _own_profile(c) for c in selection.children
    )


def _model_selections(selection: Selection) -> Iterator[Selection]:
    for child in selection.children:
        if _is_model(child):
            yield child
        else:
            yield from _model_selections(child)


def _models(unit: Selection) -> int:
    """How many models the unit has: its model selections' numbers (a selection under a model
    is part of it), plus the unit's own when it carries the leader's profile and its other
    models carry theirs (9th character units), or the unit's number when it is a lone model."""
    below = list(_model_selections(unit))
    count = sum(max(m.number, 1) for m in below)
    if not below:
        return max(unit.number, 1) if unit.type == "model" else 1
    leader = any(p.type_name == "Unit" for p in unit.profiles)
    return count + 1 if leader and all(_own_profile(m) for m in below) else count


def _sources(selection: Selection, root: bool, in_model: bool) -> Iterator[_Source]:
    in_model = in_model or (not root and _is_model(selection))
    for profile in selection.profiles:
        if "abilit" in profile.type_name.casefold():
            text = " ".join(v for _, v in profile.characteristics)
            yield _Source(_clean(profile.name), _clean(text), root, in_model)
    for rule in selection.rules:
        yield _Source(_clean(rule.name), _clean(rule.description), root, in_model)
    for child in selection.children:
        yield from _sources(child, False, in_model)


def _sentences(text: str) -> list[str]:
    return [s.strip(" -•") for s in _SENTENCE.split(text) if s.strip(" -•")]


def _note(source: _Source, stating: str | None) -> str:
    """`Name: first sentence`, and the sentence stating the value when it is another one."""
    sentences = _sentences(source.text)
    parts = sentences[:1]
    if stating and stating not in parts:
        parts.append(stating)
    note = f"{source.name}: {' … '.join(parts)}" if parts else source.name
    return bounds.note(note)


def _scope(source: _Source, wording: str, models: int) -> bool:
    """Whether an unconditional statement worded `wording` holds for every model of the unit."""
    if source.root or models <= 1 or _UNIT_WIDE.search(wording):
        return True
    return not source.in_model and not _ONE_MODEL.search(wording)


def _named(source: _Source, models: int) -> _Statement | None:
    """`Invulnerable Save (6+)`, `Feel No Pain 5+`, or `Invulnerable Save` with the text `4+`."""
    found = _NAMED.match(source.name)
    whole = _WHOLE.match(source.text) if source.name.casefold() == "invulnerable save" else None
    match = found or whole
    if match is None:
        return None
    fnp = found is not None and found["kind"].casefold() == "feel no pain"
    rest, mortal = _mortal_only(source.name[found.end() :] if found else "")
    kind: Kind = ("fnp_mortal" if mortal else "fnp") if fnp else "invuln"
    value = f"{match['n']}+"
    unit_wide = not _CONDITION.search(rest) and _scope(source, source.text, models)
    return _Statement(kind, value, unit_wide, _note(source, None))


def _mortal_only(text: str) -> tuple[str, bool]:
    """`text` without a Feel No Pain's "against mortal wounds" qualifier, and whether it had
    one."""
    plain = _MORTAL_ONLY.sub(" ", text)
    return plain, plain != text


def _stated(source: _Source, models: int) -> Iterator[_Statement]:
    """The values the text states, each conditional when a condition comes before it."""
    patterns: tuple[tuple[Kind, re.Pattern[str]], ...] = (
        ("invuln", _INVULN), ("fnp", _FNP), ("fnp", _PROSE),
    )  # fmt: skip
    for kind, pattern in patterns:
        found = pattern.search(source.text)
        if found is None:
            continue
        stating = next((s for s in _sentences(source.text) if found.group() in s), found.group())
        before = source.text[: source.text.find(stating) + len(stating)]
        rest, mortal = _mortal_only(f"{source.name} {before}") if kind == "fnp" else (before, False)
        free = not _CONDITION.search(rest)
        unit_wide = free and _scope(source, stating, models)
        note = _note(source, stating)
        yield _Statement("fnp_mortal" if mortal else kind, f"{found['n']}+", unit_wide, note)
        if mortal and "psychic" in before.casefold():  # the Psychic Attacks part: shown only
            yield _Statement("fnp", f"{found['n']}+", False, note)


def _statements(unit: Selection) -> Iterator[_Statement]:
    models = _models(unit)
    for source in _sources(unit, True, False):
        named = _named(source, models)
        if named is not None:
            yield named
        else:
            yield from _stated(source, models)
        yield from _phrased(source, models)


def _phrased(source: _Source, models: int) -> Iterator[_Statement]:
    """A rule whose whole text is one effect on attacks against the unit, as its phrase; one
    that states such an effect beside anything else, as a note."""
    found = defence_rules.phrase(source.text)
    if found is not None:
        yield _Statement("phrase", found, _scope(source, source.text, models), _note(source, None))
    elif defence_rules.mentions(source.text):
        stating = next((s for s in _sentences(source.text) if defence_rules.mentions(s)), None)
        yield _Statement("phrase", "", False, _note(source, stating))


def _best(statements: list[_Statement], kind: Kind) -> str | None:
    values = [s.value for s in statements if s.kind == kind and s.unit_wide]
    return min(values) if values else None


def _phrases(statements: list[_Statement]) -> tuple[str, ...]:
    """The unit-wide phrases in order, one of each kind (the first: `worsen ap 1` and `worsen
    ap 2` on one unit keep the first; the rules refuse a phrase twice)."""
    kept: dict[str, str] = {}
    for s in statements:
        if s.kind == "phrase" and s.unit_wide:
            kept.setdefault(re.sub(r"[: ]+\S+$", "", s.value), s.value)
    return tuple(kept.values())


def defences(unit: Selection) -> Defences:
    """The invulnerable save and Feel No Pain the unit's selection subtree states for the whole
    unit (the best when it states several), and the conditional ones as short texts."""
    statements = list(_statements(unit))
    notes: list[str] = []
    for statement in statements:
        if not statement.unit_wide and statement.note not in notes:
            notes.append(statement.note)
    return Defences(
        invuln=_best(statements, "invuln"),
        fnp=_best(statements, "fnp"),
        fnp_mortal=_best(statements, "fnp_mortal"),
        phrases=_phrases(statements),
        conditional=tuple(notes[:MAX_NOTES]),
    )

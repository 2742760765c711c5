"""Text exports (the official app's, New Recruit's three styles) read into an `Army`.

Text carries no characteristics: each unit takes its profiles from the player's unit of the same
name in `known` (`bot.armies.matching`), and a unit without one is kept `missing`, with its
wargear, and named in a warning for the player to complete. Text exports are 10th edition lists.
"""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import ValidationError

from bot.armies import bounds
from bot.armies.limits import MAX_TEXT_LINES
from bot.armies.matching import MAX_COUNT, known_index, match_unit
from bot.armies.model import MAX_UNITS, MAX_WEAPONS, Army, ArmyUnit
from bot.armies.text_header import read_header
from bot.armies.text_items import read_body
from bot.armies.text_units import TextUnit, is_flat, scan
from bot.errors import BadFile

NOT_A_LIST = (
    "That text is not an army list Vox can read: no unit lines like "
    "`Intercessor Squad (80 Points)`."
)
TOO_LONG = f"That text has more than {MAX_TEXT_LINES:,} lines; Vox reads lists of at most that."
LINE_TOO_LONG = "That text has a line longer than 1,000 characters, which no list builder writes."
MAX_LINE = 1_000  # characters of one line
MAX_NAME = 100  # the army format's bound of a name
MAX_POINTS = 10_000  # of one unit


def _lines(text: str) -> list[str]:
    if text.count("\n") > MAX_TEXT_LINES:  # before splitting a huge text
        raise BadFile(TOO_LONG)
    lines = text.lstrip("\ufeff").replace("\u00a0", " ").splitlines()
    if len(lines) > MAX_TEXT_LINES:
        raise BadFile(TOO_LONG)
    if any(len(line) > MAX_LINE for line in lines):
        raise BadFile(LINE_TOO_LONG)
    return lines


def no_profile(name: str) -> str:
    """The warning for a unit of the list Vox found no profile for (shown by the CLI and the JSON;
    the import reply lists such units in one sentence instead)."""
    return (
        f"{name}: no profile found; import a BattleScribe or New Recruit file that has it, "
        "or complete it with /unit add and /unit weapon."
    )


def _army_unit(unit: TextUnit, flat: bool, known: dict[str, ArmyUnit], warn: list[str]) -> ArmyUnit:
    kit = read_body(unit.body, unit.inline, flat)
    name = unit.name[:MAX_NAME]
    models = unit.models or kit.models or 1
    if models > MAX_COUNT:
        warn.append(f"{name}: {models} models is more than Vox keeps; kept {MAX_COUNT}.")
    if len(kit.wargear) > MAX_WEAPONS:
        warn.append(f"{name}: more than {MAX_WEAPONS} wargear entries; kept the first.")
    warn.extend(
        f"{name}: “{item[:80]}” looks like two names run together by the exporter; kept as written."
        for item in kit.glued
    )
    made = ArmyUnit(
        name=name,
        models=max(1, min(MAX_COUNT, models)),
        points=min(unit.points, MAX_POINTS),
        wargear=tuple(f"{n}x {item}"[:MAX_NAME] for item, n in kit.wargear[:MAX_WEAPONS]),
        missing=True,
    )
    matched = match_unit(made, kit.groups, kit.wargear, known)
    if matched is None and no_profile(name) not in warn:
        warn.append(no_profile(name))
    return matched or made


def read_text(text: str, known: Sequence[ArmyUnit] = (), name: str | None = None) -> Army:
    """The army a text export lists, its units' profiles matched by name in `known` (of several
    units of one name, the last); `BadFile` with one sentence when it lists no unit."""
    lines = _lines(text)
    header = read_header(lines)
    body = lines[header.start :]
    units = scan(body)
    if not units:
        raise BadFile(NOT_A_LIST)
    warnings: list[str] = []
    if len(units) > MAX_UNITS:
        warnings.append(f"The list has {len(units)} units; Vox keeps the first {MAX_UNITS}.")
    index, flat = known_index(known), header.source == "gw-app-text" and is_flat(body)
    made = [_army_unit(unit, flat, index, warnings) for unit in units[:MAX_UNITS]]
    title = (name or "").strip() or header.name or header.faction or "Imported list"
    try:
        return Army(
            name=title[:MAX_NAME],
            edition="10th",
            source=header.source,
            faction=header.faction[:200],
            points=min(sum(unit.points for unit in made), 100_000),
            units=tuple(made),
            warnings=bounds.warnings_kept(warnings),
        )
    except ValidationError as error:  # a value no list builder writes: refuse, store nothing
        raise BadFile(NOT_A_LIST) from error

"""The army reader and fielding, for the /army tests: the real `bot.armies.files.read_upload` and
`bot.armies.field.unit_profile` once they are implemented; until then a minimal stand-in (Vox's
own army JSON only, and a 10th-edition profile with its weapons), so the commands' own behaviour
is tested either way. `readers` is the fixture that installs them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.armies import field, files
from bot.armies.field import Fielded
from bot.armies.model import Army, ArmyUnit, Edition
from bot.errors import BadFile
from bot.game.units import UnitProfile, Weapon

OWN = Path(__file__).resolve().parent / "data" / "rosters" / "own"
ARMY_10TH = OWN / "army_10th.json"
ROSTERS = OWN.parent


def roster_file(filename: str) -> bytes:
    """The test list called `filename`, wherever it is under tests/data/rosters."""
    [found] = sorted(ROSTERS.rglob(filename))
    return found.read_bytes()


def _read(
    data: bytes, filename: str, *, known: Sequence[ArmyUnit] = (), name: str | None = None
) -> Army:
    """Vox's JSON; a roster (zip or XML, such as `own/ultramarines.rosz`, whose units have the
    same names) reads as the army of `own/army_10th.json` until the real reader lands."""
    if data[:2] == b"PK" or data.lstrip()[:1] == b"<":
        data = ARMY_10TH.read_bytes()
    try:
        army = Army.model_validate_json(data)
    except ValidationError as exc:
        raise BadFile("That file is not an army list Vox can read.") from exc
    return army.model_copy(update={"name": name}) if name else army


def _number(text: str | None, default: int) -> int:
    found = re.search(r"\d+", text or "")
    return int(found.group()) if found else default


def _profile(unit: ArmyUnit, edition: Edition) -> Fielded:
    first = unit.profiles[0]
    weapons = tuple(
        Weapon(
            name=w.name.lstrip("➤ ").strip()[:60], range=w.range, attacks=w.attacks,
            skill=None if w.skill == "N/A" else _number(w.skill, 3), strength=w.strength,
            ap=-_number(w.ap, 0), damage=w.damage, abilities=", ".join(w.keywords).lower(),
            count=None if w.count >= unit.models else w.count,
        )
        for w in unit.weapons
    )  # fmt: skip
    profile = UnitProfile(
        name=unit.name[:60], models=unit.models, wounds=_number(first.wounds, 1),
        toughness=_number(first.toughness, 4), save=_number(first.save, 7),
        invuln=_number(unit.invuln, 0) or None, fnp=_number(unit.fnp, 0) or None,
        leadership=_number(first.leadership, 7), oc=_number(first.oc, 1),
        move=_number(first.movement, 6), keywords=unit.keywords[:30], weapons=weapons[:30],
    )  # fmt: skip
    return Fielded(profile, ())


def _placeholder(call: object) -> bool:
    try:
        call()  # type: ignore[operator]
    except NotImplementedError:
        return True
    except Exception:
        return False
    return False


@pytest.fixture
def readers(monkeypatch: pytest.MonkeyPatch) -> None:
    data = ARMY_10TH.read_bytes()
    if _placeholder(lambda: files.read_upload(data, "army.json")):
        monkeypatch.setattr(files, "read_upload", _read)
    unit = Army.model_validate_json(data).units[0]
    if _placeholder(lambda: field.unit_profile(unit, "10th")):
        monkeypatch.setattr(field, "unit_profile", _profile)

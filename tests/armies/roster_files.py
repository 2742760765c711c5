"""The lists under tests/data/rosters: their bytes for uploads (`roster_file`, `ARMY_10TH`), and
rosters read into trees and armies, for the roster tests."""

from __future__ import annotations

import json
from pathlib import Path

from bot.armies.json_roster import read_json
from bot.armies.model import Army, ArmyUnit, ArmyWeapon, Source
from bot.armies.roster import to_army
from bot.armies.tree import Roster, Selection
from bot.armies.xml_roster import read_xml
from bot.armies.zipped import only_member

DATA = Path(__file__).resolve().parents[1] / "data" / "rosters"
ARMY_10TH = DATA / "own" / "army_10th.json"  # Vox's own army JSON: a 10th list of five units


def roster_file(filename: str) -> bytes:
    """The test list called `filename`, wherever it is under tests/data/rosters."""
    [found] = sorted(DATA.rglob(filename))
    return found.read_bytes()


def raw(path: str) -> bytes:
    """The roster XML of a `.ros`, or of the one member of a `.rosz`."""
    data = (DATA / path).read_bytes()
    return only_member(data) if path.endswith(".rosz") else data


def roster(path: str) -> Roster:
    if path.endswith(".json"):
        return read_json(json.loads((DATA / path).read_text("utf-8")))
    return read_xml(raw(path))


def army(path: str) -> Army:
    source: Source = "newrecruit-json" if path.endswith(".json") else "battlescribe-ros"
    return to_army(roster(path), source)


def unit(army_: Army, name: str, nth: int = 0) -> ArmyUnit:
    """The `nth` unit called `name`."""
    return [u for u in army_.units if u.name == name][nth]


def weapon(unit_: ArmyUnit, name: str) -> ArmyWeapon:
    found = [w for w in unit_.weapons if w.name == name]
    assert len(found) == 1, f"{name}: {found}"
    return found[0]


def selection(roster_: Roster, name: str) -> Selection:
    return next(s for f in roster_.forces for s in f.selections if s.name == name)

"""Vox's army JSON has a published JSON Schema (`data/army.schema.json`) that cannot drift."""

from __future__ import annotations

import json
from pathlib import Path

from bot.armies.model import Army

SCHEMA = Path(__file__).resolve().parents[2] / "data" / "army.schema.json"


def test_the_committed_schema_is_the_models_schema() -> None:
    committed = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert committed == Army.model_json_schema(), (
        "data/army.schema.json is stale: write Army.model_json_schema() to it again"
    )


def test_the_schema_names_the_fields_the_readme_promises() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert {"format", "version", "edition", "units"} <= set(schema["properties"])
    unit = schema["$defs"]["ArmyUnit"]["properties"]
    assert {"name", "models", "profiles", "invuln", "fnp", "keywords", "weapons"} <= set(unit)
    weapon = schema["$defs"]["ArmyWeapon"]["properties"]
    wanted = {"name", "kind", "count", "range", "attacks", "skill", "strength", "ap", "damage"}
    assert wanted | {"keywords", "type"} <= set(weapon)

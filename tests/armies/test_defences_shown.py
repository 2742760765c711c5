"""/army show tells what attacks against a unit take from its list: a rule read as a phrase
(9e Death Guard's Disgustingly Resilient: `-1 damage`) and a Feel No Pain against mortal wounds."""

from __future__ import annotations

from bot.armies.model import ArmyUnit
from bot.ui.armies.datasheet import defences
from tests.armies.roster_files import roster_file
from tests.harness import Harness, Upload


async def test_show_says_what_attacks_against_the_unit_take(harness: Harness) -> None:
    """9e Death Guard 2,000 points: `Disgustingly Resilient` | "Each time an attack is allocated
    to a model in this unit, subtract 1 from the Damage characteristic of that attack (to a
    minimum of 1).\""""
    rosz = Upload("guard.rosz", roster_file("9e_death_guard_2000.rosz"))
    [done] = await harness.slash("army import", file=rosz, name="Guard")
    assert done.content.startswith("✅ Imported **Guard**")
    [sheet] = await harness.slash("army show", army="Guard", unit="Plagueburst Crawler")
    assert "Attacks against it: -1 damage" in sheet.field("Defences")


def test_the_defences_line_names_each() -> None:
    unit = ArmyUnit(
        name="Squad", invuln="4+", fnp="6+", fnp_mortal="5+",
        defence_abilities=("-1 damage", "worsen ap 1"),
    )  # fmt: skip
    assert defences(unit) == (
        "Invulnerable save 4+ · Feel No Pain 6+ · Feel No Pain 5+ against mortal wounds · "
        "Attacks against it: -1 damage, worsen ap 1"
    )

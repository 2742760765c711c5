"""An army list from BattleScribe played at once: a `.rosz` uploaded through the real command
tree, fielded in a 10th-edition game with `/game field`, and an imported weapon with Hazardous and
Sustained Hits resolved with `/attack` (Sustained Hits applied to the hits, the Hazardous tests
shown and applied to the tracked unit).

The list is our own fixture `own/ultramarines.rosz`, built from a real exported roster (see
tests/data/rosters/README.md); its Plasma incinerator's `Sustained Hits 1` is ours. Seed 003
(10th): "[SUSTAINED HITS X]: Each time an attack is made with such a weapon, if a Critical Hit is
rolled, that attack scores a number of additional hits on the target as denoted by 'x'."
"[HAZARDOUS]: After a unit shoots or fights, roll one Hazardous test (one D6) for each Hazardous
weapon that was used by that unit; for each 1, one model equipped with a Hazardous weapon is
destroyed (CHARACTER, MONSTER and VEHICLE models suffer 3 mortal wounds instead)." (the 10th
Core Rules' wording, which seed 003 summarises).
"""

from __future__ import annotations

from pathlib import Path

from tests.armies.roster_files import roster_file
from tests.e2e.table import Table, TableDice, attack
from tests.harness import ALICE, BOB, CHANNEL_ID, Harness, Upload

ROSZ = Upload("ultramarines.rosz", roster_file("ultramarines.rosz"))


async def test_an_imported_rosz_is_fielded_and_its_plasma_shoots(tmp_path: Path) -> None:
    dice = TableDice(14)
    async with Harness.running(tmp_path, dice=dice) as h:
        t = Table(h, dice)
        [imported] = await t.say("army import", file=ROSZ)
        assert imported.content.startswith("✅ Imported **Ultramarines** (10th, 4 units")
        assert "from BattleScribe" in imported.content
        await t.say("game start", opponent=BOB, edition="10th", first="me")
        fielded = (await t.say("game field", army="Ultramarines"))[0]
        assert "Hellblaster Squad" in fielded.content and "Intercessor Squad 2" in fielded.content
        await t.say("unit add", BOB, name="Boyz", models=20, wounds=1, toughness=5, save="5+",
                    keywords="infantry", owner=BOB)  # fmt: skip
        state = await t.state()
        hellblasters = state.unit("Hellblaster Squad")
        assert hellblasters.owner == ALICE.id and hellblasters.profile.models == 5
        offered = await h.autocomplete(
            "attack", "weapon", attacker="Hellblaster Squad", weapon="supercharge"
        )
        [supercharge] = [c["value"] for c in offered]
        await t.to("shooting")
        dice.force(*[6] * 10)  # every hit a Critical Hit: Sustained Hits 1 doubles them
        card = await attack(
            t, ALICE, attacker="Hellblaster Squad", weapon=supercharge, target="Boyz"
        )
        text = card.text
        assert "Result: 20 hits" in text  # 10 Critical Hits, each scoring 1 additional hit
        assert "Hazardous" in text  # the tests rolled after the attack (their card wording)
        after = (await h.bot.tracker.require(CHANNEL_ID)).state
    boyz = after.unit("Boyz")
    assert boyz is not None and boyz.alive < 20

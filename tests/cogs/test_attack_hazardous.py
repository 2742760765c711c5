"""/attack with Hazardous and One Shot weapons through the command tree (10th Core Rules, June 2023
launch wording; the seeds are silent).

Hazardous: "After a unit shoots or fights, one Hazardous test for each Hazardous weapon used (roll
one D6): on a 1, a model equipped with it is destroyed, or, if it is a CHARACTER, MONSTER or
VEHICLE, it suffers 3 mortal wounds instead." One Shot: "The bearer can only shoot with this weapon
once per battle."

The dice: each attack below hits on 3+ and wounds Boyz (T5) with S8 on 3+; AP-3 leaves Boyz no
save to roll; the Hazardous tests come after the attack's dice.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.game import GameState
from bot.rules.dice import ScriptedDice
from tests.cogs.test_attack_choice import card_after
from tests.cogs.test_attack_in_game import to_phase
from tests.harness import ALICE, BOB, CHANNEL_ID, DAVE, Harness

PLASMA: dict[str, Any] = {"range": '18"', "attacks": "1", "skill": "3+", "strength": "8",
                          "ap": "-3", "damage": "2", "abilities": "hazardous"}  # fmt: skip
AT_BOYZ: dict[str, Any] = {"attacker": "Plasma Inceptors", "target": "Boyz"}
SPENT_WARNING = "Hunter-killer missile has One Shot and was fired already this battle."


async def inceptors(
    h: Harness, models: int = 3, keywords: str = "infantry", wounds: int = 2
) -> None:
    """A 10th game in Alice's Shooting phase: her Plasma Inceptors against Bob's ten Boyz."""
    await h.slash("game start", opponent=BOB, first="me", edition="10th")
    await h.slash("unit add", name="Plasma Inceptors", models=models, wounds=wounds,
                  toughness=5, save="3+", keywords=keywords)  # fmt: skip
    await h.slash("unit weapon", unit="Plasma Inceptors", name="Plasma exterminator", **PLASMA)
    await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+",
                  owner=BOB, user=BOB)  # fmt: skip
    await to_phase(h, "shooting")


async def state(h: Harness) -> GameState:
    return (await h.bot.tracker.require(CHANNEL_ID)).state


async def alive(h: Harness, name: str) -> tuple[int, int]:
    unit = (await state(h)).unit(name)
    assert unit is not None
    return unit.alive, unit.wounds_left


async def test_hazardous_failed_test_destroys_an_infantry_bearer_and_undo_takes_back_both(
    tmp_path: Path,
) -> None:
    """ "one Hazardous test for each Hazardous weapon used ... on a 1, a model equipped with it
    is destroyed": three Inceptors fired, three tests, one failed."""
    # hits 4 1 1, wound 3; Hazardous tests 1 4 6
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 1, 1, 3, 1, 4, 6])) as h:
        await inceptors(h)
        [card, edited] = await h.slash("attack", **AT_BOYZ)
        for shown in (card, edited):
            assert shown.field("Hazardous") == (
                "3 tests — 1, 4, 6: 1 failed; a model of Plasma Inceptors is destroyed\n"
                "**Plasma Inceptors** — 2/3 models (2 W each)"
            )
            assert shown.field("Tracked unit") == "**Boyz** — 9/10 models"
        assert await alive(h, "Plasma Inceptors") == (2, 2)
        [log] = await h.slash("game log", count=2)
        assert "Plasma Inceptors took 2 damage from Hazardous" in log.embed["description"]
        await h.slash("game undo")  # one action: the attack and its Hazardous test
        assert await alive(h, "Plasma Inceptors") == (3, 2)
        assert await alive(h, "Boyz") == (10, 1)


async def test_hazardous_passed_tests_change_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1, 1, 2, 4, 6])) as h:
        await inceptors(h)
        [card, _] = await h.slash("attack", **AT_BOYZ)
        assert card.field("Hazardous") == "3 tests — 2, 4, 6: all passed"
        assert await alive(h, "Plasma Inceptors") == (3, 2)


async def test_hazardous_vehicle_suffers_3_mortal_wounds(tmp_path: Path) -> None:
    """ "if it is a CHARACTER, MONSTER or VEHICLE, it suffers 3 mortal wounds instead"."""
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1])) as h:  # a miss; test: 1
        await inceptors(h, models=1, keywords="vehicle, walker", wounds=8)
        [card, _] = await h.slash("attack", **AT_BOYZ)
        assert card.field("Hazardous") == (
            "1 test — 1: 1 failed; Plasma Inceptors suffers 3 mortal wounds\n"
            "**Plasma Inceptors** — 1/1 models (8 W each), 5/8 W on the damaged model"
        )
        assert await alive(h, "Plasma Inceptors") == (1, 5)


async def test_hazardous_can_destroy_the_attacking_unit(tmp_path: Path) -> None:
    """The last bearer fails its test: the card says the unit is destroyed, and the game too."""
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1])) as h:
        await inceptors(h, models=1)
        [card, _] = await h.slash("attack", **AT_BOYZ)
        assert card.field("Hazardous") == (
            "1 test — 1: 1 failed; a model of Plasma Inceptors is destroyed — the unit is "
            "destroyed\n~~Plasma Inceptors~~ — destroyed"
        )
        [status] = await h.slash("game status")
        assert "~~Plasma Inceptors~~ — destroyed" in status.text
        assert await alive(h, "Plasma Inceptors") == (0, 0)


async def test_hazardous_applies_to_a_tracked_attacker_at_a_typed_target(tmp_path: Path) -> None:
    """The target need not be tracked: the attacker's test is still recorded."""
    typed: dict[str, Any] = {"toughness": 5, "save": "6+"}
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1, 1, 1, 1, 5])) as h:
        await inceptors(h)
        [card, _] = await h.slash("attack", attacker="Plasma Inceptors", **typed)
        assert card.field("Hazardous").startswith("3 tests — 1, 1, 5: 2 failed; 2 models of")
        assert await alive(h, "Plasma Inceptors") == (1, 2)


async def test_hazardous_by_a_stranger_is_refused_before_any_die(tmp_path: Path) -> None:
    """Applying the test changes the game: only its players (or a moderator) may, and the
    refusal comes before the attack's dice."""
    dice = ScriptedDice([1, 1, 1, 6, 6, 6])
    async with Harness.running(tmp_path, dice=dice) as h:
        await inceptors(h)
        [refused] = await h.slash(
            "attack", attacker="Plasma Inceptors", toughness=5, save="6+", user=DAVE
        )
        assert refused.ephemeral and dice.remaining == 6
        assert await alive(h, "Plasma Inceptors") == (3, 2)


async def test_hazardous_untracked_attack_shows_the_tests_and_applies_nothing(
    tmp_path: Path,
) -> None:
    """A typed profile has no tracked bearer: the tests are shown with what a 1 does."""
    typed: dict[str, Any] = {**PLASMA, "toughness": 5, "save": "6+", "attackers": 2}
    del typed["range"]
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1, 1, 5])) as h:
        [card, _] = await h.slash("attack", edition="10th", **typed)
    assert card.field("Hazardous") == (
        "2 tests — 1, 5: 1 failed; for each, a bearer is destroyed, or suffers 3 mortal wounds "
        "if it is a CHARACTER, MONSTER or VEHICLE (no tracked attacker: apply it yourself)"
    )


async def predator(h: Harness) -> None:
    """A 10th game in Alice's Shooting phase: her Predator (a One Shot missile, a lascannon)."""
    await h.slash("game start", opponent=BOB, first="me", edition="10th")
    await h.slash("unit add", name="Predator", models=1, wounds=11, toughness=10, save="3+",
                  keywords="vehicle")  # fmt: skip
    gun: dict[str, Any] = {
        "range": '48"',
        "attacks": "1",
        "skill": "3+",
        "strength": "14",
        "ap": "-3",
    }
    await h.slash("unit weapon", unit="Predator", name="Hunter-killer missile",
                  damage="D6", abilities="one shot", **gun)  # fmt: skip
    await h.slash("unit weapon", unit="Predator", name="Twin lascannon", damage="D6+1", **gun)
    await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+",
                  owner=BOB, user=BOB)  # fmt: skip
    await to_phase(h, "shooting")


async def spent(h: Harness) -> frozenset[str]:
    unit = (await state(h)).unit("Predator")
    assert unit is not None
    return unit.spent


async def test_one_shot_fired_is_warned_and_not_preselected_after(tmp_path: Path) -> None:
    """ "The bearer can only shoot with this weapon once per battle"."""
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1, 1])) as h:  # misses
        await predator(h)
        [card, _] = await h.slash("attack", attacker="Predator", target="Boyz")  # both fire
        assert "Hunter-killer missile" in card.embed["description"]
        assert await spent(h) == frozenset({"hunter-killer missile"})
        [offer] = await h.slash("attack", attacker="Predator", target="Boyz")
        [menu] = offer.selects
        options = {o["label"]: (o.get("default", False), o["description"]) for o in menu["options"]}
        assert options == {
            "Hunter-killer missile": (False, "One Shot, fired already"),
            "Twin lascannon": (True, "ranged"),
        }
        missile: dict[str, Any] = {
            "attacker": "Predator",
            "weapon": "Hunter-killer missile",
            "target": "Boyz",
        }
        [warned] = await h.slash("attack", **missile)
        assert warned.ephemeral and SPENT_WARNING in warned.content
        card = await card_after(
            h, await h.click(warned.button("Resolve anyway")["custom_id"], on=warned)
        )
        assert "Hunter-killer missile" in card.embed["description"]


async def test_one_shot_is_undone_with_the_attack(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1, 1])) as h:
        await predator(h)
        missile: dict[str, Any] = {
            "attacker": "Predator",
            "weapon": "Hunter-killer missile",
            "target": "Boyz",
        }
        await h.slash("attack", **missile)
        assert await spent(h) == frozenset({"hunter-killer missile"})
        await h.slash("game undo")
        assert await spent(h) == frozenset()
        [card, _] = await h.slash("attack", **missile)  # not warned: fired no more
        assert not card.ephemeral


async def test_one_shot_stays_spent_in_the_next_battle_round(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1] + [6] * 30)) as h:
        await predator(h)
        await h.slash("attack", attacker="Predator", target="Boyz")
        for _ in range(40):
            now = await state(h)
            phase = now.phase.key if now.phase is not None else None
            if (now.round, now.active, phase) == (2, ALICE.id, "shooting"):
                break
            await h.slash("game next", user=ALICE if now.active == ALICE.id else BOB)
        assert (await state(h)).round == 2
        assert await spent(h) == frozenset({"hunter-killer missile"})
        [warned] = await h.slash(
            "attack", attacker="Predator", weapon="Hunter-killer missile", target="Boyz"
        )
        assert SPENT_WARNING in warned.content


@pytest.mark.parametrize("ability", ["precision", "psychic", "extra attacks", "one shot"])
async def test_10th_weapon_keywords_are_accepted_by_unit_weapon(
    tmp_path: Path, ability: str
) -> None:
    """Precision, Psychic, Extra Attacks, One Shot: typed on a weapon, kept and shown."""
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await h.slash("game start", opponent=BOB, first="me", edition="10th")
        await h.slash("unit add", name="Librarian", models=1, wounds=4, toughness=4,
                      save="3+", keywords="infantry, character, psyker")  # fmt: skip
        await h.slash("unit weapon", unit="Librarian", name="Force weapon", range="Melee",
                      attacks="4", skill="3+", strength="6", ap="-1", damage="2",
                      abilities=ability)  # fmt: skip
        unit = (await state(h)).unit("Librarian")
    assert unit is not None and unit.profile.weapons[0].abilities == ability

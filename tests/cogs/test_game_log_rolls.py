"""/game log shows the rolls made in the game's channel while it ran among its events, each after
the event it followed (`🎲 Alice: Charge 7" → rolled 8: made it`); `count` counts lines of both
kinds; a roll the game recorded as its own event is not shown twice, a secret one not at all."""

from __future__ import annotations

from pathlib import Path

from bot.rules.dice import ScriptedDice
from tests.cogs.test_charges_in_game import to_charge
from tests.harness import BOB, Harness
from tests.harness.payloads import MEMBER_PERMISSIONS, Person

ZOG = Person(940000000000000009, "*Zog*", MEMBER_PERMISSIONS)  # a name Markdown would bold


async def log_lines(h: Harness, count: int) -> tuple[str, list[str]]:
    [log] = await h.slash("game log", count=count)
    return log.embed["title"], log.embed["description"].split("\n")


async def test_free_rolls_show_after_the_event_they_followed(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([3, 5, 2, 3])) as h:
        await h.slash("game start", opponent=BOB, first="me")
        await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+")
        await h.slash("charge", distance=7)
        await h.slash("unit add", name="Nobz", models=3, wounds=2, toughness=5, save="4+")
        await h.slash("battleshock", leadership=7, user=BOB)
        title, lines = await log_lines(h, 4)
        _, three = await log_lines(h, 3)
    assert title == "Last 4 events and rolls"
    assert lines[0].endswith("added Boyz (10 models, W1)") and lines[0].startswith("`#")
    assert lines[1] == '🎲 Alice: Charge 7" → rolled 8: made it'
    assert lines[2].endswith("added Nobz (3 models, W2)")
    assert lines[3] == "🎲 Bob: Battle-shock test (Ld 7+) → rolled 5: battle-shocked"
    assert three == lines[1:]  # count counts both kinds of line


async def test_a_roll_the_game_recorded_is_shown_once_as_its_event(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2])) as h:
        await to_charge(h)
        await h.slash("charge", distance=9, unit="Intercessors", target="Boyz")
        title, lines = await log_lines(h, 50)
    assert title.endswith("events")  # no roll beside the game's own events
    assert not any(line.startswith("🎲") for line in lines)
    assert "Intercessors's charge at Boyz failed: rolled 3" in lines[-1]


async def test_a_secret_roll_is_not_shown(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 6, 2, 3])) as h:
        await h.slash("game start", opponent=BOB, first="me")
        await h.slash(
            "attack", attacks="2", skill="3+", strength="4", ap="-1", damage="1", toughness=5,
            save="5+", wounds=1, models=10, secret=True,
        )  # fmt: skip
        _, lines = await log_lines(h, 50)
    assert not any(line.startswith("🎲") for line in lines)


async def test_a_rollers_name_is_shown_as_typed(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4])) as h:
        await h.slash("game start", opponent=BOB, first="me")
        await h.slash("advance", move=6, user=ZOG)
        _, lines = await log_lines(h, 1)
    assert lines == ['🎲 \\*Zog\\*: Advance (Move 6") → rolled 4: Move 10"']

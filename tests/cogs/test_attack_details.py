"""The Details of /attack through real discord.Interactions: the damage that waited for the rest
is shown under its own heading, and feel-no-pain dice against each event."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.rules.dice import ScriptedDice
from tests.harness import BOB, Harness

DEVASTATING_GUNS: dict[str, Any] = {
    "attacks": "2", "skill": "3+", "strength": "4", "ap": "0", "damage": "2",
    "toughness": 4, "save": "4+", "wounds": 2, "models": 2, "fnp": "6+", "edition": "10th",
    "abilities": "devastating wounds",
}  # fmt: skip


async def test_details_show_devastating_wounds_after_every_other_attack(tmp_path: Path) -> None:
    """10th Core, Devastating Wounds: a critical wound inflicts its damage with no saving throw;
    Vox resolves it after every other attack (the "Rules used" line says so)."""
    # hits 4 4; wounds 6 (critical: waits), 4; save 1 -> 2 damage, FNP 6 (ignored) 2 -> 1 lost;
    # then the devastating wound: 2 damage on model 1 (1 wound left), FNP 3 -> 1 lost.
    faces = [4, 4, 6, 4, 1, 6, 2, 3]
    async with Harness.running(tmp_path, dice=ScriptedDice(faces)) as h:
        [reply, edit] = await h.slash("attack", **DEVASTATING_GUNS)
        [details] = await h.click(reply.button("Details")["custom_id"], on=edit, user=BOB)
    assert details.field("Saves (armour 4+)") == "1\n→ 0 saved, **2 unsaved**"
    assert details.field("Damage").splitlines() == [
        "model 1: 2, FNP **6** 2 → 1 lost",
        "__Devastating wounds, after every other attack:__",
        "model 1: 2 (devastating wound), FNP 3 → 1 lost, **1 destroyed**",
    ]


async def test_details_say_which_wounds_the_attached_leader_took(tmp_path: Path) -> None:
    """10th Core, Leader: attacks cannot be allocated to the Leader while its unit has Bodyguard
    models; each wound meets the save of the model it is allocated to."""
    # hits 4 4; wounds 4 4; save 1 (the Bodyguard's 3+) -> destroyed; save 3 (the Leader's 4++)
    # fails -> 2 damage
    options: dict[str, Any] = {
        "weapons": "1x 2 3+ 4 0 2", "toughness": 4, "save": "3+", "models": 1,
        "leader": "W3 5+ 4++", "edition": "10th",
    }  # fmt: skip
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 4, 4, 1, 3])) as h:
        [reply, edit] = await h.slash("attack", **options)
        [details] = await h.click(reply.button("Details")["custom_id"], on=edit, user=BOB)
    saves = details.field("Saves (armour 3+ · Leader: invulnerable 4+)")
    assert saves == "Bodyguard: 1 · Leader: 3\n→ 0 saved, **2 unsaved**"
    assert details.field("Damage").splitlines() == [
        "model 1: 2 → 1 lost, **1 destroyed**",
        "Leader model 1: 2 → 2 lost",
    ]

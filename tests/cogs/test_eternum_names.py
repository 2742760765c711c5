"""Eternum set-up names the players on every button and roll (issue #13: after the first roll-off
it said "Player 1 finished deploying first", "Winner **Player 1**", "Player 1 goes first", so a
wrong guess gave the +1 to the wrong player). The guild caches no members (no privileged
intents), so the names come from the users /game start resolved, carried by the buttons."""

from __future__ import annotations

from pathlib import Path

from bot.rules.dice import ScriptedDice
from tests.harness import BOB, CAROL, Harness
from tests.harness.recorder import Sent


def shown(sent: Sent) -> str:
    """What a reader sees of a message, its button labels included."""
    return "\n".join([sent.text, *(str(b.get("label")) for b in sent.buttons)])


async def test_every_set_up_message_names_the_players(tmp_path: Path) -> None:
    # Attacker roll-off: Alice 2, Bob 5. First-turn roll-off: Alice 4 + 1 = 5, Bob 3.
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 5, 4, 3])) as h:
        [start] = await h.slash("game start", opponent=BOB, edition="eternum")
        [roles] = await h.click(start.button("Alice is the Attacker")["custom_id"], on=start,
                                user=BOB)  # fmt: skip
        deployed = roles.button("Alice finished deploying first")
        assert roles.button("Bob finished deploying first")
        [rolloff] = await h.click(deployed["custom_id"], on=roles, user=BOB)
        assert rolloff.field("Winner") == "**Alice**"
        assert "Alice 4+1 = **5** · Bob **3**" in rolloff.embed["description"]
        assert rolloff.button("Alice goes first") and rolloff.button("Bob goes first")
    for sent in (start, roles, rolloff):
        assert "Player 1" not in shown(sent) and "Player 2" not in shown(sent)
        assert "Alice" in shown(sent) and "Bob" in shown(sent)


async def test_a_moderator_pressing_for_the_players_keeps_their_names(tmp_path: Path) -> None:
    """Carol (Manage Channels) is neither player: the names still come from the buttons."""
    async with Harness.running(tmp_path, dice=ScriptedDice([5, 2, 1, 6])) as h:
        [start] = await h.slash("game start", opponent=BOB, edition="eternum")
        [roles] = await h.click(start.button("Bob is the Attacker")["custom_id"], on=start)
        deployed = roles.button("Bob finished deploying first")
        [rolloff] = await h.click(deployed["custom_id"], on=roles, user=CAROL)
    assert rolloff.field("Winner") == "**Bob**"
    assert rolloff.button("Alice goes first") and rolloff.button("Bob goes first")

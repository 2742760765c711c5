"""/attack in a game's turn: the phase's weapons, the select menu when there is a choice, what the
game recorded this turn applied, and the rules' warnings with "Resolve anyway"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from bot.game.events import EngagementChanged
from bot.rules.dice import ScriptedDice
from bot.ui.attack.kept import ASK_GONE, NOT_YOURS
from tests.cogs.test_attack_in_game import to_phase
from tests.harness import ALICE, BOB, CHANNEL_ID, Harness, Sent

SIX = [6] * 200  # every die a 6: everything hits, wounds and is saved (saves of 6 pass too)


async def weapon(h: Harness, unit: str, name: str, range_: str, **more: Any) -> None:
    profile = {"attacks": "1", "skill": "3+", "strength": "4", "ap": "0", "damage": "1"}
    await h.slash("unit weapon", unit=unit, name=name, range=range_, **{**profile, **more})


async def armies(h: Harness, edition: str = "10th") -> None:
    """Alice's Intercessors (bolt rifle, bolt pistol, close combat weapon) and Redemptor (fist and
    guns) against Bob's Boyz, in Alice's Command phase."""
    await h.slash("game start", opponent=BOB, first="me", edition=edition)
    await h.slash("unit add", name="Intercessors", models=5, wounds=2, toughness=4, save="3+",
                  keywords="infantry")  # fmt: skip
    await weapon(h, "Intercessors", "Bolt rifle", '24"', attacks="2", abilities="assault, heavy")
    await weapon(h, "Intercessors", "Bolt pistol", '12"', abilities="pistol")
    await weapon(h, "Intercessors", "Close combat weapon", "Melee")
    await h.slash("unit add", name="Redemptor", models=1, wounds=12, toughness=10, save="2+",
                  keywords="vehicle, walker")  # fmt: skip
    await weapon(h, "Redemptor", "Redemptor fist", "Melee", strength="12", damage="3")
    await weapon(h, "Redemptor", "Onslaught cannon", '24"', attacks="12", strength="6")
    await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+",
                  owner=BOB, user=BOB)  # fmt: skip


def forged(h: Harness, sent: Sent, custom_id: str, new: str) -> str:
    """Put a hand-made custom_id on the message in place of `custom_id` (what a raw caller could
    send); the new custom_id."""
    message = h.recorder.messages[sent.message_id or 0]
    text = json.dumps(message).replace(f'"{custom_id}"', f'"{new}"')
    h.recorder.messages[sent.message_id or 0] = json.loads(text)
    return new


async def card_after(h: Harness, sent: list[Sent]) -> Sent:
    """The public card among what a press sent, after the private choice was closed."""
    closed, card, _ = sent
    assert closed.callback_type == 7 and closed.content == "Resolved: the attack is below."
    assert card.kind == "followup" and not card.ephemeral
    return card


async def test_a_redemptor_in_the_shooting_phase_fires_its_guns_not_its_fist(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        [card, _] = await h.slash("attack", attacker="Redemptor", target="Boyz")
    assert not card.ephemeral
    assert "Onslaught cannon" in card.embed["description"]
    assert "fist" not in card.embed["description"]


async def test_intercessors_choose_with_the_bolt_rifle_picked_then_attack(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        [offer] = await h.slash("attack", attacker="Intercessors", target="Boyz")
        assert offer.ephemeral and "**Intercessors** in the Shooting phase" in offer.content
        [menu] = offer.selects
        options = {o["label"]: o.get("default", False) for o in menu["options"]}
        assert options == {"Bolt rifle": True, "Bolt pistol": False}  # no melee while shooting
        assert menu["max_values"] == 2
        shown = dict(h.recorder.messages[offer.message_id or 0])
        card = await card_after(h, await h.click(offer.button("Attack")["custom_id"], on=offer))
        h.recorder.messages[offer.message_id or 0] = shown  # pressed again on a client not updated
        again = await h.click(offer.button("Attack")["custom_id"], on=offer)
    assert "Bolt rifle" in card.embed["description"] and "pistol" not in card.embed["description"]
    assert card.field("Result").startswith("10 hits → 10 wounds → 0 failed saves")
    [gone] = again  # an attack is resolved once
    assert gone.ephemeral and gone.content == ASK_GONE


async def test_a_secret_attack_replaces_its_private_choice_with_the_card(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        [offer] = await h.slash("attack", attacker="Intercessors", target="Boyz", secret=True)
        [card, odds] = await h.click(offer.button("Attack")["custom_id"], on=offer)
    assert card.callback_type == 7 and card.message_id == offer.message_id
    assert card.field("Result").startswith("10 hits")
    assert odds.kind == "edit" and odds.message_id == offer.message_id


async def test_changing_the_selection_edits_the_choice_and_the_attack_follows_it(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        [offer] = await h.slash("attack", attacker="Intercessors", target="Boyz")
        [menu] = offer.selects
        [edited] = await h.click(menu["custom_id"], on=offer, values=["1"])
        assert edited.callback_type == 7
        [menu] = edited.selects
        assert [o.get("default", False) for o in menu["options"]] == [False, True]
        card = await card_after(h, await h.click(edited.button("Attack")["custom_id"], on=offer))
    assert "Bolt pistol" in card.embed["description"] and "rifle" not in card.embed["description"]


async def test_pistols_and_other_guns_together_warn_and_resolve_anyway(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        [offer] = await h.slash("attack", attacker="Intercessors", target="Boyz")
        [menu] = offer.selects
        [both] = await h.click(menu["custom_id"], on=offer, values=["0", "1"])
        [warned] = await h.click(both.button("Attack")["custom_id"], on=offer)
        assert warned.callback_type == 7 and "Pistols or its other ranged weapons" in warned.content
        [not_yours] = await h.click(
            warned.button("Resolve anyway")["custom_id"], on=offer, user=BOB
        )
        assert not_yours.ephemeral and not_yours.content == NOT_YOURS
        sent = await h.click(warned.button("Resolve anyway")["custom_id"], on=offer)
    card = await card_after(h, sent)
    description = card.embed["description"]
    assert "Bolt rifle" in description and "Bolt pistol" in description


async def test_the_fight_phase_attacks_with_melee_weapons(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await h.bot.tracker.act(
            CHANNEL_ID, ALICE.id,
            lambda s: [EngagementChanged(unit="Intercessors", enemies=("Boyz",))],
        )  # fmt: skip
        await to_phase(h, "fight")
        [card, _] = await h.slash("attack", attacker="Intercessors", target="Boyz")
    assert not card.ephemeral
    assert "Close combat weapon" in card.embed["description"]
    assert "Bolt" not in card.embed["description"]


async def test_remained_stationary_gives_the_heavy_bolt_rifle_plus_one(tmp_path: Path) -> None:
    """10th Core, Heavy: +1 to the Hit roll if the unit Remained Stationary this turn."""
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "movement")
        await h.slash("unit move", unit="Intercessors", mode="stationary")
        await to_phase(h, "shooting")
        [card, _] = await h.slash("attack", attacker="Intercessors", weapon="Bolt rifle",
                                  target="Boyz")  # fmt: skip
        [details] = await h.click(card.button("Details")["custom_id"], on=card)
    assert card.field("Applied this turn") == "Remained Stationary: Heavy +1 to hit"
    assert "→ **10 hits**" in details.field("Hit rolls (3+, +1)")


async def test_an_advanced_unit_firing_a_non_assault_weapon_is_warned_first(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, *SIX])) as h:  # the Advance: 4
        await armies(h)
        await to_phase(h, "movement")
        await h.slash("unit move", unit="Intercessors", mode="advance")
        await to_phase(h, "shooting")
        pistol: dict[str, Any] = {
            "attacker": "Intercessors",
            "weapon": "Bolt pistol",
            "target": "Boyz",
        }
        [warned] = await h.slash("attack", **pistol)
        assert warned.ephemeral and warned.content == (
            "⚠️ The rules forbid this attack by **Intercessors**:\n"
            "• Intercessors Advanced this turn, so it shoots only Assault weapons, and Bolt "
            "pistol is not Assault.\nPress **Resolve anyway** if a rule of your game allows it."
        )
        boyz = (await h.bot.tracker.require(CHANNEL_ID)).state.unit("Boyz")
        card = await card_after(
            h, await h.click(warned.button("Resolve anyway")["custom_id"], on=warned)
        )
        # The Assault rifle shoots without a warning, with what the Advance changes in 10th.
        [rifle, _] = await h.slash("attack", **{**pistol, "weapon": "Bolt rifle"})
    assert boyz is not None and boyz.alive == 10  # nothing happened before Resolve anyway
    assert "Bolt pistol" in card.embed["description"]
    assert not rifle.ephemeral


async def test_a_choice_from_an_earlier_phase_is_not_resolved_in_this_one(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        [offer] = await h.slash("attack", attacker="Intercessors", target="Boyz")
        await h.slash("game next")
        [moved_on] = await h.click(offer.button("Attack")["custom_id"], on=offer)
    assert moved_on.ephemeral
    assert (
        moved_on.content == "The game has moved on to the Charge phase since; type /attack again."
    )


async def test_after_a_restart_the_choice_asks_for_a_new_attack(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        [offer] = await h.slash("attack", attacker="Intercessors", target="Boyz")
        messages = h.recorder.messages
    async with Harness.running(tmp_path) as h:
        h.recorder.messages.update(messages)
        [menu] = offer.selects
        for custom_id, values in ((offer.button("Attack")["custom_id"], None),
                                  (menu["custom_id"], ["1"])):  # fmt: skip
            [gone] = await h.click(custom_id, on=offer, values=values)
            assert gone.ephemeral and gone.content == ASK_GONE


async def test_the_weapons_in_a_button_are_bounded(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice(SIX)) as h:
        await armies(h)
        await to_phase(h, "shooting")
        [offer] = await h.slash("attack", attacker="Intercessors", target="Boyz")
        real = offer.button("Attack")["custom_id"]
        zero = forged(h, offer, real, real[:-1] + "0")
        [none] = await h.click(zero, on=offer)
        [beyond] = await h.click(forged(h, offer, zero, real[:-1] + "1024"), on=offer)  # 11 of 3
    assert none.content == "Pick at least one weapon in the menu, then press Attack."
    assert beyond.content == "The weapons of Intercessors have changed since; type /attack again."


async def test_without_a_game_the_attack_is_as_typed(harness: Harness) -> None:
    typed: dict[str, Any] = {"attacks": "1", "skill": "3+", "strength": "4", "ap": "0",
                             "damage": "1", "toughness": 4, "save": "4+"}  # fmt: skip
    [card, _] = await harness.slash("attack", **typed)
    assert not card.ephemeral and "Applied this turn" not in card.text

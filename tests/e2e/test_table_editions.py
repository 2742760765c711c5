"""Shorter games in the other editions, through the real command tree: 9th (a psychic power, a
Morale test from the prompt), 7th (its game turn and its Warp Charge psychic test; attacks refused
with one sentence) and Eternum (the players' names through set-up, a unit held in Reserve that
arrives on its roll, Morale after the Fight phase's casualties)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.table import Table, TableDice, button, field
from tests.harness import ALICE, BOB, Harness
from tests.harness.posts import public_posts


async def test_a_9th_game_manifests_a_power_and_takes_morale_from_the_prompt(
    tmp_path: Path,
) -> None:
    dice = TableDice(seed=9)
    async with Harness.running(tmp_path, dice=dice) as h:
        t = Table(h, dice)
        await t.say("game start", opponent=BOB, first="me", edition="9th", rounds=2)
        await t.say("unit add", name="Librarian", models=1, wounds=5, toughness=4, save="3+",
                    keywords="psyker", leadership=9)  # fmt: skip
        await t.say("unit add", BOB, owner=BOB, name="Boyz", models=10, wounds=1, toughness=5,
                    save="6+", leadership=7)  # fmt: skip
        await t.to("psychic")
        psychic, _ = await t.live()
        assert "**Librarian**" in field(psychic, "Eligible to manifest")
        dice.force(4, 5)  # 9 against warp charge 6
        [power] = public_posts(
            await t.say("psychic", wc=6, power="Veil of Time", psyker="Librarian")
        )
        assert "manifested" in power.text.lower()
        await t.say("unit damage", unit="Boyz", wounds=4)  # the shooting, corrected by hand
        await t.to("morale")
        morale, on = await t.live()
        assert "Boyz" in field(morale, "Morale tests")
        dice.force(6)  # seed 000: D6 + 4 lost = 10, above Ld 7: 3 flee
        await t.click(button(on, "Boyz"), on, BOB)
        boyz = (await t.state()).unit("Boyz")
        assert boyz.alive < 6  # the 4 lost, then the ones that fled
    assert len(public_posts(t.sent)) == 2  # the live prompt and the power


async def test_a_7th_game_counts_game_turns_and_rolls_warp_charge_dice(tmp_path: Path) -> None:
    dice = TableDice(seed=7)
    async with Harness.running(tmp_path, dice=dice) as h:
        t = Table(h, dice)
        [started] = await t.say("game start", opponent=BOB, first="me", edition="7th", rounds=2)
        # Seed 001: "In a complete game turn, each player gets a player turn"; no Command points.
        assert started.embeds[-1]["title"] == "Game turn 1/2 — Start of turn"
        assert "CP" not in field(started.embeds[-1], "Points")
        await t.say("unit add", name="Librarian", models=1, wounds=3, toughness=4, save="3+",
                    keywords="psyker")  # fmt: skip
        await t.say("unit add", BOB, owner=BOB, name="Boyz", models=10, wounds=1, toughness=4,
                    save="6+")  # fmt: skip
        await t.to("psychic")
        dice.force(4, 1, 6)  # two of three dice on 4+: warp charge 2 manifests
        [power] = public_posts(
            await t.say("psychic", wc=2, dice=3, power="Prescience", psyker="Librarian")
        )
        assert "**2** of 3 dice on 4+, **manifested**" in power.text
        refused = await h.slash("attack", attacker="Librarian", target="Boyz")
        assert refused[0].ephemeral and "7th" in refused[0].content  # no 9th rules under 7th
        await t.to("end")
        await t.next()
        assert (await t.state()).active == BOB.id


async def test_an_eternum_game_names_its_players_holds_reserves_and_tests_after_the_fight(
    tmp_path: Path,
) -> None:
    dice = TableDice(seed=4)
    async with Harness.running(tmp_path, dice=dice) as h:
        t = Table(h, dice)
        dice.force(5, 2)  # Alice wins the Attacker roll-off
        [start] = await t.say("game start", opponent=BOB, edition="eternum", rounds=3)
        assert "Player 1" not in start.text and "Alice" in start.text
        [roles] = await t.click(start.button("Alice is the Attacker")["custom_id"], start)
        await t.say("unit add", name="Terminators", models=5, wounds=3, toughness=4, save="2+")
        await t.say("unit add", name="Scouts", models=5, wounds=1, toughness=4, save="4+")
        await t.say("unit add", BOB, owner=BOB, name="Boyz", models=10, wounds=1, toughness=5,
                    save="6+", leadership=7)  # fmt: skip
        await t.say("unit reserve", unit="Terminators")
        dice.force(4, 3)  # the first-turn roll-off: 4 + 1 for deploying first, against 3
        [rolloff] = await t.click(roles.button("Alice finished deploying first")["custom_id"],
                                  roles, BOB)  # fmt: skip
        assert "Player 1" not in rolloff.text
        await t.click(rolloff.button("Alice goes first")["custom_id"], rolloff)
        await t.to("fight")
        await t.say("unit engage", unit="Scouts", enemy="Boyz")
        await t.say("unit damage", unit="Boyz", wounds=3)  # the Scouts' fight, by hand
        await t.to("morale")  # seed 004's Morale and Battleshock, once the fighting is done
        morale, _ = await t.live()
        assert "Boyz" in field(morale, "Morale tests")
        await t.until(2, ALICE, "movement")  # Alice's second turn: Reserve Rolls begin
        _, on = await t.live()
        dice.force(3)  # seed 004: a Reserve Roll of 3+ arrives
        await t.click(button(on, "Reserve Roll: Terminators"), on)
        assert not (await t.state()).unit("Terminators").in_reserve

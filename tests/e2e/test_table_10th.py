"""A whole 10th-edition game played as a table would, through the real command tree: two players,
four units a side, five battle rounds — moves, shooting, charges with a Command Re-roll, fights,
battle-shock, VP, an undo, a unit destroyed, the end and a review of the finished game.

It asserts what the table relies on: the prompts name the units concerned, what the game recorded
this turn changes the rolls by itself, the channel stays quiet (every public post is counted), and
the final state adds up. The dice are seeded (attacks vary with the seed; nothing asserted depends
on them), except where a roll decides the script: those faces are forced.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.table import Table, TableDice, attack, button, field
from tests.harness import ALICE, BOB, CHANNEL_ID, Harness, Person
from tests.harness.posts import public_posts

MAX_PUBLIC_POSTS = 60  # the target for this game (179 public posts before)


async def weapon(t: Table, user: Person, unit: str, name: str, range_: str, **more: str) -> None:
    profile = {"attacks": "2", "skill": "3+", "strength": "4", "ap": "0", "damage": "1"}
    await t.say("unit weapon", user, unit=unit, name=name, range=range_, **{**profile, **more})


async def armies(t: Table) -> None:
    """Four units a side, as the players type them."""
    add = {"user": ALICE}
    await t.say("unit add", **add, name="Intercessors", models=5, wounds=2, toughness=4,
                save="3+", keywords="infantry")  # fmt: skip
    await weapon(t, ALICE, "Intercessors", "Bolt rifle", '24"', ap="-1", abilities="heavy")
    await weapon(t, ALICE, "Intercessors", "Bolt pistol", '12"', attacks="1", abilities="pistol")
    await weapon(t, ALICE, "Intercessors", "Close combat weapon", "Melee", attacks="3")
    await t.say("unit add", **add, name="Redemptor", models=1, wounds=12, toughness=10, save="2+",
                keywords="vehicle, walker")  # fmt: skip
    await weapon(t, ALICE, "Redemptor", "Onslaught gatling", '24"', attacks="12", strength="6")
    await weapon(t, ALICE, "Redemptor", "Redemptor fist", "Melee", attacks="5", strength="12",
                 ap="-2", damage="3")  # fmt: skip
    await t.say("unit add", **add, name="Hellblasters", models=5, wounds=2, toughness=4,
                save="3+", keywords="infantry")  # fmt: skip
    await weapon(t, ALICE, "Hellblasters", "Plasma incinerator", '24"', strength="7", ap="-2")
    await t.say("unit add", **add, name="Assault Intercessors", models=5, wounds=2,
                toughness=4, save="3+", keywords="infantry")  # fmt: skip
    await weapon(t, ALICE, "Assault Intercessors", "Chainsword", "Melee", attacks="4", ap="-1")
    bob = {"user": BOB, "owner": BOB}
    await t.say("unit add", **bob, name="Boyz", models=10, wounds=1, toughness=5, save="5+",
                keywords="infantry")  # fmt: skip
    await weapon(t, BOB, "Boyz", "Choppa", "Melee", attacks="3", ap="-1")
    await t.say("unit add", **bob, name="Nobz", models=5, wounds=2, toughness=5, save="4+",
                keywords="infantry")  # fmt: skip
    await weapon(t, BOB, "Nobz", "Power klaw", "Melee", attacks="3", strength="9", ap="-2",
                 damage="2")  # fmt: skip
    await t.say("unit add", **bob, name="Lootas", models=5, wounds=1, toughness=5, save="5+",
                keywords="infantry")  # fmt: skip
    await weapon(t, BOB, "Lootas", "Deffgun", '48"', strength="8", ap="-1", damage="2")
    await t.say("unit add", **bob, name="Deff Dread", models=1, wounds=8, toughness=9, save="2+",
                keywords="vehicle, walker")  # fmt: skip
    await weapon(t, BOB, "Deff Dread", "Rokkit", '24"', attacks="1", strength="9", ap="-2",
                 damage="3")  # fmt: skip
    await weapon(t, BOB, "Deff Dread", "Dread klaw", "Melee", attacks="4", strength="12",
                 ap="-2", damage="3")  # fmt: skip


async def alice_round_1(t: Table) -> None:
    """Alice: Intercessors stay put and shoot (Heavy +1 by itself), a charge fails and is
    Command Re-rolled, then the fight."""
    await t.to("movement")
    await t.say("unit move", unit="Intercessors", mode="stationary")
    await t.to("shooting")
    shooting, _ = await t.live()
    assert "**Intercessors**" in field(shooting, "Eligible to shoot")
    assert "**Redemptor**" in field(shooting, "Eligible to shoot")
    card = await attack(t, ALICE, attacker="Intercessors", target="Nobz")
    assert card.field("Applied this turn") == "Remained Stationary: Heavy +1 to hit"
    assert "Bolt rifle" in card.embed["description"]
    assert "pistol" not in card.embed["description"]  # Pistols or the other guns, not both
    assert "Close combat" not in card.embed["description"]  # no melee while shooting
    card = await attack(t, ALICE, attacker="Redemptor", target="Nobz")
    assert (
        "Onslaught gatling" in card.embed["description"] and "fist" not in card.embed["description"]
    )
    await t.to("charge")
    charging, _ = await t.live()
    assert "**Assault Intercessors**" in field(charging, "Eligible to charge")
    t.dice.force(1, 2)  # 3: a charge 9" away needs 8+ (1" of Engagement Range)
    [failed] = await t.say("charge", unit="Assault Intercessors", target="Boyz", distance=9)
    assert "needs 8+" in failed.text
    t.dice.force(4, 5)  # the Command Re-roll: 9
    [rerolled] = await t.click(button(failed, "Command Re-roll"), failed)
    assert rerolled.callback_type == 7  # the card is edited, nothing new is posted
    state = await t.state()
    assert state.cp[ALICE.id] == 0  # 1 CP from the Command phase, spent on the re-roll
    assert state.unit("Assault Intercessors").engaged == {"boyz"}
    [again] = await t.h.slash("charge", unit="Assault Intercessors", target="Boyz", distance=9)
    assert again.ephemeral and "already" in again.content  # one charge per unit per phase
    await t.to("fight")
    fight, _ = await t.live()
    order = field(fight, "Fight order")
    assert order.index("Assault Intercessors") < order.index("Boyz")  # chargers fight first
    # Six of twenty chainsword attacks hit and wound, every save fails: six Boyz die (4/10 left).
    t.dice.force(*[6] * 6, *[1] * 14, *[6] * 6, *[1] * 6)
    card = await attack(t, ALICE, attacker="Assault Intercessors", target="Boyz")
    assert "Chainsword" in card.embed["description"]
    assert state.unit("Boyz") is not None
    assert (await t.state()).unit("Boyz").alive == 4
    await attack(t, BOB, attacker="Boyz", target="Assault Intercessors")  # both sides fight


async def bob_round_1(t: Table) -> None:
    """Bob: the Boyz, below half-strength, take their Battle-shock test from the prompt."""
    await t.next(ALICE)  # Alice's Fight phase → Bob's Command phase: a new live prompt
    command, on = await t.live()
    assert "Boyz" in field(command, "Battle-shock tests")
    t.dice.force(1, 1)
    await t.click(button(on, "Boyz"), on, BOB)
    assert (await t.state()).unit("Boyz").battle_shocked
    await t.to("movement")
    await t.say("unit move", BOB, unit="Lootas", mode="stationary")
    await t.to("shooting")
    await attack(t, BOB, attacker="Lootas", target="Hellblasters")
    await t.to("charge")
    t.dice.force(3, 4)
    await t.say("charge", BOB, unit="Nobz", target="Hellblasters", distance=7)
    await t.to("fight")
    await attack(t, BOB, attacker="Nobz", target="Hellblasters")
    if not (await t.state()).unit("Hellblasters").destroyed:  # what is left strikes back
        await attack(t, ALICE, attacker="Hellblasters", target="Nobz")


SHOOTERS = {
    ALICE.id: ("Hellblasters", "Intercessors", "Redemptor"),
    BOB.id: ("Lootas", "Deff Dread"),
}
TARGETS = {
    ALICE.id: ("Lootas", "Nobz", "Boyz", "Deff Dread"),
    BOB.id: ("Redemptor", "Intercessors", "Hellblasters", "Assault Intercessors"),
}


def first_alive(state: Any, names: tuple[str, ...]) -> str | None:
    """The first of `names` still on the table (the seeded dice decide who survives)."""
    return next((n for n in names if not state.unit(n).destroyed), None)


async def a_later_turn(t: Table, player: Person, round_: int) -> None:
    """A turn after the first: VP in the Command phase, a move, a shot, the fights in progress."""
    await t.say("vp add", player, amount=5 if player is ALICE else 3, reason="primary")
    await t.to("movement")
    state = await t.state()
    mover, target = first_alive(state, SHOOTERS[player.id]), first_alive(state, TARGETS[player.id])
    advance = player is ALICE and round_ == 2
    if mover is not None:
        await t.say("unit move", player, unit=mover, mode="advance" if advance else "stationary")
    await t.to("shooting")
    if mover is None or target is None:
        pass
    elif advance:  # an Advanced unit cannot shoot its non-Assault gun: the prompt says so
        shooting, _ = await t.live()
        assert f"**{mover}** — Advanced" in field(shooting, "Cannot shoot")
        gun = {"Hellblasters": "Plasma incinerator", "Intercessors": "Bolt rifle"}[mover]
        [warned] = await t.say("attack", player, attacker=mover, weapon=gun, target=target)
        assert warned.ephemeral and "Resolve anyway" in str(warned.buttons)
    else:
        await attack(t, player, attacker=mover, target=target)
    await t.to("fight")
    if player is ALICE and round_ == 3:  # the Redemptor piles into the Deff Dread and kills it
        await t.say("unit engage", ALICE, unit="Redemptor", enemy="Deff Dread")
        t.dice.force(*[6] * 5, *[6] * 5, *[1] * 5)
        await attack(t, ALICE, attacker="Redemptor", target="Deff Dread")
        assert (await t.state()).unit("Deff Dread").destroyed


async def test_a_5_round_10th_game_follows_the_table_and_stays_quiet(tmp_path: Path) -> None:
    dice = TableDice(seed=40_000)
    async with Harness.running(tmp_path, dice=dice) as h:
        t = Table(h, dice)
        await t.say("game start", opponent=BOB, first="me", edition="10th")
        await armies(t)
        await alice_round_1(t)
        await bob_round_1(t)
        for round_ in range(2, 6):
            for player in (ALICE, BOB):
                await t.to("command")
                assert (await t.state()).active == player.id
                if player is BOB and round_ == 2:  # a Next phase pressed by mistake, undone
                    await t.to("movement")
                    [undone] = public_posts(await t.say("game undo", BOB))
                    assert undone.content.startswith("↩️ Undone:")
                    assert "Command phase" in undone.embeds[-1]["title"]
                await a_later_turn(t, player, round_)
                await t.to("fight")
                await t.next(player)  # the end of this turn (and of the game after round 5)
        final = await t.state()
        [status] = public_posts(await t.say("game status"))
        [log] = public_posts(await t.say("game log", count=50))
        [summary] = public_posts(await t.say("game summary"))
        table = await h.bot.tracker.latest(CHANNEL_ID)
        assert table is not None
        kinds = [
            (r.event.kind, getattr(r.event, "unit", None))
            for r in await h.bot.tracker.history(table)
        ]
    posts = public_posts(t.sent)
    print(f"\n{len(posts)} public posts for a 5-round 10th game with 4 units a side:")
    for post in posts:
        print("  ", str(post.embeds[-1].get("title")) if post.embeds else post.content)
    assert len(posts) <= MAX_PUBLIC_POSTS
    prompts = [p for p in posts if p.embeds and " — Command phase" in p.embeds[-1]["title"]]
    assert len(prompts) == 10 + 1  # one live prompt per player turn, and undo's repost
    assert final.status == "ended" and final.winner == ALICE.id
    assert final.vp == {ALICE.id: 20, BOB.id: 12}
    assert final.cp == {ALICE.id: 9, BOB.id: 10}  # 1 CP per Command phase each, 1 re-roll
    assert final.unit("Deff Dread").destroyed and final.unit("Boyz").battle_shocked is False
    assert "finished" in status.embeds[0]["title"] and f"<@{ALICE.id}> wins" in status.text
    assert "Game over" in log.text  # and /game log reaches every event of the game:
    assert ("event_undone", None) in kinds and ("damage_applied", "Deff Dread") in kinds
    assert summary.embeds[0]["title"] == "End of battle round 5"

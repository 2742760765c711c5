"""/psychic and /smite with a tracked psyker (seed 000 Psychic phase; seed 002 Smite, Perils)."""

from __future__ import annotations

from pathlib import Path

from bot.rules.dice import ScriptedDice
from tests.harness import ALICE, BOB, CAROL, DAVE, Harness, Sent


async def psyker_game(h: Harness, *, psychic_phase: bool = True, wounds: int = 5) -> None:
    await h.slash("game start", opponent=BOB, first="me")
    await h.slash(
        "unit add", name="Librarian", models=1, wounds=wounds, toughness=4, save="3+",
        keywords="psyker, character",
    )  # fmt: skip
    await h.slash(
        "unit add", name="Epistolary", models=1, wounds=5, toughness=4, save="3+", keywords="psyker"
    )
    await h.slash("unit add", name="Boyz", models=10, wounds=1, toughness=5, save="6+", user=BOB)
    await h.slash("unit add", name="Nobz", models=3, wounds=2, toughness=5, save="4+", user=BOB)
    if psychic_phase:
        await h.slash("game next")  # Movement
        await h.slash("game next")  # Psychic


async def status(h: Harness) -> Sent:
    [reply] = await h.slash("game status")
    return reply


async def test_perils_mortal_wounds_are_applied_to_the_psyker_unit(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 1, 5])) as h:  # double 1; D3 = 3
        await psyker_game(h)
        [reply] = await h.slash("psychic", wc=5, power="Veil of Time", psyker="Librarian")
        assert reply.field("Tracked unit") == (
            "Perils: **Librarian** — 1/1 models (5 W each), 2/5 W on the damaged model"
        )
        [log] = await h.slash("game log", count=3)
    assert "Perils of the Warp" in log.embed["description"]
    assert "Librarian failed to manifest Veil of Time" in log.embed["description"]


async def test_a_tracked_psyker_names_its_power(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:  # refused before rolling
        await psyker_game(h)
        [reply] = await h.slash("psychic", wc=5, psyker="Librarian")
    assert reply.ephemeral and "Name the power (power:)" in reply.content


async def test_each_psyker_attempts_smite_at_most_once_per_battle_round(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2])) as h:  # one test only
        await psyker_game(h)
        await h.slash("smite", psyker="Librarian")
        [again] = await h.slash("smite", psyker="Librarian")
    assert again.ephemeral
    assert again.content == "Librarian already attempted Smite this battle round."


async def test_the_same_power_only_once_per_battle_round_across_the_army(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2])) as h:
        await psyker_game(h)
        await h.slash("psychic", wc=6, power="Null Zone", psyker="Librarian")
        [again] = await h.slash("psychic", wc=6, power="Null Zone", psyker="Epistolary")
    assert again.ephemeral and "Your army already attempted Null Zone" in again.content


async def test_smite_warp_charge_counts_the_armys_earlier_smites_this_phase(
    tmp_path: Path,
) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([1, 2, 3, 2])) as h:
        await psyker_game(h)
        await h.slash("smite", psyker="Librarian")
        [second] = await h.slash("smite", psyker="Epistolary", earlier=0)  # counted, not typed
    assert second.embed["title"] == "🔮 Smite — warp charge 6"


async def test_a_psyker_that_fell_back_cannot_manifest(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await psyker_game(h, psychic_phase=False)
        await h.slash("game next")  # Movement
        await h.slash("unit move", unit="Librarian", mode="fall back")
        await h.slash("game next")  # Psychic
        [reply] = await h.slash("smite", psyker="Librarian")
    assert reply.ephemeral
    assert reply.content == "Librarian Fell Back this turn, so it cannot manifest powers."


async def test_manifesting_outside_the_psychic_phase_warns(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([2, 3])) as h:
        await psyker_game(h, psychic_phase=False)  # Command phase
        [reply] = await h.slash("psychic", wc=5, power="Veil of Time", psyker="Librarian")
    assert "It is the Command phase: powers are manifested in the Psychic phase." in reply.field(
        "Tracked unit"
    )


async def test_smite_on_a_target_lands_when_the_opponent_does_not_deny(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 3, 5])) as h:  # 7; D3 from 5 = 3
        await psyker_game(h)
        [cast] = await h.slash("smite", psyker="Librarian", target="Nobz")
        assert "**3** mortal wounds on **Nobz**, unless denied" in cast.field("Effect")
        resolve = cast.button("No deny: resolve Smite")["custom_id"]
        [mine] = await h.click(resolve, on=cast, user=ALICE)
        assert mine.ephemeral and f"<@{BOB.id}> decides" in mine.content
        [done] = await h.click(resolve, on=cast, user=BOB)
        assert "Smite: 3 mortal wounds on **Nobz** — 2/3 models" in done.field("Smite")
        assert done.buttons == []
        assert "Nobz** — 2/3 models" in (await status(h)).text


async def test_a_failed_deny_lets_smite_land_and_a_denied_smite_does_nothing(
    tmp_path: Path,
) -> None:
    # Librarian: 4+3 = 7, D3 from 3 = 2; Bob denies 3+3 = 6 (fails). Epistolary: 2+3 = 5,
    # D3 from 1 = 1 (Smite number 2 this phase: warp charge 6 → 5 fails); so roll 3+4 = 7 → 1.
    dice = ScriptedDice([4, 3, 3, 3, 3, 3, 4, 1, 6, 6])
    async with Harness.running(tmp_path, dice=dice) as h:
        await psyker_game(h)
        [cast] = await h.slash("smite", psyker="Librarian", target="Boyz")
        [landed] = await h.click(cast.button("Deny the Witch")["custom_id"], on=cast, user=BOB)
        assert "Smite: 2 mortal wounds on **Boyz** — 8/10 models" in landed.field(
            "🛡️ Deny the Witch"
        )
        [cast2] = await h.slash("smite", psyker="Epistolary", target="Boyz")
        [denied] = await h.click(cast2.button("Deny the Witch")["custom_id"], on=cast2, user=BOB)
        assert "**denied**" in denied.field("🛡️ Deny the Witch")
        assert "Boyz** — 8/10 models" in (await status(h)).text


async def test_smite_targets_only_enemy_units(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:
        await psyker_game(h)
        [reply] = await h.slash("smite", psyker="Librarian", target="Epistolary")
    assert reply.ephemeral and "pick an enemy unit" in reply.content


async def test_perils_that_destroy_the_psyker_hit_the_units_its_player_picks(
    tmp_path: Path,
) -> None:
    # 6+6 passes with Perils; D3 from 6 = 3 kills the 3-wound psyker; blast D3s: 5 → 3, 2 → 1.
    async with Harness.running(tmp_path, dice=ScriptedDice([6, 6, 6, 5, 2])) as h:
        await psyker_game(h, wounds=3)
        [reply] = await h.slash("psychic", wc=5, power="Veil of Time", psyker="Librarian")
        assert "destroyed by Perils: the power fails" in reply.field("Tracked unit")
        assert reply.buttons == []  # nothing left to deny
        [menu] = reply.selects
        assert [o["label"] for o in menu["options"]] == ["Epistolary", "Boyz", "Nobz"]
        [other] = await h.click(menu["custom_id"], on=reply, user=BOB, values=["Boyz"])
        assert other.ephemeral and "picks the units within 6" in other.content
        [blast] = await h.click(menu["custom_id"], on=reply, values=["Epistolary", "Nobz"])
        text = blast.field('💥 Perils of the Warp (within 6")')
        assert "D3 = **3** on **Epistolary** — 1/1 models (5 W each), 2/5 W" in text
        assert "D3 = **1** on **Nobz** — 3/3 models (2 W each), 1/2 W" in text
        assert blast.selects == []  # picked once: the menu is gone


async def test_in_a_game_only_the_opponent_may_deny(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 5, 4])) as h:
        await psyker_game(h)
        [cast] = await h.slash("psychic", wc=7, power="Veil of Time", psyker="Librarian")
        deny = cast.button("Deny the Witch")["custom_id"]
        [bystander] = await h.click(deny, on=cast, user=CAROL)
        assert bystander.ephemeral and f"only <@{BOB.id}> can deny" in bystander.content
        [denied] = await h.click(deny, on=cast, user=BOB)
    assert "**denied**" in denied.field("🛡️ Deny the Witch")


async def test_a_bystander_cannot_name_a_tracked_psyker(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([])) as h:  # refused before rolling
        await psyker_game(h)
        [reply] = await h.slash("psychic", wc=7, power="Veil", psyker="Librarian", user=DAVE)
    assert reply.ephemeral and "Only the two players" in reply.content


async def test_smite_does_no_damage_when_perils_destroy_the_psyker(tmp_path: Path) -> None:
    async with Harness.running(tmp_path, dice=ScriptedDice([6, 6, 6])) as h:  # no damage die left
        await psyker_game(h, wounds=3)
        [reply] = await h.slash("smite", psyker="Librarian", target="Boyz")
    assert "destroyed by Perils: the power fails" in reply.field("Tracked unit")
    assert all(f["name"] != "Effect" for f in reply.embed["fields"])

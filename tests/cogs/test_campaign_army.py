"""/campaign unit add army: army_unit: through the command harness: a card from a unit of the
caller's army (weapons and keywords), linking an existing card without losing its XP, each
refusal in one sentence, the bounds, autocomplete, and a card fielded in a campaign battle
attacking with its army weapons."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.armies.model import Army, ArmyUnit, ArmyWeapon, Edition, ModelProfile
from bot.campaign.events import CardEdited
from bot.rules.dice import ScriptedDice
from bot.store import armies
from tests.cogs.test_attack_in_game import to_phase
from tests.harness import ALICE, BOB, CHANNEL_ID, GUILD_ID, Harness, Rejected, Upload
from tests.harness.posts import public_posts


def squad(name: str, *, models: int = 1, points: int = 80, rifle_ap: str = "-1") -> ArmyUnit:
    marine = ModelProfile(name="Marine", models=models, movement='6"', toughness="4",
                          save="3+", wounds="2", leadership="6+", oc="2")  # fmt: skip
    rifle = ArmyWeapon(name="Bolt rifle", kind="ranged", count=models, range='24"',
                       attacks="2", skill="3+", strength="4", ap=rifle_ap, damage="1",
                       keywords=("Assault", "Sustained Hits 1"))  # fmt: skip
    return ArmyUnit(name=name, models=models, points=points, profiles=(marine,),
                    keywords=("Infantry", "Imperium"), weapons=(rifle,))  # fmt: skip


def strike_force(edition: Edition = "10th", *, points: int = 80) -> Army:
    units = (
        squad("Intercessor Squad", points=points),
        squad("Intercessor Squad", models=5, points=160),
        ArmyUnit(name="Scout Squad", models=5, wargear=("Sniper rifle",), missing=True),
    )
    return Army(name="Strike Force", edition=edition, source="vox-army", units=units)


async def vigilus(h: Harness, *, army: Army | None = None) -> None:
    await armies.save(h.bot.db, ALICE.id, army or strike_force())
    await h.slash("campaign create", name="Vigilus", edition="10th")
    await h.slash("campaign join", label="Orks", user=BOB, campaign="Vigilus")


async def test_a_card_takes_an_army_units_profile_weapons_and_keywords(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await vigilus(h)
        [reply] = await h.slash("campaign unit add", campaign="Vigilus", army="strike force",
                                army_unit="Intercessor Squad 2")  # fmt: skip
        state = (await h.bot.chronicle.find(GUILD_ID, "Vigilus")).state
    card = state.card("Intercessor Squad 2")
    assert card is not None and card.owner == ALICE.id and card.points == 160
    assert (card.army, card.army_unit) == ("Strike Force", "Intercessor Squad 2")
    assert card.profile.models == 5 and card.profile.keywords == ("INFANTRY", "IMPERIUM")
    assert [w.name for w in card.profile.weapons] == ["Bolt rifle"]
    assert not reply.ephemeral
    # every model carries a rifle, so no count is shown; its keywords are the game's abilities
    assert '**Bolt rifle** (24") A2 3+ S4 AP-1 D1 — assault, sustained hits 1' in reply.text
    assert "INFANTRY, IMPERIUM" in reply.text and "Strike Force" in reply.text
    assert "Note:" not in reply.text  # everything was carried over


async def test_a_card_says_what_fielding_does_not_apply(tmp_path: Path) -> None:
    plague = squad("Plague Marines", models=5)
    rifle = plague.weapons[0].model_copy(update={"count": 3, "keywords": ("Plague Weapon",)})
    army = strike_force().model_copy(
        update={"units": (plague.model_copy(update={"weapons": (rifle,)}),)}
    )
    async with Harness.running(tmp_path) as h:
        await vigilus(h, army=army)
        [reply] = await h.slash("campaign unit add", campaign="Vigilus", army="Strike Force",
                                army_unit="Plague Marines")  # fmt: skip
    assert not reply.ephemeral and "3× **Bolt rifle**" in reply.text
    assert "Note: Plague Weapon (on Bolt rifle): Vox shows it but does not apply it." in reply.text


async def test_an_existing_card_takes_the_profile_and_keeps_its_xp(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await vigilus(h)
        await h.slash("campaign unit add", campaign="Vigilus", name="Veterans", points=90,
                      models=1, wounds=2, toughness=4, save="3+")  # fmt: skip
        book = await h.bot.chronicle.find(GUILD_ID, "Vigilus")
        before = book.state.card("Veterans")
        assert before is not None and before.profile.weapons == ()
        earned = before.model_copy(update={"xp": 12, "honours": ("Hero",), "battles": 2})
        await h.bot.chronicle.act(book.record.id, ALICE.id,
                                  lambda s: [CardEdited(before=before, after=earned)])  # fmt: skip
        [reply] = await h.slash("campaign unit add", campaign="Vigilus", name="veterans",
                                army="Strike Force", army_unit="Intercessor Squad")  # fmt: skip
        state = (await h.bot.chronicle.find(GUILD_ID, "Vigilus")).state
        [undone] = await h.slash("campaign undo", campaign="Vigilus")
        after_undo = (await h.bot.chronicle.find(GUILD_ID, "Vigilus")).state.card("Veterans")
    card = state.card("Veterans")
    assert card is not None and len(state.cards) == 1
    assert (card.xp, card.honours, card.battles) == (12, ("Hero",), 2)
    assert [w.name for w in card.profile.weapons] == ["Bolt rifle"] and card.points == 80
    assert "its XP, honours and scars are kept" in reply.content
    assert not undone.ephemeral and after_undo == earned


async def test_refusals_are_one_sentence_and_change_nothing(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await vigilus(h)
        await armies.save(h.bot.db, ALICE.id, strike_force("9th").model_copy(
            update={"name": "Old Guard"}))  # fmt: skip
        await h.slash("campaign unit add", campaign="Vigilus", name="Boyz", points=80, models=10,
                      wounds=1, toughness=5, save="5+", user=BOB)  # fmt: skip
        asks: list[dict[str, Any]] = [
            {"army": "Old Guard", "army_unit": "Intercessor Squad"},
            {"army": "Nothing", "army_unit": "Intercessor Squad"},
            {"army": "Strike Force", "army_unit": "Terminators"},
            {"army": "Strike Force", "army_unit": "Scout Squad"},
            {"army": "Strike Force"},
            {"army": "Strike Force", "army_unit": "Intercessor Squad", "wounds": 3},
            {"name": "Boyz", "army": "Strike Force", "army_unit": "Intercessor Squad"},
            {"name": "Hand-made", "points": 50, "models": 5},
        ]
        replies = [await h.slash("campaign unit add", campaign="Vigilus", **a) for a in asks]
        state = (await h.bot.chronicle.find(GUILD_ID, "Vigilus")).state
    said = [r.content for [r] in replies]
    assert all(r.ephemeral for [r] in replies)
    assert all(s.count(". ") == 0 and s.endswith((".", "?")) for s in said), said
    assert "is a 9th-edition army and Vigilus is played in 10th" in said[0]
    assert said[1] == 'You have no army called "Nothing"; did you mean "Old Guard"?'  # as /army
    assert "has no unit called" in said[2]
    assert "Scout Squad has no profile in Strike Force" in said[3]
    assert "Pick both army: and army_unit:" in said[4]
    assert "leave out models, wounds" in said[5]
    assert said[6] == 'A card called "Boyz" already exists; pick another name.'  # Bob's
    assert "Type the unit's name, points, models, wounds, toughness and save" in said[7]
    assert [c.name for c in state.cards.values()] == ["Boyz"]


async def test_the_army_options_are_bounded(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        with pytest.raises(Rejected):
            await h.slash("campaign unit add", campaign="Vigilus", army="x" * 101,
                          army_unit="Squad")  # fmt: skip
        with pytest.raises(Rejected):
            await h.slash("campaign unit add", campaign="Vigilus", army="Strike Force",
                          army_unit="x" * 111)  # fmt: skip
        [long] = await h.slash("campaign unit add", campaign="Vigilus", army=" ",
                               army_unit="Squad")  # fmt: skip
    assert long.ephemeral and "the army name between 1 and 100" in long.content


async def test_autocomplete_offers_the_callers_armies_and_their_units(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await vigilus(h)
        named = await h.autocomplete("campaign unit add", "army", campaign="Vigilus", army="str")
        bobs = await h.autocomplete("campaign unit add", "army", user=BOB, campaign="Vigilus",
                                    army="")  # fmt: skip
        units = await h.autocomplete("campaign unit add", "army_unit", campaign="Vigilus",
                                     army="Strike Force", army_unit="inter")  # fmt: skip
    assert [c["value"] for c in named] == ["Strike Force"]
    assert bobs == []  # armies are their player's
    assert [c["value"] for c in units] == ["Intercessor Squad", "Intercessor Squad 2"]


async def test_a_card_from_an_army_is_fielded_and_attacks_with_its_weapons(
    tmp_path: Path,
) -> None:
    # Bolt rifle, 2 attacks: hits 4 4, wounds 6 6 (S4 against T5); a 6+ save at AP-1 is no save.
    async with Harness.running(tmp_path, dice=ScriptedDice([4, 4, 6, 6, 1])) as h:
        await vigilus(h)
        await h.slash("campaign unit add", campaign="Vigilus", name="Sternguard",
                      army="Strike Force", army_unit="Intercessor Squad")  # fmt: skip
        await h.slash("campaign unit add", name="Boyz", points=80, models=2, wounds=1,
                      toughness=5, save="6+", user=BOB, campaign="Vigilus")  # fmt: skip
        await h.slash("game start", opponent=BOB, first="me", campaign="Vigilus")
        await h.slash("campaign field", unit="Sternguard")
        await h.slash("campaign field", unit="Boyz", user=BOB)
        unit = (await h.bot.tracker.require(CHANNEL_ID)).state.unit("Sternguard")
        await to_phase(h, "shooting")
        posts = public_posts(await h.slash("attack", attacker="Sternguard", target="Boyz"))
    assert unit is not None and [w.name for w in unit.profile.weapons] == ["Bolt rifle"]
    text = "\n".join(p.text for p in posts)
    assert "Bolt rifle" in text and "Boyz" in text and "destroyed" in text.lower(), text


async def test_re_importing_the_army_updates_its_cards_and_says_so(tmp_path: Path) -> None:
    """The issue: "re-importing an updated list updates the cards' profiles without touching
    their XP, honours and scars" — through /army import update:True, whose reply names them."""
    async with Harness.running(tmp_path) as h:
        await h.slash("army import", file=Upload("sf.json", strike_force().to_json().encode()))
        await h.slash("campaign create", name="Vigilus", edition="10th")
        await h.slash("campaign unit add", campaign="Vigilus", army="Strike Force",
                      army_unit="Intercessor Squad")  # fmt: skip
        sharper = strike_force().model_copy(
            update={"units": (squad("Intercessor Squad", rifle_ap="-2", points=90),)}
        )
        [reply] = await h.slash(
            "army import", file=Upload("sf.json", sharper.to_json().encode()), update=True
        )
        card = (await h.bot.chronicle.find(GUILD_ID, "Vigilus")).state.card("Intercessor Squad")
    assert reply.content.startswith("✅ Updated **Strike Force**")
    assert "Campaign cards updated: Intercessor Squad." in reply.content
    assert card is not None and card.points == 90 and card.xp == 0
    assert [w.ap for w in card.profile.weapons] == [-2]

"""Re-importing an army updates the campaign cards made from it: in every campaign of the server,
one event per campaign recorded as the player, XP and honours untouched, units that left the
list reported, and undone by /campaign undo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.armies.model import Army
from bot.campaign.events import CardEdited, ProfilesUpdated
from bot.play.actor import Actor
from bot.play.campaign_armies import Refreshed, refresh_report
from bot.store import armies
from tests.cogs.test_campaign_army import squad, strike_force
from tests.harness import ALICE, BOB, CHANNEL_ID, GUILD_ID, Harness

ME = Actor(ALICE.id, CHANNEL_ID, GUILD_ID)


class NoServices:
    """Any use of a service fails the test."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"{name} was used")


def reimported() -> Army:
    """The list changed: the first squad's rifles are AP-2 and it costs 90; the second is gone."""
    changed = squad("Intercessor Squad", points=90, rifle_ap="-2")
    return strike_force().model_copy(update={"units": (changed,)})


async def campaigns(h: Harness) -> None:
    """Alice's cards from her Strike Force in two campaigns (one with 12 XP), and Bob's card from
    his own army of the same name."""
    await armies.save(h.bot.db, ALICE.id, strike_force())
    await armies.save(h.bot.db, BOB.id, strike_force())
    for name in ("Vigilus", "Armageddon"):
        await h.slash("campaign create", name=name, edition="10th")
        await h.slash("campaign join", user=BOB, campaign=name)
        await h.slash("campaign unit add", campaign=name, army="Strike Force",
                      army_unit="Intercessor Squad")  # fmt: skip
    await h.slash("campaign unit add", campaign="Vigilus", army="Strike Force",
                  army_unit="Intercessor Squad 2")  # fmt: skip
    await h.slash("campaign unit add", campaign="Vigilus", army="Strike Force", name="Bob's",
                  army_unit="Intercessor Squad", user=BOB)  # fmt: skip
    book = await h.bot.chronicle.find(GUILD_ID, "Vigilus")
    before = book.state.card("Intercessor Squad")
    assert before is not None
    earned = before.model_copy(update={"xp": 12, "honours": ("Hero",), "kills": 3})
    await h.bot.chronicle.act(book.record.id, ALICE.id,
                              lambda s: [CardEdited(before=before, after=earned)])  # fmt: skip


async def test_a_reimport_updates_the_players_cards_in_every_campaign(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await campaigns(h)
        done = await refresh_report(h.bot, ME, GUILD_ID, reimported())
        vigilus = await h.bot.chronicle.find(GUILD_ID, "Vigilus")
        armageddon = await h.bot.chronicle.find(GUILD_ID, "Armageddon")
        again = await refresh_report(h.bot, ME, GUILD_ID, reimported())
    assert done.updated == ("Intercessor Squad", "Intercessor Squad")
    assert done.left == ("Intercessor Squad 2",)
    assert "kept as they were: Intercessor Squad 2" in done.sentence
    for book in (vigilus, armageddon):
        last = book.events[-1]
        assert isinstance(last.event, ProfilesUpdated) and last.actor == ALICE.id
        assert len(last.event.updates) == 1  # one event per campaign
        card = book.state.card("Intercessor Squad")
        assert card is not None and card.points == 90
        assert [w.ap for w in card.profile.weapons] == [-2]
    card = vigilus.state.card("Intercessor Squad")
    assert card is not None and (card.xp, card.honours, card.kills) == (12, ("Hero",), 3)
    kept = vigilus.state.card("Intercessor Squad 2")
    bobs = vigilus.state.card("Bob's")
    assert kept is not None and kept.points == 160  # its unit left the list: as it was
    assert bobs is not None and bobs.points == 80  # Bob's army is his own
    assert again.updated == ()  # nothing changed since


async def test_campaign_undo_takes_a_refresh_back(tmp_path: Path) -> None:
    async with Harness.running(tmp_path) as h:
        await campaigns(h)
        before = (await h.bot.chronicle.find(GUILD_ID, "Vigilus")).state.cards
        assert len((await refresh_report(h.bot, ME, GUILD_ID, reimported())).updated) == 2
        [undone] = await h.slash("campaign undo", campaign="Vigilus")
        after = (await h.bot.chronicle.find(GUILD_ID, "Vigilus")).state.cards
    assert "profiles updated" in undone.text
    assert after == before


async def test_an_army_without_cards_or_server_changes_nothing(tmp_path: Path) -> None:
    services: Any = NoServices()
    assert await refresh_report(services, ME, None, reimported()) == Refreshed()
    async with Harness.running(tmp_path) as h:
        await campaigns(h)
        other = reimported().model_copy(update={"name": "Second Company"})
        done = await refresh_report(h.bot, ME, GUILD_ID, other)
        book = await h.bot.chronicle.find(GUILD_ID, "Vigilus")
    assert done.updated == done.left == done.refused == () and done.sentence == ""
    assert not isinstance(book.events[-1].event, ProfilesUpdated)
